import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkContent,
  formatSummary,
  mediaFileOf,
  type CheckOptions,
  type ContentFile,
  type ContentSet,
} from "~/content/check";
import { contentTypeSchemas } from "~/content/content-types";
import { blokBase, bloksSchema, linkSchema, richTextSchema } from "~/content/schema";

// Small stand-ins for the registered blocks keep this test free of React imports.
const pageSchema = z
  .object({ ...blokBase, component: z.literal("page"), title: z.string().optional(), body: bloksSchema.optional() })
  .loose();
const buttonSchema = z
  .object({ ...blokBase, component: z.literal("button"), label: z.string().optional(), link: linkSchema.optional() })
  .loose();
const textContentSchema = z
  .object({
    ...blokBase,
    component: z.literal("text-content"),
    content: richTextSchema.optional(),
    button: z.array(buttonSchema).optional(),
  })
  .loose();

const options: CheckOptions = {
  schemas: { ...contentTypeSchemas, page: pageSchema, "text-content": textContentSchema, button: buttonSchema },
  allowUnknownIn: ["test/unknown-block"],
};

let counter = 0;
function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}
function uid(): string {
  counter += 1;
  return `uid-${counter}`;
}

type Obj = Record<string, unknown>;

function story(fullSlug: string, n: number, content: Obj, extra: Obj = {}): Obj {
  return {
    id: 1000 + n,
    uuid: uuid(n),
    name: fullSlug,
    slug: fullSlug.split("/").pop(),
    full_slug: fullSlug,
    content: { _uid: uid(), ...content },
    created_at: "2025-01-01T00:00:00.000Z",
    updated_at: "2025-01-02T00:00:00.000Z",
    published_at: "2025-01-02T00:00:00.000Z",
    first_published_at: "2025-01-02T00:00:00.000Z",
    is_startpage: false,
    ...extra,
  };
}

function file(s: Obj, path?: string): ContentFile {
  const p = path ?? (s.is_startpage ? `${String(s.full_slug)}/index.json` : `${String(s.full_slug)}.json`);
  return { path: p, text: JSON.stringify(s) };
}

function storyLink(fullSlug: string, n: number): Obj {
  return { id: uuid(n), url: "", linktype: "story", fieldtype: "multilink", cached_url: fullSlug };
}

function textContent(extra: Obj = {}): Obj {
  return {
    _uid: uid(),
    component: "text-content",
    content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }] },
    ...extra,
  };
}

function media(file: string): Obj {
  return { id: 1, alt: "", filename: `/media/${file}`, fieldtype: "asset" };
}

/** A small, valid content set: a page, a news index and article, a model line, a colour and a model. */
function cleanSet(): { stories: Obj[]; set: () => ContentSet } {
  const stories: Obj[] = [
    story("home", 1, {
      component: "page",
      title: "Home",
      body: [
        textContent({
          button: [{ _uid: uid(), component: "button", label: "Offers", link: storyLink("news", 2) }],
          content: {
            type: "doc",
            content: [
              {
                type: "paragraph",
                content: [
                  {
                    type: "text",
                    text: "Read the news",
                    marks: [{ type: "link", attrs: { href: "/news/launch", uuid: uuid(3), linktype: "story", anchor: null } }],
                  },
                ],
              },
              { type: "blok", attrs: { id: "x", body: [textContent()] } },
            ],
          },
        }),
      ],
    }),
    story("news", 2, { component: "page", title: "News", body: [] }, { is_startpage: true, slug: "news" }),
    story("news/launch", 3, {
      component: "news-detail",
      title: "Launch",
      news_categories: ["product-news"],
      banner_image: media("banner-launch.jpg"),
      body: [textContent()],
    }),
    story("car-configurator/models/tarrak", 4, {
      component: "model-line",
      name: "Tarrak",
      slug: "tarrak",
      vehicle_category: "SUV",
    }),
    story("car-configurator/colours/tarrak-white", 5, { component: "colour", name: "White", hex: "#FFFFFF", price: "0" }),
    story("car-configurator/models/tarrak/au/gx", 6, {
      component: "model-au",
      name: "Tarrak GX",
      driveaway_abn_price: "50490",
      colours: [uuid(5)],
      model_line: uuid(4),
      engines: [{ _uid: uid(), component: "option", name: "2.4T", price: "0", component_type: "Engine", model_colours: [uuid(5)] }],
      balloon: { fieldtype: "table", thead: [{ _uid: uid(), value: "Term", component: "_table_head" }], tbody: [] },
    }),
    story("models/suv/tarrak", 7, { component: "page", title: "Tarrak", body: [] }),
  ];
  return {
    stories,
    set: () => ({
      stories: stories.map((s) => file(s)),
      datasources: [{ slug: "news-categories", text: JSON.stringify([{ id: 1, name: "Product", value: "product-news" }]) }],
      assets: new Set(["banner-launch.jpg"]),
    }),
  };
}

function run(set: ContentSet, opts: Partial<CheckOptions> = {}) {
  return checkContent(set, { ...options, ...opts });
}

describe("content check", () => {
  it("passes a clean content set and counts stories and bloks", () => {
    const result = run(cleanSet().set());
    expect(result.errors).toEqual([]);
    expect(result.stats.stories).toBe(7);
    // 7 roots + home text-content + its button + embedded text-content + news text-content + option
    expect(result.stats.bloks).toBe(12);
    expect(formatSummary(result)).toBe("content:check: 7 stories, 12 bloks, 0 errors");
  });

  it("reports invalid JSON and missing story fields", () => {
    const set = cleanSet().set();
    const broken = { ...cleanSet().stories[0] } as Obj;
    delete broken.uuid;
    const result = run({
      ...set,
      stories: [...set.stories, { path: "bad.json", text: "{ nope" }, file({ ...broken, full_slug: "other", slug: "other", id: 77 })],
    });
    expect(result.errors.some((e) => e.kind === "json" && e.file === "stories/bad.json")).toBe(true);
    expect(result.errors.some((e) => e.kind === "story" && e.file === "stories/other.json" && e.path === "uuid")).toBe(true);
  });

  it("reports duplicate ids, uuids, full_slugs and _uids", () => {
    const { stories, set } = cleanSet();
    const base = set();
    const copy = JSON.parse(JSON.stringify(stories[6])) as Obj;
    const result = run({ ...base, stories: [...base.stories, file(copy, "models/suv/tarrak/index.json")] });
    const dups = result.errors.filter((e) => e.kind === "duplicate").map((e) => e.path);
    expect(dups).toEqual(expect.arrayContaining(["id", "uuid", "full_slug", "content._uid"]));
  });

  it("allows a draft to repeat its story's _uids but not another story's", () => {
    const { stories, set } = cleanSet();
    stories[2].draft = { content: JSON.parse(JSON.stringify(stories[2].content)) };
    expect(run(set()).errors).toEqual([]);
    stories[1].draft = { content: JSON.parse(JSON.stringify(stories[2].content)) };
    expect(run(set()).errors.some((e) => e.kind === "duplicate" && e.path.startsWith("draft.content"))).toBe(true);
  });

  it("reports a file path that does not match full_slug", () => {
    const { stories, set } = cleanSet();
    const base = set();
    base.stories = base.stories.map((f) => (f.path === "news/launch.json" ? { ...f, path: "news/launched.json" } : f));
    stories[1].is_startpage = false;
    const result = run({ ...base, stories: base.stories.map((f) => (f.path === "news/index.json" ? file(stories[1], "news/index.json") : f)) });
    const paths = result.errors.filter((e) => e.kind === "file-path");
    expect(paths.some((e) => e.file === "stories/news/launched.json" && /news\/launch\.json/.test(e.message))).toBe(true);
    expect(paths.some((e) => e.file === "stories/news/index.json" && e.path === "is_startpage")).toBe(true);
  });

  it("reports a content type in the wrong place of the story tree", () => {
    const { stories, set } = cleanSet();
    (stories[2].content as Obj).component = "page";
    const result = run(set());
    expect(result.errors.some((e) => e.kind === "tree" && e.file === "stories/news/launch.json")).toBe(true);
  });

  it("reports unknown components at any depth, including richtext blok nodes, except in the allow-listed story", () => {
    const { stories, set } = cleanSet();
    const home = stories[0].content as Obj;
    const doc = ((home.body as Obj[])[0].content as Obj).content as Obj[];
    ((doc[1].attrs as Obj).body as Obj[]).push({ _uid: uid(), component: "legacy-promo-strip" });
    stories.push(
      story("test/unknown-block", 8, { component: "page", body: [{ _uid: uid(), component: "legacy-promo-strip" }] }),
    );
    const result = run(set());
    const unknown = result.errors.filter((e) => e.kind === "unknown-blok");
    expect(unknown).toHaveLength(1);
    expect(unknown[0].file).toBe("stories/home.json");
    expect(unknown[0].path).toBe("content.body[0].content.content[1].attrs.body[1]");
    expect(result.allowedUnknown).toHaveLength(1);
  });

  it("reports schema failures with the path and zod message, once per nested blok", () => {
    const { stories, set } = cleanSet();
    const model = stories[5].content as Obj;
    (model.engines as Obj[])[0].component_type = "Jet";
    model.driveaway_abn_price = ["50490"];
    const result = run(set());
    const blokErrors = result.errors.filter((e) => e.kind === "blok");
    expect(blokErrors.map((e) => e.path).sort()).toEqual(["content.driveaway_abn_price", "content.engines[0].component_type"]);
    expect(blokErrors[0].message).toMatch(/model-au|option/);
  });

  it("validates translated fields as the site sees them per language", () => {
    const { stories, set } = cleanSet();
    (stories[4].content as Obj).hex__i18n__nz = 42;
    (stories[4].content as Obj).name__i18n__au = "";
    const result = run(set());
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].path).toBe("content.hex");
    expect(result.errors[0].message).toMatch(/language nz/);
  });

  it("does not treat Storyblok table parts as bloks", () => {
    const result = run(cleanSet().set());
    expect(result.errors.filter((e) => e.kind === "unknown-blok")).toEqual([]);
  });

  it("reports broken relations and relations to the wrong content type", () => {
    const { stories, set } = cleanSet();
    const model = stories[5].content as Obj;
    model.colours = [uuid(5), uuid(99)];
    model.model_line = uuid(5);
    model.trims__i18n__nz = [uuid(98)];
    const result = run(set());
    const rel = result.errors.filter((e) => e.kind === "relation");
    expect(rel.map((e) => e.path).sort()).toEqual(["content.colours[1]", "content.model_line", "content.trims__i18n__nz[0]"]);
    expect(rel.find((e) => e.path === "content.model_line")?.message).toMatch(/expected model-line/);
  });

  it("reports story links to missing stories, stale cached_urls and broken richtext links", () => {
    const { stories, set } = cleanSet();
    const body = (stories[0].content as Obj).body as Obj[];
    (body[0].button as Obj[])[0].link = storyLink("news", 55);
    body.push(textContent({ button: [{ _uid: uid(), component: "button", link: storyLink("offers", 2) }] }));
    stories[2].content = {
      ...(stories[2].content as Obj),
      body: [
        textContent({
          content: {
            type: "doc",
            content: [
              {
                type: "paragraph",
                content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "/gone", uuid: null, linktype: "story" } }] }],
              },
            ],
          },
        }),
      ],
    };
    const result = run(set());
    const links = result.errors.filter((e) => e.kind === "link").map((e) => e.message);
    expect(links).toHaveLength(3);
    expect(links.some((m) => /missing story 00000000-0000-4000-8000-000000000055/.test(m))).toBe(true);
    expect(links.some((m) => /"offers" has no story/.test(m))).toBe(true);
    expect(links.some((m) => /href "gone" has no story/.test(m))).toBe(true);
  });

  it("reports a story link with a path but an empty id; an empty link field is fine", () => {
    const { stories, set } = cleanSet();
    const body = (stories[0].content as Obj).body as Obj[];
    (body[0].button as Obj[])[0].link = { ...storyLink("news", 0), id: "" };
    body.push(textContent({ button: [{ _uid: uid(), component: "button", link: { id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: "" } }] }));
    const result = run(set());
    expect(result.errors.filter((e) => e.kind === "link").map((e) => [e.path, e.message])).toEqual([
      ["content.body[0].button[0].link", 'story link to "news" has an empty id: pick the story, not a path'],
    ]);
  });

  it("reports missing /media files, or only lists them with skipAssets", () => {
    const { stories, set } = cleanSet();
    (stories[3].content as Obj).image = media("tarrak-front.png");
    const strict = run(set());
    expect(strict.errors).toHaveLength(1);
    expect(strict.errors[0]).toMatchObject({ kind: "asset", path: "content.image.filename" });
    expect(strict.missingAssets).toEqual(["tarrak-front.png"]);
    const skipped = run(set(), { skipAssets: true });
    expect(skipped.errors).toEqual([]);
    expect(skipped.missingAssets).toEqual(["tarrak-front.png"]);
  });

  it("reports news categories missing from the datasource", () => {
    const { stories, set } = cleanSet();
    (stories[2].content as Obj).news_categories = ["product-news", "gossip"];
    const result = run(set());
    expect(result.errors).toEqual([
      expect.objectContaining({ kind: "datasource", path: "content.news_categories[1]" }),
    ]);
    const noDatasource = run({ ...set(), datasources: [] });
    expect(noDatasource.errors.some((e) => e.kind === "datasource")).toBe(true);
  });

  it("reports a malformed datasource", () => {
    const result = run({ ...cleanSet().set(), datasources: [{ slug: "news-categories", text: '[{"name": 1}]' }] });
    expect(result.errors.some((e) => e.kind === "datasource" && e.file === "datasources/news-categories.json")).toBe(true);
  });

  it("reports a model page without a matching model line", () => {
    const { stories, set } = cleanSet();
    stories.push(story("models/ute/kordan", 9, { component: "page", body: [] }));
    const result = run(set());
    expect(result.errors).toEqual([expect.objectContaining({ kind: "tree", file: "stories/models/ute/kordan.json" })]);
  });

  it("maps /media references to asset file names", () => {
    expect(mediaFileOf("/media/hero.jpg")).toBe("hero.jpg");
    expect(mediaFileOf("/media/hero.jpg/m/800x0/filters:format(webp)")).toBe("hero.jpg");
    expect(mediaFileOf("https://a.example/media/hero.jpg")).toBeNull();
  });
});

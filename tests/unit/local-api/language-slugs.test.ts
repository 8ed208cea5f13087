/**
 * Slugs under `language=<code>` as Storyblok's CDN v2 answers them (sources in
 * docs/decisions/050-storyblok-slugs-under-a-language.md): the language in front of full_slug and
 * of story links, `lang` set, lookups by the slug without the language, start pages as `folder/`.
 */
import { afterAll, describe, expect, it } from "vitest";
import { apiFor, get, removeDir, slugsOf, storyFiles } from "./content-fixture";

const storyLink = { id: "uuid-3", url: "", linktype: "story", fieldtype: "multilink", cached_url: "news/beta" };
const richText = {
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        {
          type: "text",
          text: "Beta",
          marks: [{ type: "link", attrs: { href: "news/beta", uuid: "uuid-3", linktype: "story", anchor: null, target: "_self" } }],
        },
      ],
    },
  ],
};
const urlLink = { id: "", url: "https://example.com/x", linktype: "url", fieldtype: "multilink", cached_url: "https://example.com/x" };

const { handler, dir } = apiFor(
  storyFiles(
    { id: 1, full_slug: "home", content: { title: "Home" } },
    { id: 2, full_slug: "news", file: "news/index", is_startpage: true, name: "News", position: -10 },
    {
      id: 4,
      full_slug: "news/alpha",
      content: { title: "Alpha", title__i18n__nz: "Alpha NZ", link: storyLink, external: urlLink, body: richText, related: ["uuid-3"] },
    },
    { id: 3, full_slug: "news/beta", content: { title: "Beta" } },
  ),
);
afterAll(() => removeDir(dir));

describe("a story under a language", () => {
  it("carries the language in front of full_slug and in lang", async () => {
    const nz = (await get(handler, "stories/news/alpha?language=nz")).body.story;
    expect(nz.full_slug).toBe("nz/news/alpha");
    expect(nz.slug).toBe("alpha");
    expect(nz.lang).toBe("nz");
    const au = (await get(handler, "stories/news/alpha?language=au")).body.story;
    expect(au.full_slug).toBe("au/news/alpha");
    expect(au.lang).toBe("au");
  });

  it("keeps the stored slug and lang default without a language", async () => {
    for (const query of ["", "?language=default"]) {
      const story = (await get(handler, `stories/news/alpha${query}`)).body.story;
      expect(story.full_slug, query).toBe("news/alpha");
      expect(story.lang, query).toBe("default");
    }
  });

  it("has no translated slugs without the Translatable Slugs app", async () => {
    const story = (await get(handler, "stories/news/alpha?language=nz")).body.story;
    expect(story.default_full_slug).toBeNull();
    expect(story.translated_slugs).toBeNull();
    expect(story.alternates).toEqual([]);
  });

  it("is found by the slug without the language, never with it", async () => {
    expect((await get(handler, "stories/news/alpha?language=nz")).status).toBe(200);
    expect((await get(handler, "stories/nz/news/alpha?language=nz")).status).toBe(404);
    expect((await get(handler, "stories/nz/news/alpha")).status).toBe(404);
  });

  it("reports a folder's start page with a trailing slash, found with or without it", async () => {
    expect((await get(handler, "stories/news")).body.story.full_slug).toBe("news/");
    expect((await get(handler, "stories/news/")).body.story.full_slug).toBe("news/");
    expect((await get(handler, "stories/news?language=nz")).body.story.full_slug).toBe("nz/news/");
  });
});

describe("story links under a language", () => {
  it("prefix a multilink's cached_url and a rich-text link's href with /<code>/", async () => {
    const { content } = (await get(handler, "stories/news/alpha?language=nz")).body.story;
    expect(content.link.cached_url).toBe("/nz/news/beta");
    expect(content.body.content[0].content[0].marks[0].attrs.href).toBe("/nz/news/beta");
    expect(content.external.cached_url).toBe("https://example.com/x");
  });

  it("stay as stored without a language", async () => {
    const { content } = (await get(handler, "stories/news/alpha")).body.story;
    expect(content.link.cached_url).toBe("news/beta");
    expect(content.body.content[0].content[0].marks[0].attrs.href).toBe("news/beta");
  });

  it("resolve (resolve_links=url and link) to the target's full_slug with the language", async () => {
    const url = (await get(handler, "stories/news/alpha?language=nz&resolve_links=url")).body.links;
    expect(url).toEqual([{ id: 3, uuid: "uuid-3", name: "Story 3", slug: "beta", full_slug: "nz/news/beta", url: "nz/news/beta" }]);
    const link = (await get(handler, "stories/news/alpha?language=au&resolve_links=link")).body.links[0];
    expect(link.full_slug).toBe("au/news/beta");
    expect(link.slug).toBe("au/news/beta");
  });

  it("resolve (resolve_links=story) to the whole story under the language", async () => {
    const [story] = (await get(handler, "stories/news/alpha?language=nz&resolve_links=story")).body.links;
    expect(story.full_slug).toBe("nz/news/beta");
    expect(story.lang).toBe("nz");
  });
});

describe("lists and relations under a language", () => {
  it("answer starts_with by the slug without the language, start page included", async () => {
    const res = await get(handler, "stories?starts_with=news/&language=nz");
    expect(slugsOf(res.body)).toEqual(["nz/news/", "nz/news/alpha", "nz/news/beta"]);
    expect(slugsOf((await get(handler, "stories?starts_with=nz/news/&language=nz")).body)).toEqual([]);
    const noStart = await get(handler, "stories?starts_with=news/&is_startpage=false&language=nz");
    expect(slugsOf(noStart.body)).toEqual(["nz/news/alpha", "nz/news/beta"]);
  });

  it("answer by_slugs by the slug without the language", async () => {
    expect(slugsOf((await get(handler, "stories?by_slugs=news/alpha,news/&language=au")).body)).toEqual(["au/news/", "au/news/alpha"]);
    expect(slugsOf((await get(handler, "stories?by_slugs=au/news/alpha&language=au")).body)).toEqual([]);
  });

  it("filter on a translated field under its language", async () => {
    const res = await get(handler, "stories?language=nz&filter_query[title__i18n__nz][in]=Alpha%20NZ");
    expect(slugsOf(res.body)).toEqual(["nz/news/alpha"]);
  });

  it("render related stories (rels) under the language", async () => {
    const rels = (await get(handler, "stories/news/alpha?language=nz&resolve_relations=page.related")).body.rels;
    expect(rels.map((s: { full_slug: string; lang: string }) => [s.full_slug, s.lang])).toEqual([["nz/news/beta", "nz"]]);
  });

  it("leave cdn/links without the language (start page as folder/)", async () => {
    const { links } = (await get(handler, "links?language=nz")).body;
    expect(links["uuid-4"].slug).toBe("news/alpha");
    expect(links["uuid-4"].real_path).toBe("/news/alpha");
    expect(links["uuid-2"].slug).toBe("news/");
    expect(slugsOfLinks((await get(handler, "links?starts_with=news/")).body.links)).toEqual(["news/", "news/alpha", "news/beta"]);
  });
});

function slugsOfLinks(links: Record<string, { slug: string }>): string[] {
  return Object.values(links)
    .map((l) => l.slug)
    .sort();
}

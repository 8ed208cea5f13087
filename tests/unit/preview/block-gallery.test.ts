import { beforeAll, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { blockRegistry } from "~/blocks/index";
import { blockSchemas } from "~/blocks/schemas";
import { collectBlockExamples, describeBlockFields, typeLabel, type GalleryStory } from "~/pages/block-gallery";
import { createHash } from "node:crypto";
import { blockGalleryAllowed, loadGalleryStories } from "~/pages/block-gallery.server";
import { getEnv } from "~/server/env.server";
import { sitemapPath } from "~/features/seo/sitemap";

process.env.CONTENT_DIR = "content-fixtures";
process.env.STORYBLOK_TOKEN = "";

type Loader = (args: LoaderFunctionArgs) => unknown;
let gallery: Loader;
let stories: GalleryStory[] = [];
beforeAll(async () => {
  gallery = (await import("~/routes/$country.[_blocks]")).loader;
  stories = [...(await loadGalleryStories("au", "published")), ...(await loadGalleryStories("nz", "published"))];
}, 60_000);

describe("block gallery coverage", () => {
  // The registry is read at run time: blocks registered by anyone are covered once they merge.
  it("every registered block has at least one example in the content", () => {
    const names = Object.keys(blockRegistry);
    expect(names.length).toBeGreaterThan(0);
    const examples = collectBlockExamples(stories, names);
    const missing = names.filter((name) => (examples[name] ?? []).length === 0);
    expect(missing, `registered blocks without an example (add one to content-fixtures/stories/blocks/): ${missing.join(", ")}`).toEqual([]);
  });

  it("every registered block's schema gives the gallery its fields", () => {
    expect(Object.keys(blockSchemas).sort()).toEqual(Object.keys(blockRegistry).sort());
    for (const [name, schema] of Object.entries(blockSchemas)) {
      expect(describeBlockFields(schema).length, name).toBeGreaterThan(0);
    }
  });
});

/** The gallery's URL signed as the visual editor signs a preview (the local content's default secret). */
function signedGalleryUrl(secret = "kestrel-local-preview"): string {
  const ts = Math.floor(Date.now() / 1000);
  const token = createHash("sha1").update(`1:${secret}:${ts}`).digest("hex");
  const params = new URLSearchParams({ _storyblok: "1", "_storyblok_tk[space_id]": "1", "_storyblok_tk[timestamp]": String(ts), "_storyblok_tk[token]": token });
  return `http://localhost/au/_blocks?${params}`;
}

describe("block gallery page", () => {
  it("is shown only in development or a verified preview: a 404 for anyone else in production", async () => {
    const env = getEnv();
    const production = { ...env, NODE_ENV: "production" as const };
    expect(blockGalleryAllowed(new Request("http://localhost/au/_blocks"), production)).toBe(false);
    expect(blockGalleryAllowed(new Request(signedGalleryUrl("guessed")), production)).toBe(false);
    expect(blockGalleryAllowed(new Request(signedGalleryUrl()), production)).toBe(true);
    expect(blockGalleryAllowed(new Request("http://localhost/au/_blocks"), { ...env, NODE_ENV: "development" })).toBe(true);
    const refused = await Promise.resolve(gallery({ request: new Request("http://localhost/au/_blocks"), params: { country: "au" }, context: {} })).then(
      () => null,
      (thrown: { init?: { status?: number } }) => thrown,
    );
    expect(refused?.init?.status).toBe(404);
  });

  it("lists every registered block with fields and examples, not indexed", async () => {
    const result = (await gallery({ request: new Request(signedGalleryUrl()), params: { country: "au" }, context: {} })) as {
      data: { entries: { name: string; fields: unknown[]; examples: { place: string; story: { full_slug: string } }[] }[] };
      init: { headers: Record<string, string> };
    };
    expect(result.data.entries.map((e) => e.name)).toEqual(Object.keys(blockRegistry).sort());
    const hero = result.data.entries.find((e) => e.name === "hero-banner");
    expect(hero?.examples.length).toBeGreaterThanOrEqual(2);
    expect(hero?.examples.every((e) => e.story.full_slug.startsWith("blocks/") && e.place === "top")).toBe(true);
    const news = result.data.entries.find((e) => e.name === "news-detail");
    expect(news?.examples).toEqual([expect.objectContaining({ place: "root" })]);
    expect(new Headers(result.init.headers).get("X-Robots-Tag")).toBe("noindex, nofollow");
    // The gallery runs every block's loader on first use: slow on a busy machine.
  }, 30_000);
});

describe("example selection", () => {
  const blok = (component: string, uid: string, extra: Record<string, unknown> = {}) => ({ _uid: uid, component, ...extra });
  const story = (full_slug: string, content: unknown): GalleryStory => ({ name: full_slug, full_slug, content });

  it("prefers the gallery pages' body bloks, else one from another story (body, nested, then root)", () => {
    const list = [
      story("models/x", blok("page", "p1", { body: [blok("cta-panel", "c1"), blok("grid", "g1", { items: [blok("card", "k1")] })] })),
      story("blocks/cards", blok("page", "p2", { body: [blok("cta-panel", "c2"), blok("cta-panel", "c3", { inner: [blok("cta-panel", "c4")] })] })),
      story("news/a", blok("news-detail", "n1", { body: [] })),
    ];
    const result = collectBlockExamples(list, ["cta-panel", "card", "news-detail", "missing"]);
    expect(result["cta-panel"]?.map((e) => e.blok._uid)).toEqual(["c2", "c3"]);
    expect(result.card?.map((e) => [e.blok._uid, e.place])).toEqual([["k1", "nested"]]);
    expect(result["news-detail"]?.map((e) => [e.blok._uid, e.place])).toEqual([["n1", "root"]]);
    expect(result.missing).toEqual([]);
    const many = [story("blocks/x", blok("page", "p", { body: ["a", "b", "c", "d"].map((id) => blok("cta-panel", id)) }))];
    expect(collectBlockExamples(many, ["cta-panel"])["cta-panel"]?.map((e) => e.blok._uid)).toEqual(["a", "b", "c"]);
  });

  it("does not take examples from resolved relations (other stories inside the content)", () => {
    const related = { uuid: "u", full_slug: "offers/a", content: blok("cta-panel", "r1") };
    const result = collectBlockExamples([story("home", blok("page", "p", { body: [blok("grid", "g", { model: related })] }))], ["cta-panel"]);
    expect(result["cta-panel"]).toEqual([]);
  });

  it("labels field types for editors", () => {
    const fields = describeBlockFields(
      z.object({
        _uid: z.string(),
        component: z.literal("x"),
        heading: z.string(),
        count: z.number().int().optional(),
        theme: z.enum(["light", "dark"]).optional(),
        cards: z.array(z.object({ _uid: z.string(), component: z.literal("card") })).optional(),
      }),
    );
    expect(fields).toEqual([
      { name: "heading", type: "string", required: true },
      { name: "count", type: "number", required: false },
      { name: "theme", type: '"light" | "dark"', required: false },
      { name: "cards", type: "bloks: card", required: false },
    ]);
    expect(typeLabel({ type: "object", properties: { fieldtype: { const: "asset" } } })).toBe("asset");
    expect(typeLabel({ anyOf: [{ type: "object", properties: { type: { const: "doc" } } }, { type: "string" }] })).toBe("richtext | string");
  });
});

describe("sitemap exclusion", () => {
  it("never lists the gallery or the block gallery pages", () => {
    const page = (full_slug: string) => ({ full_slug, published_at: "2026-01-01T00:00:00Z", content: { component: "page" } });
    expect(sitemapPath(page("_blocks"), "au")).toBeNull();
    expect(sitemapPath(page("blocks/heroes"), "au")).toBeNull();
    expect(sitemapPath(page("offers"), "au")).toBe("/au/offers");
  });
});

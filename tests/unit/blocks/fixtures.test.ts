import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blockRegistry } from "~/blocks/index";
import { isVisibleIn } from "~/components/visibility";

const GALLERY = path.resolve("content-fixtures/stories/blocks");
/** The content blocks of issue 7 (content blocks I). */
const CONTENT_BLOCKS = [
  "hero-banner",
  "slim-hero-banner",
  "image-banner",
  "cta-cards",
  "cta-carousel",
  "cta-flexible-panel",
  "cta-panel",
  "grid-blocks",
  "expanding-grid",
  "hover-tiles",
  "feature-blocks",
  "feature-icons",
  "icon-features",
  "information-panel",
  "overview-blocks",
  "overview-grid-blocks",
  "side-by-side-blocks",
  "stats-banner",
  "quick-help-blocks",
  "step-slider",
  "sub-navigation",
  "text-content",
  "accordion",
  "expansion-panel",
  "expansion-panel-group",
  // Media, news and offers blocks (blocks/media).
  "image-carousel",
  "video-banner",
  "video-grid",
  "video-tiles",
  "video-listing",
  "news-carousel",
  "event-banner",
  "offers-listing",
];

interface Node {
  component?: string;
  locale?: string;
  [key: string]: unknown;
}

/** Components that render in `country` on a story (bloks hidden by locale are skipped with their children). */
function visibleComponents(value: unknown, country: string, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => visibleComponents(v, country, out));
  else if (value && typeof value === "object") {
    const node = value as Node;
    if (typeof node.component === "string") {
      if (!isVisibleIn(node.locale, country)) return out;
      out.add(node.component);
    }
    Object.values(node).forEach((v) => visibleComponents(v, country, out));
  }
  return out;
}

describe("block gallery fixtures", () => {
  const stories = readdirSync(GALLERY).map((f) => JSON.parse(readFileSync(path.join(GALLERY, f), "utf8")) as { full_slug: string; content: Node });
  it("are noindex pages", () => {
    expect(stories.map((s) => s.full_slug).sort()).toEqual(["blocks/cards", "blocks/features", "blocks/heroes", "blocks/media", "blocks/panels", "blocks/vehicles"]);
    for (const story of stories) expect(story.content.noindex).toBe(true);
  });
  for (const country of ["au", "nz"]) {
    it(`show every content block in ${country}`, () => {
      const used = new Set<string>();
      for (const story of stories) visibleComponents(story.content, country, used);
      expect(CONTENT_BLOCKS.filter((name) => !blockRegistry[name])).toEqual([]);
      expect(CONTENT_BLOCKS.filter((name) => !used.has(name))).toEqual([]);
    });
  }
  it("show every feature-blocks variant", () => {
    const variants = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        const node = v as Node;
        if (node.component === "feature-blocks") variants.add(String(node.variant));
        Object.values(node).forEach(walk);
      }
    };
    stories.forEach((s) => walk(s.content));
    expect([...variants].sort()).toEqual(["grid-above", "grid-below", "horizontal", "vertical"]);
  });
});

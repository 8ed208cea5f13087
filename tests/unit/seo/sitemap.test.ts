import { describe, expect, it } from "vitest";
import {
  SITEMAP_MAX_URLS,
  buildSitemapEntries,
  buildSitemapIndex,
  buildUrlset,
  planSitemap,
  renderSitemap,
  renderSitemapChild,
  sitemapPath,
  type SitemapEntry,
  type SitemapStory,
} from "~/features/seo/sitemap";

const SITE = "https://www.kestrel.example";
const PUBLISHED = "2026-03-05T01:00:00.000Z";

function story(full_slug: string, content: SitemapStory["content"] = { component: "page" }, published_at: string | null = PUBLISHED): SitemapStory {
  return { full_slug, published_at, content };
}

describe("sitemapPath", () => {
  it("maps pages to the country's URL path, home to the country root", () => {
    expect(sitemapPath(story("home"), "au")).toBe("/au");
    expect(sitemapPath(story("news/"), "nz")).toBe("/nz/news");
    expect(sitemapPath(story("news/x", { component: "news-detail" }), "au")).toBe("/au/news/x");
    expect(sitemapPath(story("owners-club/events/x", { component: "owners-club-event-detail" }), "au")).toBe("/au/owners-club/events/x");
  });
  it.each([
    ["the error story", story("error")],
    ["global stories", story("global/header", { component: "header" })],
    ["catalogue stories", story("car-configurator/models/x", { component: "page" })],
    ["test pages", story("test/unknown-block")],
    ["noindex stories", story("hidden", { component: "page", noindex: true })],
    ["unpublished stories", story("draft", { component: "page" }, null)],
    ["other content types", story("price-disclaimers/x", { component: "price-disclaimer" })],
  ])("leaves out %s", (_label, s) => {
    expect(sitemapPath(s, "au")).toBeNull();
  });
  it("lists a story only in the countries its locale allows", () => {
    const au = story("only-au", { component: "page", locale: "au" });
    expect(sitemapPath(au, "au")).toBe("/au/only-au");
    expect(sitemapPath(au, "nz")).toBeNull();
    expect(sitemapPath(story("both", { component: "page", locale: "both" }), "nz")).toBe("/nz/both");
  });
});

describe("buildSitemapEntries", () => {
  const stories = [story("home"), story("offers"), story("news/au-only", { component: "news-detail", locale: "au" })];
  // NZ has translated noindex on offers.
  const nzStories = [story("home"), story("offers", { component: "page", noindex: true }), story("news/au-only", { component: "news-detail", locale: "au" })];
  const entries = buildSitemapEntries(SITE, { au: stories, nz: nzStories });

  it("gives absolute URLs with lastmod from published_at", () => {
    expect(entries.au.map((e) => e.loc)).toEqual([`${SITE}/au`, `${SITE}/au/news/au-only`, `${SITE}/au/offers`]);
    expect(entries.nz.map((e) => e.loc)).toEqual([`${SITE}/nz`]);
    expect(entries.au[0].lastmod).toBe(PUBLISHED);
  });
  it("gives alternates only to pages listed in both countries", () => {
    expect(entries.au[0].alternates?.map((a) => `${a.hrefLang} ${a.href}`)).toEqual([
      `en-au ${SITE}/au`,
      `en-nz ${SITE}/nz`,
      `x-default ${SITE}/au`,
    ]);
    expect(entries.au[1].alternates).toEqual([]);
    expect(entries.au[2].alternates).toEqual([]);
  });
});

describe("buildUrlset", () => {
  it("writes urls with escaped locations, lastmod and xhtml:link alternates", () => {
    const xml = buildUrlset([
      {
        loc: `${SITE}/au/a&b`,
        lastmod: PUBLISHED,
        alternates: [
          { hrefLang: "en-au", href: `${SITE}/au/a&b` },
          { hrefLang: "en-nz", href: `${SITE}/nz/a&b` },
        ],
      },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    expect(xml).toContain(`<loc>${SITE}/au/a&amp;b</loc>`);
    expect(xml).toContain(`<lastmod>${PUBLISHED}</lastmod>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en-nz" href="${SITE}/nz/a&amp;b"/>`);
    expect(xml.trim().endsWith("</urlset>")).toBe(true);
  });
});

function generated(country: "au" | "nz", count: number): SitemapEntry[] {
  return Array.from({ length: count }, (_, i) => ({ loc: `${SITE}/${country}/page-${i}`, lastmod: `2026-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00.000Z` }));
}

describe("planSitemap", () => {
  it("is one urlset while all URLs fit in 5,000", () => {
    const plan = planSitemap({ au: generated("au", 2500), nz: generated("nz", 2500) });
    expect(plan.kind).toBe("urlset");
    const xml = renderSitemap(SITE, plan);
    expect(xml.match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS);
  });

  it("becomes an index with one child per country once a sitemap would exceed 5,000 URLs", () => {
    const plan = planSitemap({ au: generated("au", 2501), nz: generated("nz", 2500) });
    expect(plan.kind).toBe("index");
    if (plan.kind !== "index") return;
    expect(plan.children.map((c) => [c.name, c.entries.length])).toEqual([
      ["au", 2501],
      ["nz", 2500],
    ]);
    const index = renderSitemap(SITE, plan);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain(`<loc>${SITE}/sitemap/au.xml</loc>`);
    expect(index).toContain(`<loc>${SITE}/sitemap/nz.xml</loc>`);
    expect(index).toContain("<lastmod>2026-01-28T00:00:00.000Z</lastmod>");
    expect(renderSitemapChild(plan, "nz")?.match(/<url>/g)).toHaveLength(2500);
    expect(renderSitemapChild(plan, "xx")).toBeNull();
  });

  it("splits a country above 5,000 URLs into numbered children of at most 5,000", () => {
    const plan = planSitemap({ au: generated("au", 12001), nz: generated("nz", 10) });
    expect(plan.kind === "index" && plan.children.map((c) => [c.name, c.entries.length])).toEqual([
      ["au", 5000],
      ["au-2", 5000],
      ["au-3", 2001],
      ["nz", 10],
    ]);
  });

  it("a urlset plan has no children", () => {
    expect(renderSitemapChild(planSitemap({ au: generated("au", 3) }), "au")).toBeNull();
  });

  it("an index lists its children", () => {
    expect(buildSitemapIndex(SITE, [{ name: "au", entries: [] }])).toContain(`<sitemap>\n    <loc>${SITE}/sitemap/au.xml</loc>\n  </sitemap>`);
  });
});

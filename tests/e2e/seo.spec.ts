import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { COUNTRIES, waitForHydration } from "./helpers";

/**
 * Issue 4 (SEO and structured data): every kind of page carries title, description, canonical,
 * hreflang alternates, Open Graph and Twitter tags; every JSON-LD script parses and has the
 * expected types; every sitemap URL answers 200. The server runs with SITE_URL = baseURL.
 */

interface PageKind {
  kind: string;
  /** Path without the country segment. */
  path: string;
  /** JSON-LD @types the page must carry (besides Organization, which every page has). */
  types: string[];
}

const PAGES: PageKind[] = [
  { kind: "home", path: "", types: [] },
  { kind: "model page", path: "models/suv/tarrak", types: ["BreadcrumbList", "Car"] },
  { kind: "offers", path: "offers", types: ["OfferCatalog"] },
  { kind: "news article", path: "news/seven-year-warranty", types: ["BreadcrumbList", "NewsArticle"] },
  { kind: "nested page", path: "owners-club/events", types: ["BreadcrumbList"] },
];

const pathOf = (country: string, path: string) => (path ? `/${country}/${path}` : `/${country}`);

async function metaContent(page: Page, selector: string): Promise<string | null> {
  return page.locator(`head ${selector}`).first().getAttribute("content");
}

type JsonLd = Record<string, unknown> & { "@type": string };

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  // Every script must parse as JSON; a parse error fails the test with the script's text.
  return texts.map((text) => {
    try {
      return JSON.parse(text) as JsonLd;
    } catch {
      throw new Error(`JSON-LD does not parse: ${text.slice(0, 200)}`);
    }
  });
}

for (const country of COUNTRIES) {
  for (const { kind, path, types } of PAGES) {
    test(`${kind} (${country}) carries title, description, canonical, alternates and social tags`, async ({ page, baseURL }, testInfo) => {
      const url = pathOf(country, path);
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await waitForHydration(page, testInfo);

      // meta_title, else title, then ' | ' and the brand short name (the header story's brand_name).
      await expect(page).toHaveTitle(/\S \| Kestrel$/);
      expect(await metaContent(page, 'meta[name="description"]')).toBeTruthy();
      expect(await metaContent(page, 'meta[name="format-detection"]')).toBe("telephone=no");
      expect(await page.locator('head meta[name="robots"]').count()).toBe(0);

      const absolute = (p: string) => new URL(p, baseURL).href;
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", absolute(url));
      await expect(page.locator('head link[rel="alternate"][hreflang="en-au"]')).toHaveAttribute("href", absolute(pathOf("au", path)));
      await expect(page.locator('head link[rel="alternate"][hreflang="en-nz"]')).toHaveAttribute("href", absolute(pathOf("nz", path)));
      await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", absolute(pathOf("au", path)));

      const title = await page.title();
      expect(await metaContent(page, 'meta[property="og:title"]')).toBe(title);
      expect(await metaContent(page, 'meta[property="og:url"]')).toBe(absolute(url));
      expect(await metaContent(page, 'meta[property="og:description"]')).toBeTruthy();
      expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(/^https?:\/\//);
      expect(await metaContent(page, 'meta[name="twitter:card"]')).toMatch(/^summary/);
      expect(await metaContent(page, 'meta[name="twitter:image"]')).toMatch(/^https?:\/\//);
    });

    test(`${kind} (${country}) has valid JSON-LD of the expected types`, async ({ page, baseURL }, testInfo) => {
      await page.goto(pathOf(country, path));
      await waitForHydration(page, testInfo);
      const nodes = await jsonLd(page);
      for (const node of nodes) expect(node["@context"]).toBe("https://schema.org");
      const found = nodes.map((n) => n["@type"]);
      expect(found).toContain("Organization");
      for (const type of types) expect(found).toContain(type);

      const org = nodes.find((n) => n["@type"] === "Organization") as JsonLd;
      expect(org.url).toBe(new URL(`/${country}`, baseURL).href);
      expect((org.contactPoint as { telephone?: string }[])[0]?.telephone).toBeTruthy();
      expect((org.areaServed as { name?: string }).name).toBe(country === "au" ? "Australia" : "New Zealand");
      expect(Array.isArray(org.sameAs) && org.sameAs.length).toBeGreaterThan(0);

      const car = nodes.find((n) => n["@type"] === "Car");
      if (car) {
        expect(car.brand).toMatchObject({ "@type": "Brand" });
        expect(car.model).toBeTruthy();
        expect(car.url).toBe(new URL(pathOf(country, path), baseURL).href);
        const offers = car.offers as Record<string, unknown>;
        expect(offers["@type"]).toBe("AggregateOffer");
        expect(offers.priceCurrency).toBe(country === "au" ? "AUD" : "NZD");
        expect(Number(offers.lowPrice)).toBeLessThanOrEqual(Number(offers.highPrice));
        expect(Number(offers.offerCount)).toBeGreaterThan(0);
        expect(offers.availability).toBe("https://schema.org/InStock");
      }
      const catalog = nodes.find((n) => n["@type"] === "OfferCatalog");
      if (catalog) {
        const items = catalog.itemListElement as Record<string, unknown>[];
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) {
          expect(item["@type"]).toBe("Offer");
          expect(item.priceCurrency).toBe(country === "au" ? "AUD" : "NZD");
          expect(Number(item.price)).toBeGreaterThan(0);
        }
      }
      const article = nodes.find((n) => n["@type"] === "NewsArticle");
      if (article) {
        expect(article.headline).toBeTruthy();
        expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(article.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(article.author).toMatchObject({ "@type": "Organization" });
        expect(article.publisher).toMatchObject({ "@type": "Organization" });
      }
      const crumbs = nodes.find((n) => n["@type"] === "BreadcrumbList");
      if (crumbs) {
        const items = crumbs.itemListElement as { position: number; item: string }[];
        expect(items.length).toBeGreaterThanOrEqual(2);
        expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
        expect(items.at(-1)?.item).toBe(new URL(pathOf(country, path), baseURL).href);
      }
    });
  }
}

test("a page only one country has gets no hreflang alternates", async ({ page, baseURL }) => {
  await page.goto("/nz/news/kestrel-opens-in-new-zealand");
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", new URL("/nz/news/kestrel-opens-in-new-zealand", baseURL).href);
  expect(await page.locator('head link[rel="alternate"]').count()).toBe(0);
});

test("a noindex story is robots noindex", async ({ page }) => {
  await page.goto("/au/test/au-only");
  expect(await metaContent(page, 'meta[name="robots"]')).toBe("noindex");
});

async function sitemapLocations(request: APIRequestContext, url: string): Promise<string[]> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  if (xml.includes("<sitemapindex")) {
    const children = await Promise.all(locs.map((loc) => sitemapLocations(request, loc)));
    return children.flat();
  }
  return locs;
}

test.describe("sitemap and robots", () => {
  test("robots.txt points at the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(`Sitemap: ${new URL("/sitemap.xml", baseURL).href}`);
  });

  test("every sitemap URL answers 200 and no test, error or noindex page is listed", async ({ request, baseURL }) => {
    test.setTimeout(120_000);
    const locs = await sitemapLocations(request, "/sitemap.xml");
    expect(locs.length).toBeGreaterThan(0);
    expect(locs).toContain(new URL("/au", baseURL).href);
    expect(locs).toContain(new URL("/nz", baseURL).href);
    expect(locs.filter((l) => /\/(test|global|car-configurator)\/|\/error$/.test(l))).toEqual([]);
    const failures: string[] = [];
    for (let i = 0; i < locs.length; i += 8) {
      const batch = locs.slice(i, i + 8);
      const statuses = await Promise.all(batch.map((loc) => request.get(loc, { maxRedirects: 0 }).then((r) => r.status())));
      statuses.forEach((status, j) => {
        if (status !== 200) failures.push(`${status} ${batch[j]}`);
      });
    }
    expect(failures).toEqual([]);
  });
});

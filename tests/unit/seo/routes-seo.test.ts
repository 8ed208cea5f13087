import { beforeAll, describe, expect, it } from "vitest";
import { run, types, nodes, useSeoContentSet, type Loader } from "./content-set";

useSeoContentSet();
const SITE = "https://www.kestrel.example";

let layout: Loader, catchAll: Loader, newsDetail: Loader, sitemap: Loader, sitemapChild: Loader, robots: Loader;
beforeAll(async () => {
  layout = (await import("~/routes/$country")).loader;
  catchAll = (await import("~/routes/$country.$")).loader;
  newsDetail = (await import("~/routes/$country.news.$news")).loader;
  sitemap = (await import("~/routes/sitemap[.]xml")).loader;
  sitemapChild = (await import("~/routes/sitemap.$file")).loader;
  robots = (await import("~/routes/robots[.]txt")).loader;
});

describe("Organization (country layout)", () => {
  it("carries the country's customer-service phone, area served and social profiles", async () => {
    const nz = await run(layout, "/nz", { country: "nz" });
    expect(nodes(nz.data)).toEqual([
      expect.objectContaining({
        "@type": "Organization",
        name: "Kestrel Motors",
        url: `${SITE}/nz`,
        logo: `${SITE}/media/brand-logo.svg`,
        areaServed: expect.objectContaining({ name: "New Zealand" }),
        contactPoint: [expect.objectContaining({ telephone: "0800 000 000", areaServed: "NZ" })],
        sameAs: ["https://facebook.example/nz", "https://youtube.example/k"],
      }),
    ]);
    const au = await run(layout, "/au", { country: "au" });
    expect(nodes(au.data)[0]).toMatchObject({ contactPoint: [{ telephone: "1300 000 000" }], sameAs: ["https://facebook.example/au", "https://youtube.example/k"] });
  });
});

describe("content page structured data", () => {
  it("a top-level page has no breadcrumbs", async () => {
    const r = await run(catchAll, "/au", { country: "au" });
    expect(r.status).toBe(200);
    expect(types(r.data)).toEqual([]);
  });

  it("a model page has breadcrumbs and a Car from the catalogue with an AggregateOffer", async () => {
    const r = await run(catchAll, "/au/models/suv/brolga", { country: "au", "*": "models/suv/brolga" });
    expect(types(r.data)).toEqual(["BreadcrumbList", "Car"]);
    const car = nodes(r.data)[1];
    expect(car).toMatchObject({
      name: "Kestrel Brolga",
      model: "Brolga",
      bodyType: "Medium SUV",
      seatingCapacity: 5,
      vehicleConfiguration: ["Base", "Sport"],
      offers: { "@type": "AggregateOffer", priceCurrency: "AUD", lowPrice: 39990, highPrice: 49990, offerCount: 2 },
    });
    const nz = await run(catchAll, "/nz/models/suv/brolga", { country: "nz", "*": "models/suv/brolga" });
    expect(nodes(nz.data)[1]).toMatchObject({ offers: { priceCurrency: "NZD", lowPrice: 45990, highPrice: 45990, offerCount: 1 } });
  });

  it("a model page without a model line of that slug has no Car, and still renders", async () => {
    const r = await run(catchAll, "/au/models/suv/ghost", { country: "au", "*": "models/suv/ghost" });
    expect(r.status).toBe(200);
    expect(types(r.data)).toEqual(["BreadcrumbList"]);
  });

  it("the offers page has an OfferCatalog of the clearance models valid until the content's date", async () => {
    const r = await run(catchAll, "/au/offers", { country: "au", "*": "offers" });
    expect(types(r.data)).toEqual(["OfferCatalog"]);
    const catalog = nodes(r.data)[0];
    expect(catalog.itemListElement).toEqual([
      expect.objectContaining({ name: "Kestrel Brolga Sport", price: 49990, priceCurrency: "AUD", priceValidUntil: "2026-12-31" }),
    ]);
    const nz = await run(catchAll, "/nz/offers", { country: "nz", "*": "offers" });
    expect(nodes(nz.data)[0].itemListElement).toEqual([expect.objectContaining({ name: "Kestrel Brolga Base", priceCurrency: "NZD" })]);
  });

  it("a news article has breadcrumbs through the news page and a NewsArticle", async () => {
    const r = await run(newsDetail, "/au/news/launch", { country: "au", news: "launch" });
    expect(types(r.data)).toEqual(["BreadcrumbList", "NewsArticle"]);
    const [crumbs, article] = nodes(r.data);
    expect((crumbs.itemListElement as { name: string; item: string }[]).map((i) => `${i.name} ${i.item}`)).toEqual([
      `Home ${SITE}/au`,
      `News ${SITE}/au/news`,
      `Brolga launch ${SITE}/au/news/launch`,
    ]);
    expect(article).toMatchObject({
      headline: "Brolga launch",
      datePublished: "2025-04-01T00:00:00.000Z",
      dateModified: "2025-05-01T00:00:00.000Z",
      image: [`${SITE}/media/launch.jpg`],
      author: { "@type": "Organization", name: "Kestrel Motors" },
      publisher: { "@type": "Organization", name: "Kestrel Motors" },
    });
  });
});

describe("GET /sitemap.xml and /robots.txt", () => {
  it("lists every published, indexable page of both countries with alternates, cached for an hour", async () => {
    const r = await run(sitemap, "/sitemap.xml", {});
    expect(r.response?.headers.get("Content-Type")).toContain("application/xml");
    expect(r.response?.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = (await r.response?.text()) ?? "";
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(SITE, ""));
    expect(locs.sort()).toEqual(
      [
        "/au",
        "/au/models/suv/brolga",
        "/au/models/suv/ghost",
        "/au/news",
        "/au/news/launch",
        "/au/offers",
        "/nz",
        "/nz/models/suv/brolga",
        "/nz/models/suv/ghost",
        "/nz/news",
        "/nz/news/launch",
        "/nz/news/nz-only",
        "/nz/offers",
      ].sort(),
    );
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en-nz" href="${SITE}/nz/offers"/>`);
    expect(xml).toContain("<lastmod>2025-05-01T00:00:00.000Z</lastmod>");
  });

  it("has no child sitemaps while one file holds every URL", async () => {
    expect((await run(sitemapChild, "/sitemap/au.xml", { file: "au.xml" })).status).toBe(404);
  });

  it("robots.txt points at the sitemap", async () => {
    const r = await run(robots, "/robots.txt", {});
    expect(await r.response?.text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  LISTING_MESSAGES,
  MAX_LISTING_PAGE,
  cleanCategory,
  cleanPage,
  hasMore,
  listingMessage,
  listingParams,
  listingSearch,
  parseListingQuery,
} from "~/features/news/listing";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
process.env.NODE_ENV = "test";

describe("listing rules (pure)", () => {
  it("uses the spec's news query: starts_with, content_type, no body, newest first, 6 per page", () => {
    expect(listingParams("news", "au", { category: "technology", page: 3 })).toEqual({
      starts_with: "news",
      content_type: "news-detail",
      excluding_fields: "body",
      sort_by: "first_published_at:desc",
      per_page: 6,
      page: 3,
      filter_query: {
        __or: [{ locale: { in: "au,both" } }, { locale: { is: "empty" } }],
        news_categories: { any_in_array: "technology" },
      },
    });
    const events = listingParams("events", "nz", { category: "ignored", page: 1 });
    expect(events).toMatchObject({ starts_with: "owners-club/events", content_type: "owners-club-event-detail", per_page: 6 });
    expect((events.filter_query as Record<string, unknown>).news_categories).toBeUndefined();
  });

  it("reads ?category=&page= defensively", () => {
    expect(parseListingQuery(new URLSearchParams("category=Technology&page=2"))).toEqual({ category: "technology", page: 2 });
    expect(cleanCategory("../x")).toBe("");
    expect(cleanCategory("a b")).toBe("");
    expect(cleanPage("0")).toBe(1);
    expect(cleanPage("-4")).toBe(1);
    expect(cleanPage("abc")).toBe(1);
    expect(cleanPage("999")).toBe(MAX_LISTING_PAGE);
    expect(listingSearch({ category: "", page: 2 }, new URLSearchParams("x=1&page=1"))).toBe("?x=1&page=2&category=");
  });

  it("shows Load more only while the total exceeds what is loaded", () => {
    expect(hasMore(7, 6)).toBe(true);
    expect(hasMore(6, 6)).toBe(false);
    expect(hasMore(0, 0)).toBe(false);
  });

  it("has the spec's messages, letter for letter, for each state", () => {
    const base = { items: [1], failed: false, exhausted: false, loading: false };
    expect(listingMessage("news", { ...base, loading: true })).toBe("Loading news articles...");
    expect(listingMessage("news", { ...base, items: [] })).toBe("Could not find any news articles.");
    expect(listingMessage("news", { ...base, exhausted: true })).toBe("Could not find any more news articles.");
    expect(listingMessage("news", { ...base, failed: true })).toBe("Error fetching news articles.");
    expect(listingMessage("news", base)).toBeNull();
    expect(LISTING_MESSAGES.events).toEqual({
      loading: "Loading events articles...",
      empty: "Could not find any events.",
      noMore: "Could not find any more events.",
      error: "Error fetching events.",
    });
  });
});

describe("listing loaders on the fixture content", () => {
  let loadListing: typeof import("~/features/news/listing.server").loadListing;
  let apiLoader: (args: { params: Record<string, string>; request: Request; context: unknown }) => Promise<Response>;
  beforeAll(async () => {
    ({ loadListing } = await import("~/features/news/listing.server"));
    apiLoader = (await import("~/routes/api.listing.$kind")).loader as unknown as typeof apiLoader;
  }, 60_000);

  it("lists published news of the country, newest first, and renders pages 1..page", async () => {
    const first = await loadListing("news", "au", { category: "", page: 1 });
    expect(first.failed).toBe(false);
    expect(first.items).toHaveLength(6);
    // 16 articles: one unpublished, two NZ-only.
    expect(first.total).toBe(13);
    expect(first.items[0]?.href).toBe("/au/news/kordan-outback-pro-preview");
    expect(first.items.some((i) => i.href.endsWith("on-road-costs-explained"))).toBe(false);
    const three = await loadListing("news", "au", { category: "", page: 3 });
    expect(three.items).toHaveLength(13);
    expect(new Set(three.items.map((i) => i.uuid)).size).toBe(13);
    expect(three.items.some((i) => i.href.endsWith("tarrak-my27-update"))).toBe(false);
    const past = await loadListing("news", "au", { category: "", page: 4 });
    expect(past.exhausted).toBe(true);
  });

  it("filters by category and labels the categories", async () => {
    const tech = await loadListing("news", "au", { category: "technology", page: 1 });
    expect(tech.items.length).toBeGreaterThan(0);
    expect(tech.items.every((i) => i.categories.includes("Technology"))).toBe(true);
    expect(tech.total).toBe(tech.items.length);
    const none = await loadListing("news", "au", { category: "no-such-category", page: 1 });
    expect(none).toMatchObject({ items: [], total: 0, failed: false });
  });

  it("lists the country's events with their dates and places", async () => {
    const au = await loadListing("events", "au", { category: "", page: 1 });
    expect(au.total).toBe(7);
    expect(au.items).toHaveLength(6);
    expect(au.items.every((i) => i.href.startsWith("/au/owners-club/events/"))).toBe(true);
    expect(au.items.every((i) => /^\d+(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/.test(i.date))).toBe(true);
    const nz = await loadListing("events", "nz", { category: "", page: 1 });
    expect(nz.total).toBe(2);
  });

  it("answers one page as JSON, and bad input with a 400", async () => {
    const ok = await apiLoader({ params: { kind: "news" }, request: new Request("http://x/api/listing/news?country=nz&page=2"), context: {} });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { items: unknown[]; total: number; page: number };
    expect(body.page).toBe(2);
    expect(body.items.length).toBeGreaterThan(0);
    const bad = await apiLoader({ params: { kind: "news" }, request: new Request("http://x/api/listing/news?country=uk"), context: {} });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/country/);
    const badPage = await apiLoader({ params: { kind: "events" }, request: new Request("http://x/api/listing/events?country=au&page=0"), context: {} });
    expect(badPage.status).toBe(400);
    const unknown = await apiLoader({ params: { kind: "videos" }, request: new Request("http://x/api/listing/videos?country=au"), context: {} });
    expect(unknown.status).toBe(404);
  });
});

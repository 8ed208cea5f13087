/**
 * Every feature that reads a slug is right on what the CDN sends under `language=<country>`:
 * the language in front (`nz/news/x`) and a start page as `folder/`.
 */
import { describe, expect, it } from "vitest";
import { sitemapPath } from "~/features/seo/sitemap";
import { lineSlugOf } from "~/features/seo/vehicle";
import { countryPagePaths } from "~/features/shell/country-pages.server";
import { toListingItem } from "~/features/news/listing.server";
import { parentSlug } from "~/features/news/event-date";
import { collectBlockExamples } from "~/pages/block-gallery";
import { parseWebhookEvent } from "~/content/webhook.server";
import type { Story } from "~/content/schema";

const published = "2026-10-01T00:00:00.000Z";

describe("features on language-prefixed slugs", () => {
  it("sitemap: one country segment, start pages at their folder", () => {
    const page = { published_at: published, content: { component: "page" } };
    expect(sitemapPath({ ...page, full_slug: "nz/offers" }, "nz")).toBe("/nz/offers");
    expect(sitemapPath({ ...page, full_slug: "au/home" }, "au")).toBe("/au");
    expect(sitemapPath({ ...page, full_slug: "au/news/" }, "au")).toBe("/au/news");
  });

  it("news listing: the card links to /<country>/<slug>", () => {
    const story = { uuid: "u", name: "X", full_slug: "nz/news/launch", content: { component: "news-detail", title: "Launch" } };
    expect(toListingItem("news", story as unknown as Story<unknown>, "nz", []).href).toBe("/nz/news/launch");
  });

  it("vehicle JSON-LD: the model line comes from the stored folder", () => {
    expect(lineSlugOf({ uuid: "m", full_slug: "au/car-configurator/models/tarrak/au/gx", content: {} as never })).toBe("tarrak");
  });

  it("country pages: both countries' paths without a doubled segment", () => {
    const stories = [
      { full_slug: "nz/offers", content: { component: "page" } },
      { full_slug: "nz/home", content: { component: "page" } },
    ];
    expect([...countryPagePaths(stories, "nz")].sort()).toEqual(["/nz", "/nz/offers"]);
  });

  it("event detail: back to the stored parent folder", () => {
    expect(parentSlug("au/owners-club/events/spring-run")).toBe("owners-club/events");
  });

  it("block gallery: gallery stories found and named by their stored slug", () => {
    const hero = { _uid: "h1", component: "hero-banner" };
    const examples = collectBlockExamples([{ name: "Heroes", full_slug: "au/blocks/heroes", content: { _uid: "r", component: "page", body: [hero] } }], ["hero-banner"]);
    expect(examples["hero-banner"]?.[0]?.story.full_slug).toBe("blocks/heroes");
  });

  it("webhook: the published story's folder without a language", () => {
    expect(parseWebhookEvent(JSON.stringify({ action: "published", story_id: 1, full_slug: "nz/news/launch" }))?.fullSlug).toBe("news/launch");
  });
});

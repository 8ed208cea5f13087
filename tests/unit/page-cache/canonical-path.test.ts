import { describe, expect, it } from "vitest";
import { canonicalPageLocation, canonicalPagePath } from "~/server/page-cache/canonical-path";
import { withCountry } from "~/content/links";

describe("canonical page paths", () => {
  it("lowercases country pages and drops duplicate and trailing slashes, keeping the query", () => {
    expect(canonicalPageLocation("/au/NEWS")).toBe("/au/news");
    expect(canonicalPageLocation("/au//news")).toBe("/au/news");
    expect(canonicalPageLocation("/au/news/")).toBe("/au/news");
    expect(canonicalPageLocation("/AU/News//?category=Events&page=2")).toBe("/au/news?category=Events&page=2");
    expect(canonicalPageLocation("//nz/")).toBe("/nz");
    expect(canonicalPageLocation("/au/n%45ws")).toBe("/au/news");
  });

  it("leaves canonical paths, data requests and other paths alone", () => {
    for (const path of ["/au", "/au/news?page=2", "/nz/models/suv/tarrak", "/au/NEWS.data", "/assets/App-AbC.js", "/api/form", "/", "/australia"]) {
      expect(canonicalPageLocation(path), path).toBeNull();
    }
    // A redirect's target is canonical: no second hop.
    expect(canonicalPagePath(canonicalPagePath("/AU//Offers/")!)).toBeNull();
  });

  it("internal links the site writes are canonical", () => {
    expect(withCountry("au", "news/")).toBe("/au/news");
    expect(withCountry("au", "/au//offers/")).toBe("/au/offers");
    expect(withCountry("nz", "au/news/?page=2#top")).toBe("/au/news?page=2#top");
  });
});

import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  alternateLinks,
  countriesForLocale,
  normalizePath,
  pathCountry,
  swapCountry,
} from "~/features/seo/alternates";

const SITE = "https://www.kestrel.example";

describe("countriesForLocale", () => {
  it("a story with locale au or nz exists only in that country", () => {
    expect(countriesForLocale("au")).toEqual(["au"]);
    expect(countriesForLocale("nz")).toEqual(["nz"]);
  });
  it.each([[""], ["both"], [undefined], [null]])("locale %j exists in both countries", (locale) => {
    expect(countriesForLocale(locale)).toEqual(["au", "nz"]);
  });
});

describe("swapCountry", () => {
  it("swaps the country segment and keeps the rest of the path", () => {
    expect(swapCountry("/au/models/suv/tarrak", "nz")).toBe("/nz/models/suv/tarrak");
    expect(swapCountry("/nz/offers/", "au")).toBe("/au/offers");
    expect(swapCountry("/au", "nz")).toBe("/nz");
    expect(swapCountry("/nz/", "au")).toBe("/au");
  });
  it("drops query and hash", () => {
    expect(swapCountry("/au/offers?sort=priceLow#abn", "nz")).toBe("/nz/offers");
  });
  it("does not touch a segment that only starts with a country code", () => {
    expect(swapCountry("/au/nzfoo", "nz")).toBe("/nz/nzfoo");
  });
});

describe("paths and URLs", () => {
  it("normalises paths", () => {
    expect(normalizePath("/au//news/")).toBe("/au/news");
    expect(normalizePath("")).toBe("/");
  });
  it("reads the country of a path", () => {
    expect(pathCountry("/nz/news/x")).toBe("nz");
    expect(pathCountry("/sitemap.xml")).toBeNull();
  });
  it("makes root-relative paths absolute on SITE_URL and leaves absolute URLs alone", () => {
    expect(absoluteUrl(SITE, "/media/hero.jpg")).toBe(`${SITE}/media/hero.jpg`);
    expect(absoluteUrl(`${SITE}/`, "au")).toBe(`${SITE}/au`);
    expect(absoluteUrl(SITE, "https://a.storyblok.com/f/1/x.jpg")).toBe("https://a.storyblok.com/f/1/x.jpg");
    expect(absoluteUrl(SITE, "//a.storyblok.com/f/1/x.jpg")).toBe("https://a.storyblok.com/f/1/x.jpg");
  });
});

describe("alternateLinks", () => {
  it("lists en-au, en-nz and x-default (the AU page) when both countries have the page", () => {
    expect(alternateLinks(SITE, "/nz/models/ute/kordan", ["au", "nz"])).toEqual([
      { hrefLang: "en-au", href: `${SITE}/au/models/ute/kordan` },
      { hrefLang: "en-nz", href: `${SITE}/nz/models/ute/kordan` },
      { hrefLang: "x-default", href: `${SITE}/au/models/ute/kordan` },
    ]);
  });
  it("gives no alternates when the other country does not have the page", () => {
    expect(alternateLinks(SITE, "/au/test/au-only", countriesForLocale("au"))).toEqual([]);
    expect(alternateLinks(SITE, "/nz/news/nz-story", countriesForLocale("nz"))).toEqual([]);
  });
  it("uses the country root for the home page", () => {
    expect(alternateLinks(SITE, "/nz", ["au", "nz"]).map((l) => l.href)).toEqual([`${SITE}/au`, `${SITE}/nz`, `${SITE}/au`]);
  });
});

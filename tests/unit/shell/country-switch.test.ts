import { describe, expect, it } from "vitest";
import { countrySwitchHref, countrySwitchLanding, otherCountry, swapCountryInPath, type CountryPages } from "~/features/shell/country-switch-path";
import { countryPagePaths } from "~/features/shell/country-pages.server";

describe("country switch paths", () => {
  it("switches to the other country", () => {
    expect(otherCountry("au")).toBe("nz");
    expect(otherCountry("nz")).toBe("au");
  });

  it("keeps the page, query and hash under the other country", () => {
    expect(swapCountryInPath("/au/offers", "nz")).toBe("/nz/offers");
    expect(swapCountryInPath("/nz/models/suv/tarrak?x=1#specs", "au")).toBe("/au/models/suv/tarrak?x=1#specs");
    expect(swapCountryInPath("/au", "nz")).toBe("/nz");
    expect(swapCountryInPath("/au/", "nz")).toBe("/nz");
    expect(swapCountryInPath("/au/news/", "nz")).toBe("/nz/news/");
  });

  it("adds the country to a path without one", () => {
    expect(swapCountryInPath("/", "nz")).toBe("/nz");
    expect(swapCountryInPath("/offers", "au")).toBe("/au/offers");
    expect(swapCountryInPath("?q=1", "nz")).toBe("/nz?q=1");
  });

  it("does not take a segment that only starts with a country code for one", () => {
    expect(swapCountryInPath("/australia/x", "nz")).toBe("/nz/australia/x");
  });

  it("links to the set-location endpoint with the target page as returnTo", () => {
    expect(countrySwitchHref("/au/offers?sort=priceLow", "nz")).toBe(
      "/api/set-location/nz?returnTo=%2Fnz%2Foffers%3Fsort%3DpriceLow",
    );
  });
});

describe("where the country switch lands (issue 25 item 15)", () => {
  const pages: CountryPages = {
    au: new Set(["/au", "/au/news", "/au/news/both", "/au/news/au-only", "/au/owners-club/events", "/au/owners-club/events/au-event", "/au/a/b/c"]),
    nz: new Set(["/nz", "/nz/news", "/nz/news/both", "/nz/owners-club/events", "/nz/a"]),
  };

  it("keeps a page the other country has, with its query and hash", () => {
    expect(countrySwitchLanding("/nz/news/both?x=1#top", pages)).toBe("/nz/news/both?x=1#top");
    expect(countrySwitchLanding("/nz", pages)).toBe("/nz");
    expect(countrySwitchLanding("/nz/news/", pages)).toBe("/nz/news/");
  });

  it("goes to the parent listing of a page only this country has", () => {
    expect(countrySwitchLanding("/nz/news/au-only?x=1#top", pages)).toBe("/nz/news");
    expect(countrySwitchLanding("/nz/owners-club/events/au-event/", pages)).toBe("/nz/owners-club/events");
  });

  it("goes up to the nearest page the other country has, else its home", () => {
    expect(countrySwitchLanding("/nz/a/b/c", pages)).toBe("/nz/a");
    const noListing: CountryPages = { au: pages.au, nz: new Set(["/nz"]) };
    expect(countrySwitchLanding("/nz/news/au-only", noListing)).toBe("/nz");
  });

  it("leaves paths that are not content pages here to their routes", () => {
    expect(countrySwitchLanding("/nz/config/tarrak?model=GX", pages)).toBe("/nz/config/tarrak?model=GX");
    expect(countrySwitchLanding("/nz/no-such-page", pages)).toBe("/nz/no-such-page");
    expect(countrySwitchLanding("/offers", pages)).toBe("/offers");
  });

  it("reads each country's pages with the catch-all's locale rule", () => {
    const stories = [
      { full_slug: "home", content: { component: "page" } },
      { full_slug: "news/", content: { component: "page", locale: "both" } },
      { full_slug: "news/au-only", content: { component: "news-detail", locale: "au" } },
      { full_slug: "owners-club/events/nz-event", content: { component: "owners-club-event-detail", locale: "nz" } },
      { full_slug: "global/header", content: { component: "header" } },
    ];
    expect([...countryPagePaths(stories, "au")]).toEqual(["/au", "/au/news", "/au/news/au-only"]);
    expect([...countryPagePaths(stories, "nz")]).toEqual(["/nz", "/nz/news", "/nz/owners-club/events/nz-event"]);
  });
});

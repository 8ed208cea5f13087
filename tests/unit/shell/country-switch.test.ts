import { describe, expect, it } from "vitest";
import { countrySwitchHref, otherCountry, swapCountryInPath } from "~/features/shell/country-switch-path";

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

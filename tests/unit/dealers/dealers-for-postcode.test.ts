import { describe, expect, it } from "vitest";
import {
  DEALER_SELECTOR_NOT_GEOCODED,
  DEALER_SELECTOR_PROMPT,
  dealersForPostcode,
  type PmaMap,
} from "~/features/dealers";
import { GAZETTEER, makeDealer } from "./fixtures";

const DEALERS = [
  makeDealer({ code: "GEE", name: "Kestrel Geelong", city: "Geelong", postcode: "3220", lat: -38.15, lng: 144.36 }),
  makeDealer({ code: "CBD", name: "Kestrel City", postcode: "3000", lat: -37.81, lng: 144.96 }),
  makeDealer({ code: "SYD", name: "Kestrel Sydney", postcode: "2000", lat: -33.87, lng: 151.21 }),
  makeDealer({ code: "RCH", name: "Kestrel Richmond", postcode: "3121", lat: -37.823, lng: 144.998 }),
  makeDealer({ code: "AKL", name: "Kestrel Auckland", country: "nz", postcode: "1010", lat: -36.85, lng: 174.76 }),
];
const PMA: PmaMap = new Map([
  ["3121", "GEE"], // the PMA file assigns Richmond to Geelong, although the city dealer is nearer
  ["2000", "AKL"], // a mapping to another country's dealer is ignored
  ["3000", "GONE"], // a dealer missing from the dealer file
]);
const DATA = { dealers: DEALERS, pma: PMA, gazetteer: GAZETTEER };

describe("dealersForPostcode", () => {
  it("puts the PMA dealer first, then the others nearest first", () => {
    const result = dealersForPostcode("3121", "au", DATA);
    expect(result).toMatchObject({ postcode: "3121", geocoded: true, pmaDealerCode: "GEE" });
    expect(result.dealers.map((d) => d.code)).toEqual(["GEE", "RCH", "CBD", "SYD"]);
    expect(result.dealers[0].isPma).toBe(true);
    expect(result.dealers.slice(1).every((d) => !d.isPma)).toBe(true);
    expect(result.dealers[1].distanceKm).toBeLessThan(2);
  });

  it("keeps only the dealers under 100 km when there are at least 3", () => {
    const suburbs = [
      makeDealer({ code: "BOX", name: "Kestrel Box Hill", postcode: "3128", lat: -37.819, lng: 145.122 }),
      makeDealer({ code: "DAN", name: "Kestrel Dandenong", postcode: "3175", lat: -37.987, lng: 145.215 }),
    ];
    const result = dealersForPostcode("3121", "au", { ...DATA, dealers: [...DEALERS, ...suburbs] });
    // Sydney, over 600 km away, is no nearby dealership.
    expect(result.dealers.map((d) => d.code)).toEqual(["GEE", "RCH", "CBD", "BOX", "DAN"]);
    expect(result.dealers.every((d) => d.distanceKm! < 100)).toBe(true);
  });

  it("sorts by distance alone when the postcode has no usable PMA dealer", () => {
    expect(dealersForPostcode("2000", "au", DATA).dealers.map((d) => d.code)).toEqual(["SYD", "RCH", "CBD"]);
    const cbd = dealersForPostcode("3000", "au", DATA);
    expect(cbd.pmaDealerCode).toBeNull();
    expect(cbd.dealers.map((d) => d.code)).toEqual(["CBD", "RCH", "GEE"]);
  });

  it("lists the 3 nearest when fewer are under 100 km, and never the whole country", () => {
    const far = dealersForPostcode("0800", "au", DATA);
    expect(far.geocoded).toBe(true);
    // Darwin: Melbourne, Sydney and Richmond, about 3,100 km away; Geelong, the fourth, is left out.
    expect(far.dealers.map((d) => d.code)).toEqual(["CBD", "SYD", "RCH"]);
    expect(far.dealers.every((d) => d.distanceKm! > 100)).toBe(true);
  });

  it("lists only the country's dealers", () => {
    expect(dealersForPostcode("1010", "nz", DATA).dealers.map((d) => d.code)).toEqual(["AKL"]);
  });

  it("when the postcode cannot be geocoded: PMA dealer first, the rest by name, geocoded false", () => {
    const pma: PmaMap = new Map([["3999", "SYD"]]);
    const result = dealersForPostcode("3999", "au", { ...DATA, pma });
    expect(result).toMatchObject({ postcode: "3999", geocoded: false, point: null, pmaDealerCode: "SYD" });
    expect(result.dealers.map((d) => d.name)).toEqual([
      "Kestrel Sydney",
      "Kestrel City",
      "Kestrel Geelong",
      "Kestrel Richmond",
    ]);
    expect(result.dealers.every((d) => d.distanceKm === null)).toBe(true);
  });

  it("treats a missing or malformed postcode as not geocoded, dealers by name", () => {
    for (const postcode of [undefined, "", "31a", "31210"]) {
      const result = dealersForPostcode(postcode, "au", DATA);
      expect(result).toMatchObject({ postcode: null, geocoded: false, pmaDealerCode: null });
      expect(result.dealers.map((d) => d.code)).toEqual(["CBD", "GEE", "RCH", "SYD"]);
    }
  });

  it("reads a postcode of fewer than 4 digits with leading zeros: 800 is Darwin's 0800 (issue 25)", () => {
    const darwin = makeDealer({ code: "DRW", name: "Kestrel Darwin", postcode: "0820", lat: -12.427, lng: 130.883 });
    const pma: PmaMap = new Map([["0800", "DRW"]]);
    const result = dealersForPostcode("800", "au", { ...DATA, dealers: [...DEALERS, darwin], pma });
    expect(result).toMatchObject({ postcode: "0800", geocoded: true, pmaDealerCode: "DRW" });
    expect(result.dealers[0].code).toBe("DRW");
    // A 1- or 2-digit postcode is a postcode too (the form's rule); unknown here, so by name.
    expect(dealersForPostcode("31", "au", DATA)).toMatchObject({ postcode: "0031", geocoded: false });
  });

  it("geocodes from a dealer's postcode when the gazetteer lacks it", () => {
    const result = dealersForPostcode("3220", "au", { ...DATA, gazetteer: [] });
    expect(result.geocoded).toBe(true);
    expect(result.dealers.map((d) => d.code)).toEqual(["GEE", "CBD", "RCH"]);
  });

  it("exposes the selector texts letter for letter", () => {
    expect(DEALER_SELECTOR_PROMPT).toBe("Enter your postcode to select a nearby dealership");
    expect(DEALER_SELECTOR_NOT_GEOCODED).toBe("Select a nearby dealership");
  });
});

import { describe, expect, it } from "vitest";
import { distanceKm } from "~/features/dealers";
import {
  MAX_QUERY_LENGTH,
  NEAREST_FALLBACK_COUNT,
  dealerAnchorId,
  fillTemplate,
  formatDistance,
  listedDealers,
  locateDealers,
  selectDealerSearch,
  type LocatorParams,
} from "~/features/dealers/locator";
import { parseLocatorParams } from "~/features/dealers/locator-params";
import { AUCKLAND, GAZETTEER, MELBOURNE, SYDNEY, WELLINGTON, makeDealer } from "./fixtures";

const params = (p: Partial<LocatorParams> = {}): LocatorParams => ({ query: "", point: null, dealerCode: null, ...p });

/** Dealers at real places (rounded): Melbourne area, Geelong, Sydney, Darwin; Auckland, Wellington. */
const DEALERS = [
  makeDealer({ code: "RICH", name: "Kestrel Richmond", city: "Richmond", region: "VIC", postcode: "3121", lat: -37.8225, lng: 144.9992 }),
  makeDealer({ code: "DAND", name: "Kestrel Dandenong", city: "Dandenong", region: "VIC", lat: -37.9858, lng: 145.2165 }),
  makeDealer({ code: "GEEL", name: "Geelong Kestrel", city: "Geelong", region: "VIC", lat: -38.148, lng: 144.3575 }),
  makeDealer({ code: "BALL", name: "Ballarat Kestrel", city: "Ballarat", region: "VIC", lat: -37.5625, lng: 143.846 }),
  makeDealer({ code: "SYD", name: "Kestrel Alexandria", city: "Alexandria", region: "NSW", lat: -33.9035, lng: 151.2015 }),
  makeDealer({ code: "DRW", name: "Kestrel Darwin", city: "Winnellie", region: "NT", lat: -12.427, lng: 130.883 }),
  makeDealer({ code: "AKL", name: "Kestrel Newmarket", city: "Newmarket", region: "Auckland", country: "nz", ...AUCKLAND }),
  makeDealer({ code: "WGN", name: "Kestrel Wellington", city: "Wellington Central", region: "Wellington", country: "nz", ...WELLINGTON }),
];
const DATA = { dealers: DEALERS, gazetteer: GAZETTEER };

describe("parseLocatorParams", () => {
  it("reads the query, a location and the selected dealer", () => {
    expect(parseLocatorParams(new URLSearchParams("q=  Richmond,   VIC 3121 &dealer=AU-VIC-001"))).toEqual({
      query: "Richmond, VIC 3121",
      point: null,
      dealerCode: "AU-VIC-001",
    });
    expect(parseLocatorParams(new URLSearchParams("lat=-37.81&lng=144.96")).point).toEqual({ lat: -37.81, lng: 144.96 });
  });

  it("ignores malformed values instead of failing the page", () => {
    const p = parseLocatorParams(new URLSearchParams("lat=abc&lng=144&dealer=<script>"));
    expect(p).toEqual({ query: "", point: null, dealerCode: null });
    expect(parseLocatorParams(new URLSearchParams("lat=-95&lng=144")).point).toBeNull();
    expect(parseLocatorParams(new URLSearchParams("lat=-37")).point).toBeNull();
    expect(parseLocatorParams(new URLSearchParams(`q=${"a".repeat(300)}`)).query).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe("locateDealers", () => {
  it("lists every dealer of the country by name before any search, without distances", () => {
    const r = locateDealers(params(), "au", DATA);
    expect(r.mode).toBe("all");
    expect(r.origin).toBeNull();
    expect(r.dealers.map((d) => d.name)).toEqual([
      "Ballarat Kestrel",
      "Geelong Kestrel",
      "Kestrel Alexandria",
      "Kestrel Dandenong",
      "Kestrel Darwin",
      "Kestrel Richmond",
    ]);
    expect(r.dealers.every((d) => d.distanceKm === null)).toBe(true);
    expect(r.mapDealers.map((d) => d.code).sort()).toEqual(["BALL", "DAND", "DRW", "GEEL", "RICH", "SYD"]);
  });

  it("searching postcode 3121 lists the dealers under 100 km of Richmond, nearest first (Ballarat, ~105 km, is out)", () => {
    const r = locateDealers(params({ query: "3121" }), "au", DATA);
    expect(r.mode).toBe("nearby");
    expect(r.origin).toMatchObject({ kind: "place", label: "VIC 3121" });
    expect(r.dealers.map((d) => d.code)).toEqual(["RICH", "DAND", "GEEL"]);
    const km = r.dealers.map((d) => d.distanceKm as number);
    expect(km[0]).toBeLessThan(2);
    expect(km[1]).toBeGreaterThan(24); // Richmond to Dandenong, about 26 km
    expect(km[1]).toBeLessThan(28);
    expect(km[2]).toBeGreaterThan(60); // to Geelong, about 65 km
    expect(km[2]).toBeLessThan(70);
    expect(distanceKm(r.origin!, DEALERS[3])).toBeGreaterThan(100); // Ballarat
    expect(km.every((d) => d < 100)).toBe(true);
    expect(km).toEqual([...km].sort((a, b) => a - b));
  });

  it("searching by suburb name in New Zealand finds that country's place and dealers only", () => {
    const r = locateDealers(params({ query: "Wellington" }), "nz", DATA);
    expect(r.mode).toBe("nearby");
    expect(r.origin?.label).toBe("Wellington Central, Wellington 6011");
    expect(r.dealers.map((d) => d.code)).toEqual(["WGN"]);
    // Auckland is about 494 km from Wellington: not listed, still on the map.
    expect(r.mapDealers.map((d) => d.code)).toEqual(["AKL", "WGN"]);
  });

  it("lists the 3 nearest when none is within 100 km", () => {
    const r = locateDealers(params({ point: { lat: -23.698, lng: 133.88 } }), "au", DATA); // Alice Springs
    expect(r.mode).toBe("nearest");
    expect(NEAREST_FALLBACK_COUNT).toBe(3);
    // Alice Springs: Darwin ~1300 km, then Ballarat and Geelong ~1900 km; Sydney ~2000 km is 4th.
    expect(r.dealers.map((d) => d.code)).toEqual(["DRW", "BALL", "GEEL"]);
    expect(r.dealers.every((d) => (d.distanceKm as number) >= 100)).toBe(true);
  });

  it("takes the visitor's location over the query, labelled by the query when there is one", () => {
    const here = locateDealers(params({ point: SYDNEY }), "au", DATA);
    expect(here.origin).toEqual({ ...SYDNEY, label: null, kind: "location" });
    expect(here.dealers.map((d) => d.code)).toEqual(["SYD"]);
    const picked = locateDealers(params({ query: "Somewhere, NSW", point: SYDNEY }), "au", DATA);
    expect(picked.origin).toEqual({ ...SYDNEY, label: "Somewhere, NSW", kind: "place" });
  });

  it("says so when the place is unknown, and offers other matching places otherwise", () => {
    const unknown = locateDealers(params({ query: "Atlantis" }), "au", DATA);
    expect(unknown.mode).toBe("not-found");
    expect(unknown.dealers).toEqual([]);
    // Two Richmonds: the search takes one and links the other.
    const richmond = locateDealers(params({ query: "Richmond" }), "au", DATA);
    expect(richmond.origin?.label).toBe("Richmond, NSW 2753");
    expect(richmond.alternatives.map((a) => a.label)).toEqual(["Richmond, VIC 3121"]);
    const vic = locateDealers(params({ query: "Richmond, VIC 3121" }), "au", DATA);
    expect(vic.origin?.label).toBe("Richmond, VIC 3121");
    expect(vic.dealers[0].code).toBe("RICH");
  });

  it("selects a dealer of the country with its distance from the origin; another country's code selects nothing", () => {
    const r = locateDealers(params({ query: "3121", dealerCode: "GEEL" }), "au", DATA);
    expect(r.selected?.code).toBe("GEEL");
    expect(r.selected?.distanceKm).toBeGreaterThan(60);
    expect(listedDealers(r).map((d) => d.code)).toEqual(["GEEL"]);
    expect(locateDealers(params({ dealerCode: "AKL" }), "au", DATA).selected).toBeNull();
    expect(locateDealers(params({ dealerCode: "GEEL" }), "au", DATA).selected?.distanceKm).toBeNull();
  });

  it("keeps the nearby rule exact: a dealer 100 km away is out, 99.9 km in", () => {
    const north = (km: number) => ({ lat: MELBOURNE.lat + (km / 6371.071) * (180 / Math.PI), lng: MELBOURNE.lng });
    const dealers = [makeDealer({ code: "IN", ...north(99.9) }), makeDealer({ code: "OUT", ...north(100) })];
    const r = locateDealers(params({ point: MELBOURNE }), "au", { dealers, gazetteer: [] });
    expect(r.dealers.map((d) => d.code)).toEqual(["IN"]);
  });
});

describe("links and texts", () => {
  it("selects a dealer keeping the search, and anchors each dealer", () => {
    expect(selectDealerSearch(new URLSearchParams("q=3121&dealer=OLD&utm=x"), "AU-VIC-001")).toBe("?q=3121&dealer=AU-VIC-001");
    expect(selectDealerSearch(new URLSearchParams("lat=-37.8&lng=145"), "K 1")).toBe("?lat=-37.8&lng=145&dealer=K+1");
    expect(dealerAnchorId("AU-VIC-001")).toBe("dealer-AU-VIC-001");
    expect(dealerAnchorId("K 1/2")).toBe("dealer-K-1-2");
  });

  it("formats distances and fills content templates", () => {
    expect(formatDistance(0.512)).toBe("0.5");
    expect(formatDistance(67.14)).toBe("67.1");
    expect(formatDistance(644.4)).toBe("644");
    expect(fillTemplate("Dealers near {place}", { place: "Richmond, VIC 3121" })).toBe("Dealers near Richmond, VIC 3121");
    expect(fillTemplate("{distance} km away {unknown}", { distance: "2.0" })).toBe("2.0 km away {unknown}");
  });
});

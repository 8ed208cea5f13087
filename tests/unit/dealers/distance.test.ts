import { describe, expect, it } from "vitest";
import {
  COUNTRY_BOUNDS,
  DEFAULT_MAP_CENTRES,
  DEFAULT_MAP_ZOOM,
  EARTH_RADIUS_KM,
  NEARBY_RADIUS_KM,
  PLACE_SEARCH_ZOOM,
  distanceKm,
  isInCountry,
  nearbyDealers,
  sortByDistance,
  type LatLng,
} from "~/features/dealers";
import { AUCKLAND, MELBOURNE, SYDNEY, WELLINGTON, makeDealer } from "./fixtures";

/** A point due north (positive km) or south of `from`, at exactly `km` along the meridian. */
function alongMeridian(from: LatLng, km: number): LatLng {
  return { lat: from.lat + ((km / EARTH_RADIUS_KM) * 180) / Math.PI, lng: from.lng };
}

describe("distanceKm (haversine, earth radius 6371.071 km)", () => {
  it.each([
    ["Melbourne", MELBOURNE, "Sydney", SYDNEY, 713],
    ["Auckland", AUCKLAND, "Wellington", WELLINGTON, 494],
  ])("%s to %s is about %s km", (_a, a, _b, b, km) => {
    const d = distanceKm(a, b);
    expect(Math.abs(d - km) / km).toBeLessThan(0.01);
    expect(distanceKm(b, a)).toBe(d);
  });

  it("is zero for the same point and uses the spec's radius", () => {
    expect(distanceKm(MELBOURNE, MELBOURNE)).toBe(0);
    expect(EARTH_RADIUS_KM).toBe(6371.071);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371.071, 3);
  });
});

describe("nearbyDealers", () => {
  it("keeps a dealer 99.9 km away and drops one exactly 100 km away (strictly under 100)", () => {
    const kept = makeDealer({ code: "IN", ...alongMeridian(MELBOURNE, 99.9) });
    const edge = makeDealer({ code: "EDGE", ...alongMeridian(MELBOURNE, -100) });
    const far = makeDealer({ code: "FAR", ...SYDNEY });
    expect(NEARBY_RADIUS_KM).toBe(100);
    expect(distanceKm(MELBOURNE, edge)).toBe(100);
    const result = nearbyDealers([edge, far, kept], MELBOURNE);
    expect(result.map((d) => d.code)).toEqual(["IN"]);
    expect(result[0].distanceKm).toBeCloseTo(99.9, 6);
  });

  it("sorts nearest first, adds distanceKm and leaves the input untouched", () => {
    const dealers = [
      makeDealer({ code: "C", ...alongMeridian(MELBOURNE, 60) }),
      makeDealer({ code: "A", ...alongMeridian(MELBOURNE, 5) }),
      makeDealer({ code: "B", ...alongMeridian(MELBOURNE, -20) }),
    ];
    const before = structuredClone(dealers);
    const result = nearbyDealers(dealers, MELBOURNE);
    expect(result.map((d) => [d.code, Math.round(d.distanceKm)])).toEqual([
      ["A", 5],
      ["B", 20],
      ["C", 60],
    ]);
    expect(dealers).toEqual(before);
  });

  it("takes another radius", () => {
    const dealers = [makeDealer({ code: "A", ...alongMeridian(MELBOURNE, 30) })];
    expect(nearbyDealers(dealers, MELBOURNE, { radiusKm: 25 })).toEqual([]);
    expect(nearbyDealers(dealers, MELBOURNE, { radiusKm: 31 })).toHaveLength(1);
  });
});

describe("sortByDistance", () => {
  it("keeps every item, nearest first", () => {
    const items = [
      { id: "syd", ...SYDNEY },
      { id: "mel", ...MELBOURNE },
      { id: "akl", ...AUCKLAND },
    ];
    expect(sortByDistance(items, { lat: -37.9, lng: 145.1 }).map((i) => i.id)).toEqual(["mel", "syd", "akl"]);
  });
});

describe("bounds and map defaults", () => {
  it("has the spec's bounding boxes", () => {
    expect(COUNTRY_BOUNDS.au).toEqual({ west: 112.92, north: -10.68, east: 153.63, south: -43.65 });
    expect(COUNTRY_BOUNDS.nz).toEqual({ west: 166.5092, north: -34.4507, east: 178.5503, south: -47.2863 });
  });

  it("tells which country a point is in", () => {
    expect(isInCountry(MELBOURNE, "au")).toBe(true);
    expect(isInCountry(MELBOURNE, "nz")).toBe(false);
    expect(isInCountry(AUCKLAND, "nz")).toBe(true);
    expect(isInCountry(AUCKLAND, "au")).toBe(false);
    expect(isInCountry({ lat: 37.8136, lng: 144.9631 }, "au")).toBe(false); // lost minus sign
  });

  it("centres the map on Melbourne (au) and Auckland (nz), zoom 12 then 14 after a search", () => {
    expect(distanceKm(DEFAULT_MAP_CENTRES.au, MELBOURNE)).toBeLessThan(2);
    expect(distanceKm(DEFAULT_MAP_CENTRES.nz, AUCKLAND)).toBeLessThan(2);
    expect(isInCountry(DEFAULT_MAP_CENTRES.au, "au")).toBe(true);
    expect(isInCountry(DEFAULT_MAP_CENTRES.nz, "nz")).toBe(true);
    expect([DEFAULT_MAP_ZOOM, PLACE_SEARCH_ZOOM]).toEqual([12, 14]);
  });
});

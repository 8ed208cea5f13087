import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseGazetteerCsv } from "~/features/dealers";
import {
  auStateFromGeocodeJson,
  auStateFromName,
  locationFromHeaders,
  nearestAuState,
  parseLatLng,
} from "~/features/site-state/geo";

const gazetteer = parseGazetteerCsv(readFileSync(path.resolve("content-fixtures/assets/postcodes.csv"), "utf8")).gazetteer;

describe("location from CDN headers", () => {
  it("reads CloudFront, Cloudflare and Vercel geo headers", () => {
    expect(locationFromHeaders(new Headers({ "cloudfront-viewer-latitude": "-37.81", "cloudfront-viewer-longitude": "144.96" }))).toEqual({
      lat: -37.81,
      lng: 144.96,
    });
    expect(locationFromHeaders(new Headers({ "cf-iplatitude": "-27.47", "cf-iplongitude": "153.03" }))).toEqual({ lat: -27.47, lng: 153.03 });
    expect(locationFromHeaders(new Headers({ "x-vercel-ip-latitude": "-31.95", "x-vercel-ip-longitude": "115.86" }))).toEqual({
      lat: -31.95,
      lng: 115.86,
    });
  });

  it("gives null without headers, with half a pair, or with nonsense", () => {
    expect(locationFromHeaders(new Headers())).toBeNull();
    expect(locationFromHeaders(new Headers({ "cloudfront-viewer-latitude": "-37.81" }))).toBeNull();
    expect(locationFromHeaders(new Headers({ "cf-iplatitude": "abc", "cf-iplongitude": "1" }))).toBeNull();
    expect(parseLatLng("95", "10")).toBeNull();
    expect(parseLatLng("10", "-181")).toBeNull();
    expect(parseLatLng("", "")).toBeNull();
    expect(parseLatLng(-33.9, 151.2)).toEqual({ lat: -33.9, lng: 151.2 });
  });
});

describe("AU state names", () => {
  it.each([
    ["Victoria", "VIC"],
    ["New South Wales", "NSW"],
    ["Australian Capital Territory", "ACT"],
    ["Northern Territory", "NT"],
    ["Queensland", "QLD"],
    ["South Australia", "SA"],
    ["Tasmania", "TAS"],
    ["Western Australia", "WA"],
    ["wa", "WA"],
    ["AU-QLD", "QLD"],
    ["State of Queensland", "QLD"],
  ])("%s → %s", (name, code) => {
    expect(auStateFromName(name)).toBe(code);
  });

  it("gives null for anything else", () => {
    expect(auStateFromName("Auckland")).toBeNull();
    expect(auStateFromName("")).toBeNull();
    expect(auStateFromName(undefined)).toBeNull();
  });

  it("reads a geocodejson answer's features[0].properties.geocoding.state", () => {
    const answer = (geocoding: Record<string, unknown>) => ({ type: "FeatureCollection", features: [{ properties: { geocoding } }] });
    expect(auStateFromGeocodeJson(answer({ state: "Victoria", country_code: "au" }))).toBe("VIC");
    expect(auStateFromGeocodeJson(answer({ state: "Auckland", country_code: "nz" }))).toBeNull();
    expect(auStateFromGeocodeJson(answer({ state: "Tasmania" }))).toBe("TAS");
    expect(auStateFromGeocodeJson({ features: [] })).toBeNull();
    expect(auStateFromGeocodeJson(null)).toBeNull();
  });
});

describe("offline reverse geocoding by the nearest postcode centre", () => {
  it.each([
    ["Melbourne", -37.8136, 144.9631, "VIC"],
    ["Sydney", -33.8688, 151.2093, "NSW"],
    ["Canberra", -35.2809, 149.13, "ACT"],
    ["Brisbane", -27.4698, 153.0251, "QLD"],
    ["Adelaide", -34.9285, 138.6007, "SA"],
    ["Perth", -31.9523, 115.8613, "WA"],
    ["Hobart", -42.8821, 147.3272, "TAS"],
    ["Darwin", -12.4634, 130.8456, "NT"],
  ])("%s is in %s", (_name, lat, lng, state) => {
    expect(nearestAuState(gazetteer, { lat, lng })).toBe(state);
  });

  it("knows no state far from every Australian postcode (New Zealand, the ocean)", () => {
    expect(nearestAuState(gazetteer, { lat: -36.8485, lng: 174.7633 })).toBeNull();
    expect(nearestAuState(gazetteer, { lat: 0, lng: 0 })).toBeNull();
    expect(nearestAuState([], { lat: -37.8, lng: 144.9 })).toBeNull();
  });
});

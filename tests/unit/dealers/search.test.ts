import { describe, expect, it } from "vitest";
import { MAX_SUGGESTIONS, geocodePostcode, normaliseSearchText, resolvePlace, searchPlaces } from "~/features/dealers";
import { GAZETTEER, makeDealer, place } from "./fixtures";

const DEALERS = [
  makeDealer({
    code: "K1",
    name: "Kestrel Richmond",
    city: "Richmond",
    region: "VIC",
    postcode: "3121",
    lat: -37.823,
    lng: 144.998,
  }),
  makeDealer({
    code: "K2",
    name: "Kestrel Ballarat",
    city: "Ballarat",
    region: "VIC",
    postcode: "3350",
    lat: -37.5622,
    lng: 143.8503,
  }),
  makeDealer({
    code: "N1",
    name: "Kestrel Whangārei",
    city: "Whangārei",
    region: "Northland",
    postcode: "0110",
    country: "nz",
    lat: -35.73,
    lng: 174.32,
  }),
];
const DATA = { gazetteer: GAZETTEER, dealers: DEALERS };
const labels = (query: string, country: "au" | "nz" = "au") => searchPlaces(query, country, DATA).map((s) => s.label);

describe("normaliseSearchText", () => {
  it("drops case, accents and punctuation", () => {
    expect(normaliseSearchText("  Whangārei ")).toBe("whangarei");
    expect(normaliseSearchText("O'Connor, ACT")).toBe("oconnor act");
    expect(normaliseSearchText("Ōtāhuhu")).toBe("otahuhu");
  });
});

describe("searchPlaces", () => {
  it("finds a postcode's localities exactly, labelled with state and postcode", () => {
    const results = searchPlaces("3121", "au", DATA);
    expect(results.filter((r) => r.kind === "place").map((r) => r.label)).toEqual([
      "Burnley, VIC 3121",
      "Cremorne, VIC 3121",
      "Richmond, VIC 3121",
    ]);
    expect(results[0]).toMatchObject({ postcode: "3121", lat: -37.8274, lng: 145.0079 });
    // the dealer in that postcode comes after the places
    expect(results.at(-1)).toMatchObject({ kind: "dealer", dealerCode: "K1", label: "Kestrel Richmond, Richmond" });
  });

  it("matches a postcode exactly, not as a prefix; 3 digits mean a leading zero", () => {
    expect(labels("312")).toEqual([]);
    expect(labels("31210")).toEqual([]);
    expect(labels("800")).toEqual(["Darwin, NT 0800"]);
  });

  it("matches locality names by prefix, case-insensitively, exact matches first", () => {
    // a dealer whose name has a later word starting so comes last
    expect(labels("rich")).toEqual(["Richmond, NSW 2753", "Richmond, VIC 3121", "Kestrel Richmond, Richmond"]);
    expect(labels("MELB")).toEqual(["Melbourne, VIC 3000"]);
    expect(labels("sydney")).toEqual(["Sydney, NSW 2000", "North Sydney, NSW 2060"]);
  });

  it("ignores accents: 'whangarei' finds Whangārei", () => {
    expect(labels("whangarei", "nz")).toEqual(["Whangārei, Northland 0110", "Kestrel Whangārei, Whangārei"]);
    expect(labels("WHANGĀ", "nz")[0]).toBe("Whangārei, Northland 0110");
  });

  it("is restricted to the country", () => {
    expect(labels("richmond", "nz")).toEqual(["Richmond, Tasman 7020"]);
    expect(labels("auckland", "au")).toEqual([]);
    expect(labels("0110", "au")).toEqual([]);
    expect(labels("3121", "nz")).toEqual([]);
  });

  it("excludes entries outside the country's bounding box even if tagged with the country", () => {
    const gazetteer = [place("Kingston", "2899", "NSW", { lat: -29.05, lng: 167.95 })]; // Norfolk Island
    expect(searchPlaces("kingston", "au", { gazetteer })).toEqual([]);
  });

  it("narrows by state or postcode words and accepts its own labels back", () => {
    expect(labels("richmond vic")).toEqual(["Richmond, VIC 3121"]);
    expect(labels("Richmond 2753")).toEqual(["Richmond, NSW 2753"]);
    expect(labels("Richmond, VIC 3121")).toEqual(["Richmond, VIC 3121"]);
  });

  it("suggests dealers by name, after places", () => {
    expect(labels("kestrel")).toEqual(["Kestrel Ballarat, Ballarat", "Kestrel Richmond, Richmond"]);
    expect(searchPlaces("kestrel b", "au", DATA)[0]).toMatchObject({ kind: "dealer", dealerCode: "K2" });
  });

  it("uses a dealer's city as a locality when the gazetteer lacks it", () => {
    expect(labels("ballarat")).toEqual(["Ballarat, VIC 3350", "Kestrel Ballarat, Ballarat"]);
    expect(searchPlaces("3350", "au", { gazetteer: [], dealers: DEALERS })[0]).toMatchObject({
      label: "Ballarat, VIC 3350",
      kind: "place",
    });
  });

  it("returns at most 8 suggestions and nothing for a too-short or empty query", () => {
    const gazetteer = Array.from({ length: 20 }, (_, i) =>
      place(`Springvale ${i}`, String(3100 + i), "VIC", { lat: -37.9, lng: 145.1 }),
    );
    expect(searchPlaces("spring", "au", { gazetteer })).toHaveLength(MAX_SUGGESTIONS);
    expect(MAX_SUGGESTIONS).toBe(8);
    expect(labels("r")).toEqual([]);
    expect(labels("  ")).toEqual([]);
    expect(labels("zzz")).toEqual([]);
  });
});

describe("resolvePlace", () => {
  it("resolves a postcode to the centre of its localities", () => {
    const point = resolvePlace("3121", "au", DATA);
    expect(point).toMatchObject({ label: "VIC 3121", postcode: "3121" });
    expect(point?.lat).toBeCloseTo((-37.8182 - 37.8274 - 37.8302) / 3, 6);
    expect(point?.lng).toBeCloseTo((145.0018 + 145.0079 + 144.9934) / 3, 6);
  });

  it("resolves a single-locality postcode to that locality", () => {
    expect(resolvePlace("2000", "au", DATA)).toMatchObject({ label: "Sydney, NSW 2000", lat: -33.8688 });
  });

  it("resolves a name or a picked label to the best suggestion", () => {
    expect(resolvePlace("whangarei", "nz", DATA)).toMatchObject({ postcode: "0110", lat: -35.7251 });
    expect(resolvePlace("Richmond, NSW 2753", "au", DATA)).toMatchObject({ postcode: "2753", lat: -33.5983 });
  });

  it("falls back to the postcode when the name with it matches none of its localities", () => {
    expect(resolvePlace("Nowhere 3121", "au", DATA)).toMatchObject({ label: "VIC 3121", postcode: "3121" });
  });

  it("returns null for an unknown place, an empty query or another country's place", () => {
    expect(resolvePlace("Atlantis", "au", DATA)).toBeNull();
    expect(resolvePlace("", "au", DATA)).toBeNull();
    expect(resolvePlace("9999", "au", DATA)).toBeNull();
    expect(resolvePlace("Wellington Central", "au", DATA)).toBeNull();
  });
});

describe("geocodePostcode", () => {
  it("places a known postcode and not an unknown or invalid one", () => {
    expect(geocodePostcode("6011", "nz", DATA)).toEqual({ lat: -41.2865, lng: 174.7762 });
    expect(geocodePostcode("6011", "au", DATA)).toBeNull();
    expect(geocodePostcode("12", "au", DATA)).toBeNull();
  });
});

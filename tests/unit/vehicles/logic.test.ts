import { describe, expect, it } from "vitest";
import {
  accessoryHref,
  checkmarkColour,
  comparedModels,
  listAccessories,
  needsDummySlide,
  parseAccessoryQuery,
  rangeTabModels,
  selectedTab,
  sortVehicleModels,
  splitFeatures,
  vehiclePrice,
} from "~/features/vehicles/logic";
import type { VehicleAccessory, VehicleModel } from "~/features/vehicles/types";

function model(over: Partial<VehicleModel> & { uuid: string }): VehicleModel {
  return {
    slug: over.uuid,
    name: over.uuid,
    shortName: over.uuid,
    variantName: "",
    code: "",
    clearance: false,
    image: null,
    description: "",
    disclaimer: "",
    featureList: [],
    features: [],
    colours: [],
    priceDisclaimers: [],
    pricing: {},
    vehiclePrice: null,
    cleanCarProgramme: "",
    quoteVehicle: { nvicCode: "X" },
    configPath: "",
    ...over,
  };
}

const gx = model({
  uuid: "gx",
  pricing: { driveaway_retail_price: "52990", driveaway_abn_price: "50490", driveaway_price: "52990" },
  vehiclePrice: {
    driveaway_state_retail_prices: [{ au_state: "NSW", price: "53490" }],
    driveaway_state_abn_prices: [{ au_state: "NSW", price: "50990" }],
  },
  colours: [
    { uuid: "white", name: "White", hex: "#F2F3F1", price: "0", images: [], swatch: null },
    { uuid: "black", name: "Black", hex: "#1C1D1F", price: "690", images: [], swatch: null },
  ],
});
const cheap = model({ uuid: "cheap", pricing: { driveaway_retail_price: "40000", driveaway_abn_price: "39000" } });
const none = model({ uuid: "none", pricing: { driveaway_retail_price: "000" } });

describe("vehiclePrice", () => {
  it("uses the state price for the buyer type, plus the colour's price", () => {
    expect(vehiclePrice(gx, { country: "au", auState: "NSW", isABN: false }).text).toBe("$53,490");
    expect(vehiclePrice(gx, { country: "au", auState: "NSW", isABN: true }).text).toBe("$50,990");
    expect(vehiclePrice(gx, { country: "au", auState: "VIC", isABN: true }).text).toBe("$50,490");
    expect(vehiclePrice(gx, { country: "au", auState: "NSW", isABN: false }, gx.colours[1]).text).toBe("$54,180");
    expect(vehiclePrice(gx, { country: "au", auState: "NSW", isABN: false }, gx.colours[0]).text).toBe("$53,490");
  });
  it("shows the no-price text whatever the colour", () => {
    expect(vehiclePrice(none, { country: "au", auState: "VIC", isABN: false }, gx.colours[1]).text).toBe("Contact your Dealer for Pricing");
  });
  it("sorts by ascending driveaway price, priceless last", () => {
    expect(sortVehicleModels([none, gx, cheap], { country: "au", auState: "VIC", isABN: true }).map((m) => m.uuid)).toEqual(["cheap", "gx", "none"]);
  });
});

describe("colour selector checkmark", () => {
  it("is black on light colours and white on dark ones (YIQ against 150)", () => {
    expect(checkmarkColour("#F2F3F1")).toBe("#000000");
    expect(checkmarkColour("#1C1D1F")).toBe("#ffffff");
    expect(checkmarkColour("#B3262D")).toBe("#ffffff");
    // YIQ of #969696 is exactly 150: light enough.
    expect(checkmarkColour("#969696")).toBe("#000000");
    expect(checkmarkColour("#959595")).toBe("#ffffff");
    expect(checkmarkColour("not a colour")).toBe("#000000");
  });
});

describe("model features", () => {
  it("shows the first 6 (5 on mobile), the rest under More features", () => {
    const list = ["a", "b", "c", "d", "e", "f", "g", "h"];
    expect(splitFeatures(list, false)).toEqual({ shown: ["a", "b", "c", "d", "e", "f"], more: ["g", "h"] });
    expect(splitFeatures(list, true)).toEqual({ shown: ["a", "b", "c", "d", "e"], more: ["f", "g", "h"] });
  });
});

describe("range tabs", () => {
  it("hides clearance models, de-duplicates by short_name and selects the first eligible", () => {
    const tabs = rangeTabModels([
      model({ uuid: "run-out", shortName: "Urban Run-out", clearance: true }),
      model({ uuid: "urban", shortName: "Urban" }),
      model({ uuid: "urban-2", shortName: "urban" }),
      model({ uuid: "sport", shortName: "Sport" }),
    ]);
    expect(tabs.map((m) => m.uuid)).toEqual(["urban", "sport"]);
    expect(selectedTab(tabs, null)?.uuid).toBe("urban");
    expect(selectedTab(tabs, "sport")?.uuid).toBe("sport");
    expect(selectedTab(tabs, "nope")?.uuid).toBe("urban");
  });
  it("adds a dummy slide when tabs × 230 exceed 1470", () => {
    expect(needsDummySlide(6)).toBe(false);
    expect(needsDummySlide(7)).toBe(true);
  });
});

describe("accessories listing", () => {
  const acc = (name: string, price: string, categories: string[]): VehicleAccessory => ({
    uuid: name,
    name,
    description: "",
    price,
    code: "",
    image: null,
    categories,
  });
  const list = [
    acc("Towbar", "1290", ["Towing"]),
    acc("Floor mats", "209", ["Interior"]),
    acc("Bike carrier", "459", ["Towing", "Exterior"]),
    acc("Dash camera", "", ["Interior"]),
    acc("Roof racks", "549", ["Exterior"]),
    acc("Mud flaps", "119", ["Exterior"]),
    acc("Cargo liner", "159", ["Interior"]),
    acc("Weather shields", "189", ["Exterior"]),
  ];
  const categories = ["Towing", "Interior", "Exterior"];

  it("shows 6, then 6 more per Load more", () => {
    const first = listAccessories(list, parseAccessoryQuery(new URLSearchParams(""), categories), "au");
    expect(first.shown).toHaveLength(6);
    expect(first.hasMore).toBe(true);
    const second = listAccessories(list, parseAccessoryQuery(new URLSearchParams("pages=2"), categories), "au");
    expect(second.shown).toHaveLength(8);
    expect(second.hasMore).toBe(false);
  });
  it("filters by category and sorts A to Z, price high or low (AU); either shows all", () => {
    const byCategory = listAccessories(list, parseAccessoryQuery(new URLSearchParams("category=Exterior"), categories), "au");
    expect(byCategory.shown.map((a) => a.name)).toEqual(["Bike carrier", "Roof racks", "Mud flaps", "Weather shields"]);
    const high = listAccessories(list, parseAccessoryQuery(new URLSearchParams("sort=priceHigh"), categories), "au");
    expect(high.shown).toHaveLength(8);
    expect(high.shown.map((a) => a.name).slice(0, 3)).toEqual(["Towbar", "Roof racks", "Bike carrier"]);
    expect(high.shown.at(-1)?.name).toBe("Dash camera");
    const low = listAccessories(list, parseAccessoryQuery(new URLSearchParams("sort=priceLow"), categories), "au");
    expect(low.shown[0].name).toBe("Mud flaps");
    const az = listAccessories(list, parseAccessoryQuery(new URLSearchParams("sort=alphabetical"), categories), "au");
    expect(az.shown[0].name).toBe("Bike carrier");
    // NZ has no prices to sort by: the sort is ignored.
    const nz = listAccessories(list, parseAccessoryQuery(new URLSearchParams("sort=priceHigh"), categories), "nz");
    expect(nz.shown).toHaveLength(6);
  });
  it("ignores unknown values and keeps the state in the URL", () => {
    expect(parseAccessoryQuery(new URLSearchParams("category=Nope&sort=random&pages=-1"), categories)).toEqual({
      category: null,
      sort: null,
      pages: 1,
    });
    expect(accessoryHref("/au/x", { category: "Towing", sort: "priceLow", pages: 1 })).toBe("/au/x?category=Towing&sort=priceLow");
  });
});

describe("compare grid", () => {
  it("shows the models of ?compare= or the first ones", () => {
    const models = [cheap, gx, none];
    expect(comparedModels(models, null, 2).map((m) => m.uuid)).toEqual(["cheap", "gx"]);
    expect(comparedModels(models, "none,unknown,cheap", 2).map((m) => m.uuid)).toEqual(["none", "cheap"]);
    expect(comparedModels(models, "", 2)).toEqual([]);
  });
});

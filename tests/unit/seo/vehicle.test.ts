import { describe, expect, it } from "vitest";
import {
  carFromCatalogue,
  driveWheelConfigurationOf,
  isoDate,
  offerCatalogFromCatalogue,
  selectOfferModels,
  type CatalogueModel,
  type CatalogueStory,
} from "~/features/seo/vehicle";

const SITE = "https://www.kestrel.example";

// A catalogue made here: one line ("brolga") with AU and NZ models.
let n = 0;
function model(country: "au" | "nz", slug: string, content: Partial<CatalogueModel> & Record<string, unknown>): CatalogueStory<CatalogueModel> {
  n++;
  return {
    uuid: `uuid-${slug}-${country}-${n}`,
    full_slug: `car-configurator/models/brolga/${country}/${slug}`,
    content: { component: `model-${country}`, model_line: "line-uuid", ...content },
  };
}

const option = (name: string, codes = "", extra: Record<string, unknown> = {}) => ({ component: "option", _uid: name, name, modelCodes: codes, ...extra });

const auBase = model("au", "base", {
  name: "Brolga Base",
  short_name: "Base",
  code: "BR-B",
  driveaway_abn_price: "40990",
  driveaway_retail_price: "42990",
  // Resolved vehicle-price: the VIC ABN price wins for the default buyer (VIC, ABN).
  driveaway_state_prices: {
    uuid: "vp",
    content: { component: "vehicle-price", driveaway_state_abn_prices: [{ au_state: "VIC", price: "39990" }, { au_state: "NSW", price: "1" }] },
  },
  engines: [option("2.0 petrol", "BR-B,BR-S", { engine_type: "petrol" }), option("2.5 hybrid", "BR-H", { engine_type: "hybrid" })],
  drivetrains: [option("Front-wheel drive", "BR-B"), option("On-demand AWD", "BR-S,BR-H")],
  transmissions: [option("CVT")],
});
const auSport = model("au", "sport", {
  name: "Brolga Sport",
  short_name: "Sport",
  code: "BR-S",
  driveaway_abn_price: "49990",
  engines: [option("2.0 petrol", "BR-B,BR-S", { engine_type: "petrol" })],
  drivetrains: [option("On-demand AWD", "BR-S,BR-H")],
  transmissions: [option("8-speed automatic")],
});
const auNoPrice = model("au", "hybrid", {
  name: "Brolga Hybrid",
  short_name: "Hybrid",
  code: "BR-H",
  driveaway_abn_price: "000",
  clearance: true,
  engines: [option("2.5 hybrid", "BR-H", { engine_type: "hybrid" })],
});
const auRunOut = model("au", "run-out", {
  name: "Brolga Run-out",
  short_name: "Run-out",
  driveaway_abn_price: "35990",
  clearance: true,
  modelConfigUrl: "/au/config/brolga?model=Run-out",
  image: { filename: "/media/brolga.png" },
});
const nzBase = model("nz", "base", { name: "Brolga Base", short_name: "Base", driveaway_price: "45990", clearance: true });
const nzSport = model("nz", "sport", { name: "Brolga Sport", short_name: "Sport", driveaway_price: "54990", model_line: "other-line" });
const all = [auBase, auSport, auNoPrice, auRunOut, nzBase, nzSport];

const line = {
  name: "Brolga",
  vehicle_type: "Medium SUV",
  description: "A test SUV.",
  image: { filename: "/media/brolga-line.png" },
  seating_capacity: "5",
};

describe("carFromCatalogue", () => {
  const car = carFromCatalogue({ siteUrl: SITE, url: `${SITE}/au/models/suv/brolga`, country: "au", brand: "Kestrel", line, models: all });

  it("is a Car of the brand's model line with details from the models' options", () => {
    expect(car).toMatchObject({
      "@type": "Car",
      name: "Kestrel Brolga",
      brand: { "@type": "Brand", name: "Kestrel" },
      model: "Brolga",
      bodyType: "Medium SUV",
      seatingCapacity: 5,
      image: `${SITE}/media/brolga-line.png`,
      url: `${SITE}/au/models/suv/brolga`,
    });
    // Options apply only to the models their modelCodes name.
    expect(car.fuelType).toEqual(["Petrol", "Hybrid"]);
    expect(car.driveWheelConfiguration).toEqual([
      "https://schema.org/FrontWheelDriveConfiguration",
      "https://schema.org/AllWheelDriveConfiguration",
    ]);
    expect(car.vehicleTransmission).toEqual(["CVT", "8-speed automatic"]);
    // In price order, models without a price last.
    expect(car.vehicleConfiguration).toEqual(["Run-out", "Base", "Sport", "Hybrid"]);
  });

  it("has an AggregateOffer over the country's models with a valid price (AU: VIC, ABN buyer)", () => {
    expect(car.offers).toEqual({
      "@type": "AggregateOffer",
      priceCurrency: "AUD",
      lowPrice: 35990,
      highPrice: 49990,
      offerCount: 3,
      availability: "https://schema.org/InStock",
      url: `${SITE}/au/models/suv/brolga`,
    });
  });

  it("uses the NZ models and NZD in New Zealand", () => {
    const nz = carFromCatalogue({ siteUrl: SITE, url: `${SITE}/nz/models/suv/brolga`, country: "nz", brand: "Kestrel", line, models: all });
    expect(nz.offers).toMatchObject({ priceCurrency: "NZD", lowPrice: 45990, highPrice: 54990, offerCount: 2 });
    expect(nz.vehicleConfiguration).toEqual(["Base", "Sport"]);
  });

  it("has no offer when no model has a valid price", () => {
    const none = carFromCatalogue({ siteUrl: SITE, url: "u", country: "au", brand: "Kestrel", line: { name: "X" }, models: [auNoPrice] });
    expect(none).not.toHaveProperty("offers");
    expect(none).not.toHaveProperty("seatingCapacity");
  });
});

describe("driveWheelConfigurationOf", () => {
  it.each([
    ["Full-time AWD", "https://schema.org/AllWheelDriveConfiguration"],
    ["Part-time 4x4 with rear diff lock", "https://schema.org/FourWheelDriveConfiguration"],
    ["Front-wheel drive", "https://schema.org/FrontWheelDriveConfiguration"],
    ["RWD", "https://schema.org/RearWheelDriveConfiguration"],
    ["4x2 high-ride", "4x2 high-ride"],
  ])("%s", (name, expected) => {
    expect(driveWheelConfigurationOf(name)).toBe(expected);
  });
});

describe("selectOfferModels", () => {
  const slugs = (list: CatalogueStory<CatalogueModel>[]) => list.map((m) => m.full_slug.split("/").slice(-2).join("/"));

  it("without show_all_models lists the country's clearance models", () => {
    expect(slugs(selectOfferModels(all, "au", null))).toEqual(["au/hybrid", "au/run-out"]);
    expect(slugs(selectOfferModels(all, "nz", {}))).toEqual(["nz/base"]);
  });
  it("with show_all_models lists every model of the country", () => {
    expect(slugs(selectOfferModels(all, "nz", { show_all_models: true }))).toEqual(["nz/base", "nz/sport"]);
  });
  it("narrows to the block's models, else its model lines", () => {
    expect(slugs(selectOfferModels(all, "au", { show_all_models: true, models: [auSport.uuid, { uuid: auBase.uuid }] }))).toEqual(["au/base", "au/sport"]);
    expect(slugs(selectOfferModels(all, "nz", { show_all_models: true, model_lines: ["other-line"] }))).toEqual(["nz/sport"]);
  });
});

describe("offerCatalogFromCatalogue", () => {
  it("offers each selected model with a valid price, A to Z, valid until the content's date", () => {
    const node = offerCatalogFromCatalogue({
      siteUrl: SITE,
      url: `${SITE}/au/offers`,
      country: "au",
      brand: "Kestrel",
      name: "Current offers",
      models: all,
      lineNames: { brolga: "Brolga" },
      settings: { show_all_models: true },
      priceValidUntil: "2026-12-31",
    });
    const offers = node.itemListElement as Record<string, unknown>[];
    expect(offers.map((o) => o.name)).toEqual(["Kestrel Brolga Base", "Kestrel Brolga Run-out", "Kestrel Brolga Sport"]);
    expect(offers[0]).toMatchObject({
      price: 39990,
      priceCurrency: "AUD",
      priceValidUntil: "2026-12-31",
      availability: "https://schema.org/InStock",
      url: `${SITE}/au/config/brolga?model=Base`,
      itemOffered: { "@type": "Car", model: "Brolga", vehicleConfiguration: "Base" },
    });
    expect(offers[1]).toMatchObject({ url: `${SITE}/au/config/brolga?model=Run-out`, itemOffered: { image: `${SITE}/media/brolga.png` } });
    expect(node.numberOfItems).toBe(3);
  });
});

describe("isoDate", () => {
  it.each([
    ["2026-12-31", "2026-12-31"],
    ["2026-12-31 00:00", "2026-12-31"],
    ["2026-12-31T13:00:00.000Z", "2026-12-31"],
    ["2026-02-30", null],
    ["31/12/2026", null],
    ["", null],
    [undefined, null],
  ])("%j → %j", (value, expected) => {
    expect(isoDate(value)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import {
  AU_STATES,
  NO_PRICE_TEXT,
  driveawayPrice,
  priceWording,
  resolveVehiclePrice,
  statePrice,
  type AuState,
  type BuyerContext,
  type PricedModel,
  type VehiclePriceInput,
} from "~/features/pricing";

const au = (isABN: boolean, auState: AuState | null = "VIC"): BuyerContext => ({ country: "au", auState, isABN });
const nz: BuyerContext = { country: "nz", isABN: true };

/** A state price per state: ABN 50000 + i * 100, retail 51000 + i * 100 (ACT = 0). */
const fullStatePrices: VehiclePriceInput = {
  driveaway_state_abn_prices: AU_STATES.map((s, i) => ({ au_state: s, price: String(50000 + i * 100) })),
  driveaway_state_retail_prices: AU_STATES.map((s, i) => ({ au_state: s, price: String(51000 + i * 100) })),
};

const auModel: PricedModel = {
  driveaway_abn_price: "45990",
  driveaway_retail_price: "47990",
  driveaway_price_type: "Driveaway",
  driveaway_state_prices: { uuid: "vp-1", content: { component: "vehicle-price", ...fullStatePrices } },
};

describe("driveawayPrice: AU buyer type without state prices", () => {
  const model: PricedModel = { driveaway_abn_price: "45990", driveaway_retail_price: "47990" };
  it.each([
    [true, 45990, "$45,990"],
    [false, 47990, "$47,990"],
  ])("isABN %j uses %j", (isABN, amount, text) => {
    expect(driveawayPrice(model, au(isABN))).toEqual({ amount, text, wording: "Driveaway", source: "model" });
  });

  it("ignores driveaway_price (NZ field) in AU", () => {
    expect(driveawayPrice({ driveaway_price: "39990" }, au(true)).amount).toBeNull();
  });

  it("does not cross buyer types when one price is missing", () => {
    expect(driveawayPrice({ driveaway_retail_price: "47990" }, au(true)).amount).toBeNull();
    expect(driveawayPrice({ driveaway_abn_price: "45990" }, au(false)).amount).toBeNull();
  });
});

describe("driveawayPrice: AU state override", () => {
  it.each(AU_STATES.map((s, i) => [s, 50000 + i * 100, 51000 + i * 100] as const))(
    "%s: ABN %j, retail %j",
    (state, abn, retail) => {
      const abnPrice = driveawayPrice(auModel, au(true, state));
      expect(abnPrice.amount).toBe(abn);
      expect(abnPrice.source).toBe("state");
      expect(abnPrice.wording).toBe("Driveaway");
      const retailPrice = driveawayPrice(auModel, au(false, state));
      expect(retailPrice.amount).toBe(retail);
      expect(retailPrice.source).toBe("state");
    },
  );

  it("formats the state price", () => {
    expect(driveawayPrice(auModel, au(true, "NSW")).text).toBe("$50,100");
  });

  const partial: VehiclePriceInput = {
    driveaway_state_abn_prices: [
      { au_state: "NSW", price: "51990" },
      { au_state: "QLD", price: "0" },
      { au_state: "SA", price: "" },
      { au_state: "TAS", price: " 52990" },
      { au_state: "WA", price: "abc" },
      { au_state: "", price: "53990" },
      { au_state: "NT", price: "000" },
    ],
    driveaway_state_retail_prices: [{ au_state: "VIC", price: "49990" }],
  };

  it.each([
    // state, isABN, amount, source
    ["NSW", true, 51990, "state"],
    ["VIC", true, 45990, "model"], // no ABN entry for VIC
    ["ACT", true, 45990, "model"], // no entry at all
    ["QLD", true, 45990, "model"], // "0"
    ["SA", true, 45990, "model"], // ""
    ["TAS", true, 45990, "model"], // whitespace
    ["WA", true, 45990, "model"], // not numeric
    ["NT", true, 45990, "model"], // all zeros
    ["VIC", false, 49990, "state"],
    ["NSW", false, 47990, "model"], // the ABN list is not used for private buyers
  ] as const)("%s isABN %j gives %j from %s", (state, isABN, amount, source) => {
    const result = driveawayPrice({ ...auModel, driveaway_state_prices: partial }, au(isABN, state));
    expect(result.amount).toBe(amount);
    expect(result.source).toBe(source);
  });

  it("uses the first valid entry when a state is listed twice", () => {
    const dup: VehiclePriceInput = {
      driveaway_state_abn_prices: [
        { au_state: "NSW", price: "0" },
        { au_state: "NSW", price: "52000" },
        { au_state: "NSW", price: "53000" },
      ],
    };
    expect(driveawayPrice(auModel, au(true, "NSW"), dup).amount).toBe(52000);
  });

  it.each([
    ["no state", null],
    ["an unknown state", "XYZ" as AuState],
  ])("uses the national price with %s", (_label, state) => {
    expect(driveawayPrice(auModel, au(true, state)).amount).toBe(45990);
    expect(driveawayPrice(auModel, au(false, state)).amount).toBe(47990);
  });

  it("uses the national price when the state lists are missing or not lists", () => {
    expect(driveawayPrice({ ...auModel, driveaway_state_prices: { content: {} } }, au(true, "NSW")).amount).toBe(45990);
    const broken = { driveaway_state_abn_prices: "nope" } as unknown as VehiclePriceInput;
    expect(driveawayPrice(auModel, au(true, "NSW"), broken).amount).toBe(45990);
  });

  it("uses the state price even when the model has no national price", () => {
    const model: PricedModel = { driveaway_state_prices: { content: fullStatePrices } };
    expect(driveawayPrice(model, au(false, "WA")).amount).toBe(51700);
  });
});

describe("driveawayPrice: vehicle-price reference forms", () => {
  const vp: VehiclePriceInput = { driveaway_state_abn_prices: [{ au_state: "NSW", price: "55000" }] };
  const model: PricedModel = { driveaway_abn_price: "45990", driveaway_retail_price: "47990" };

  it.each([
    ["a resolved story on the model", { ...model, driveaway_state_prices: { uuid: "u1", content: vp } }, undefined],
    ["content on the model", { ...model, driveaway_state_prices: { component: "vehicle-price", ...vp } }, undefined],
    ["an explicit story argument", { ...model, driveaway_state_prices: "u1" }, { uuid: "u1", content: vp }],
    ["an explicit content argument", { ...model, driveaway_state_prices: "u1" }, vp],
  ])("reads state prices from %s", (_label, m, arg) => {
    expect(driveawayPrice(m, au(true, "NSW"), arg).amount).toBe(55000);
  });

  it("prefers the explicit argument over the model's resolved reference", () => {
    const other: VehiclePriceInput = { driveaway_state_abn_prices: [{ au_state: "NSW", price: "56000" }] };
    expect(driveawayPrice({ ...model, driveaway_state_prices: { content: vp } }, au(true, "NSW"), other).amount).toBe(56000);
  });

  it("falls back to the model's reference when the argument is an unresolvable UUID", () => {
    expect(driveawayPrice({ ...model, driveaway_state_prices: { content: vp } }, au(true, "NSW"), "u9").amount).toBe(55000);
  });

  it.each([
    ["a UUID string", "u1"],
    ["an empty string", ""],
    ["null", null],
    ["a number", 5],
    ["a story without content", { uuid: "u1" }],
    ["a story with a string content", { uuid: "u1", content: "x" }],
  ])("uses the national price when the model's reference is %s", (_label, ref) => {
    const result = driveawayPrice({ ...model, driveaway_state_prices: ref }, au(true, "NSW"));
    expect(result.amount).toBe(45990);
    expect(result.source).toBe("model");
  });

  it("uses the vehicle-price's national price when the model has none", () => {
    const prices = { driveaway_abn_price: "44990", driveaway_retail_price: "46990", driveaway_price: "41990" };
    expect(driveawayPrice({ driveaway_state_prices: { content: prices } }, au(true, "NSW"))).toMatchObject({
      amount: 44990,
      source: "vehicle-price",
    });
    expect(driveawayPrice({ driveaway_state_prices: { content: prices } }, au(false)).amount).toBe(46990);
    expect(driveawayPrice({ driveaway_state_prices: { content: prices } }, nz).amount).toBe(41990);
    // The model's own national price wins over the vehicle-price's.
    expect(driveawayPrice({ driveaway_abn_price: "45990", driveaway_state_prices: { content: prices } }, au(true)).amount).toBe(45990);
  });
});

describe("resolveVehiclePrice / statePrice", () => {
  const content: VehiclePriceInput = { driveaway_abn_price: "1" };
  it.each([
    ["story", { uuid: "a", content }, [], content],
    ["content", content, [], content],
    ["uuid found in rels", "a", [{ uuid: "b", content: {} }, { uuid: "a", content }], content],
    ["uuid not in rels", "a", [{ uuid: "b", content }], undefined],
    ["uuid without rels", "a", [], undefined],
    ["empty string", "", [{ uuid: "", content }], undefined],
    ["null", null, [], undefined],
    ["array", [content], [], undefined],
  ])("%s", (_label, ref, rels, expected) => {
    expect(resolveVehiclePrice(ref, rels)).toBe(expected);
  });

  it("finds a valid state entry", () => {
    expect(statePrice([{ au_state: "SA", price: "1,000.50" }], "SA")).toBe(1000.5);
    expect(statePrice(undefined, "SA")).toBeNull();
    expect(statePrice([{ au_state: "SA", price: "0" }], "SA")).toBeNull();
  });
});

describe("driveawayPrice: NZ", () => {
  it.each([
    ["Driveaway", "Driveaway inc GST + ORC"],
    ["RRP", "RRP inc GST + ORC"],
    [" Driveaway ", "Driveaway inc GST + ORC"],
    ["", "inc GST + ORC"],
    [undefined, "inc GST + ORC"],
  ])("price type %j gives wording %j", (type, wording) => {
    const result = driveawayPrice({ driveaway_price: "39990", driveaway_price_type: type }, nz);
    expect(result).toEqual({ amount: 39990, text: "$39,990", wording, source: "model" });
    expect(priceWording({ driveaway_price_type: type }, "nz")).toBe(wording);
  });

  it("AU wording is Driveaway whatever the price type", () => {
    expect(priceWording({ driveaway_price_type: "RRP" }, "au")).toBe("Driveaway");
  });

  it.each([true, false])("uses driveaway_price for any buyer type (isABN %j), ignoring AU fields and states", (isABN) => {
    const model: PricedModel = {
      driveaway_price: "39990",
      driveaway_abn_price: "1000",
      driveaway_retail_price: "2000",
      driveaway_state_prices: { content: fullStatePrices },
    };
    expect(driveawayPrice(model, { country: "nz", auState: "NSW", isABN }).amount).toBe(39990);
  });

  it("has no price when only AU prices are set", () => {
    expect(driveawayPrice({ driveaway_abn_price: "45990", driveaway_retail_price: "47990" }, nz).amount).toBeNull();
  });
});

describe("driveawayPrice: no valid price", () => {
  it.each([
    ["missing", {}],
    ["zero", { driveaway_abn_price: "0", driveaway_retail_price: "0", driveaway_price: "0" }],
    ["all zeros", { driveaway_abn_price: "0000", driveaway_retail_price: "0000", driveaway_price: "0000" }],
    ["empty", { driveaway_abn_price: "", driveaway_retail_price: "", driveaway_price: "" }],
    ["whitespace", { driveaway_abn_price: " ", driveaway_retail_price: "47 990", driveaway_price: "39990 " }],
    ["text", { driveaway_abn_price: "TBA", driveaway_retail_price: "TBA", driveaway_price: "TBA" }],
  ])("%s: amount null and the no-price text", (_label, model) => {
    for (const context of [au(true), au(false), au(true, "NSW"), nz]) {
      const result = driveawayPrice(model, context);
      expect(result.amount).toBeNull();
      expect(result.text).toBe(NO_PRICE_TEXT);
      expect(result.source).toBe("none");
    }
  });

  it("keeps the wording so the caller can decide", () => {
    expect(driveawayPrice({ driveaway_price_type: "Driveaway" }, nz).wording).toBe("Driveaway inc GST + ORC");
    expect(driveawayPrice({}, au(true)).wording).toBe("Driveaway");
  });

  it.each([
    ["a valid fallback price", { price: "42990" }, 42990, "$42,990", "fallback"],
    ["a fallback text", { text: "POA" }, null, "POA", "none"],
    ["an invalid fallback price", { price: "0", text: "POA" }, null, "POA", "none"],
    ["an invalid fallback price and no text", { price: "0" }, null, NO_PRICE_TEXT, "none"],
  ])("with %s", (_label, fallback, amount, text, source) => {
    expect(driveawayPrice({}, au(true), undefined, fallback)).toMatchObject({ amount, text, source });
  });

  it("does not use the fallback when there is a valid price", () => {
    expect(driveawayPrice({ driveaway_abn_price: "45990" }, au(true), undefined, { price: "1" }).amount).toBe(45990);
  });

  it("can format with cents", () => {
    expect(driveawayPrice({ driveaway_price: "39990.5" }, nz, undefined, {}, { decimals: 2 }).text).toBe("$39,990.50");
  });
});

import { describe, expect, it } from "vitest";
import { offerText, sortModelsByPrice, standardOfferText, type BuyerContext, type PricedModel } from "~/features/pricing";

const abn: BuyerContext = { country: "au", auState: "VIC", isABN: true };
const retail: BuyerContext = { country: "au", auState: "VIC", isABN: false };
const nz: BuyerContext = { country: "nz", isABN: false };

describe("offerText / standardOfferText", () => {
  const model: PricedModel = {
    offer_text: "NZ offer",
    offer_text_abn: "ABN offer",
    offer_text_retail: "Private offer",
    standard_offer_text_abn: "ABN standard",
    standard_offer_text_retail: "Private standard",
  };

  it.each([
    ["AU ABN", abn, "ABN offer", "ABN standard"],
    ["AU private", retail, "Private offer", "Private standard"],
    ["NZ", nz, "NZ offer", ""],
    ["NZ with the ABN flag", { ...nz, isABN: true }, "NZ offer", ""],
  ])("%s", (_label, context, offer, standard) => {
    expect(offerText(model, context)).toBe(offer);
    expect(standardOfferText(model, context)).toBe(standard);
  });

  it.each([
    ["AU ABN", abn, { offer_text_retail: "Private offer", offer_text: "NZ offer" }],
    ["AU private", retail, { offer_text_abn: "ABN offer", offer_text: "NZ offer" }],
    ["NZ", nz, { offer_text_abn: "ABN offer", offer_text_retail: "Private offer" }],
  ])("%s shows nothing when its own field is missing", (_label, context, m) => {
    expect(offerText(m, context)).toBe("");
  });
});

describe("sortModelsByPrice", () => {
  const m = (id: string, abnPrice?: string, retailPrice?: string, nzPrice?: string) => ({
    id,
    driveaway_abn_price: abnPrice,
    driveaway_retail_price: retailPrice,
    driveaway_price: nzPrice,
  });
  const ids = (list: { id: string }[]) => list.map((x) => x.id);

  it("sorts by ascending price for the buyer type", () => {
    const models = [m("a", "50000", "40000"), m("b", "30000", "60000"), m("c", "40000", "50000")];
    expect(ids(sortModelsByPrice(models, abn))).toEqual(["b", "c", "a"]);
    expect(ids(sortModelsByPrice(models, retail))).toEqual(["a", "c", "b"]);
  });

  it("sorts numerically, not as text", () => {
    const models = [m("a", "100000"), m("b", "9000"), m("c", "45,990")];
    expect(ids(sortModelsByPrice(models, abn))).toEqual(["b", "c", "a"]);
  });

  it("keeps the input order for ties", () => {
    const models = [m("a", "40000"), m("b", "30000"), m("c", "40000"), m("d", "30000"), m("e", "40000.00")];
    expect(ids(sortModelsByPrice(models, abn))).toEqual(["b", "d", "a", "c", "e"]);
  });

  it("puts models without a valid price last, in input order", () => {
    const models = [m("x"), m("a", "40000"), m("y", "0"), m("b", "30000"), m("z", " 1"), m("w", "abc")];
    expect(ids(sortModelsByPrice(models, abn))).toEqual(["b", "a", "x", "y", "z", "w"]);
  });

  it("uses NZ driveaway_price in NZ", () => {
    const models = [m("a", "1", "1", "50000"), m("b", "2", "2", "30000"), m("c", "3", "3")];
    expect(ids(sortModelsByPrice(models, nz))).toEqual(["b", "a", "c"]);
  });

  it("applies the state override", () => {
    const models = [
      { ...m("a", "40000"), driveaway_state_prices: { content: { driveaway_state_abn_prices: [{ au_state: "NSW", price: "20000" }] } } },
      m("b", "30000"),
    ];
    expect(ids(sortModelsByPrice(models, { ...abn, auState: "NSW" }))).toEqual(["a", "b"]);
    expect(ids(sortModelsByPrice(models, abn))).toEqual(["b", "a"]);
  });

  it("takes the vehicle-price from a lookup when the reference is unresolved", () => {
    const rels = { vp: { driveaway_state_abn_prices: [{ au_state: "VIC" as const, price: "10000" }] } };
    const models = [m("a", "30000"), { ...m("b", "40000"), driveaway_state_prices: "vp" }];
    expect(ids(sortModelsByPrice(models, abn, (model) => (model.id === "b" ? rels.vp : undefined)))).toEqual(["b", "a"]);
  });

  it("returns a new array and leaves the input alone", () => {
    const models = [m("a", "2"), m("b", "1")];
    const sorted = sortModelsByPrice(models, abn);
    expect(sorted).not.toBe(models);
    expect(ids(models)).toEqual(["a", "b"]);
    expect(sortModelsByPrice([], abn)).toEqual([]);
  });
});

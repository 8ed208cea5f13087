import { describe, expect, it } from "vitest";
import { optionsTotal, totalPrice } from "~/features/pricing";

describe("totalPrice / optionsTotal", () => {
  it.each([
    ["no options", 45990, [], 45990],
    ["one priced option", 45990, [{ price: "1500" }], 47490],
    ["string base", "45990", [{ price: "1500" }], 47490],
    ["options included in the driveaway price add nothing", 45990, [{ price: "1500", included_in_driveaway_price: true }], 45990],
    ["included false adds", 45990, [{ price: "1500", included_in_driveaway_price: false }], 47490],
    [
      "invalid option prices add nothing",
      45990,
      [{ price: "0" }, { price: "" }, { price: " 100" }, { price: "abc" }, { price: undefined }, {}],
      45990,
    ],
    ["unchosen slots add nothing", 45990, [null, undefined, { price: "500" }], 46490],
    ["cents are kept", 45990, [{ price: "499.95" }, { price: "0.10" }, { price: "0.20" }], 46490.25],
    ["no floating drift", 0.1, [{ price: "0.2" }], 0.3],
    ["number option prices", 45990, [{ price: 250.5 }], 46240.5],
    ["sum of several", 30000, [{ price: "1000" }, { price: "2000", included_in_driveaway_price: true }, { price: "3000" }], 34000],
  ])("%s", (_label, base, options, total) => {
    expect(totalPrice(base, options)).toBe(total);
  });

  it.each([null, undefined, 0, "0", "", "abc", Number.NaN])("has no total when the base is %j", (base) => {
    expect(totalPrice(base, [{ price: "1500" }])).toBeNull();
  });

  it("sums the chargeable options alone", () => {
    expect(optionsTotal([])).toBe(0);
    expect(optionsTotal([{ price: "1.1" }, { price: "2.2" }, { price: "5", included_in_driveaway_price: true }, null])).toBe(3.3);
  });
});

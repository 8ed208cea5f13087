import { describe, expect, it } from "vitest";
import { NO_PRICE_TEXT, isValidPrice, parsePrice } from "~/features/pricing";

describe("isValidPrice / parsePrice", () => {
  it.each([
    ["45990", 45990],
    ["45990.50", 45990.5],
    ["45990.5", 45990.5],
    ["1", 1],
    ["0.01", 0.01],
    ["00045990", 45990],
    ["45,990", 45990],
    ["1,045,990.50", 1045990.5],
    ["45990.505", 45990.51],
  ])("valid string %j parses to %j", (value, amount) => {
    expect(isValidPrice(value)).toBe(true);
    expect(parsePrice(value)).toBe(amount);
  });

  it.each([
    ["empty string", ""],
    ["zero", "0"],
    ["all zeros", "000"],
    ["zero with decimals", "0.00"],
    ["zeros with a point", "00.0"],
    ["only spaces", "  "],
    ["leading space", " 45990"],
    ["trailing space", "45990 "],
    ["inner space", "45 990"],
    ["tab", "45990\t"],
    ["newline", "\n45990"],
    ["non-breaking space", "45\u00a0990"],
    ["letters", "abc"],
    ["digits then letters", "45990abc"],
    ["currency sign", "$45990"],
    ["negative", "-100"],
    ["plus sign", "+100"],
    ["exponent", "1e5"],
    ["hex", "0x10"],
    ["leading point", ".5"],
    ["trailing point", "45990."],
    ["badly grouped commas", "4,5990"],
    ["comma decimal", "45990,50"],
    ["below half a cent", "0.001"],
    ["Infinity string", "Infinity"],
    ["NaN string", "NaN"],
  ])("invalid: %s (%j)", (_label, value) => {
    expect(isValidPrice(value)).toBe(false);
    expect(parsePrice(value)).toBeNull();
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["true", true],
    ["false", false],
    ["object", { price: "45990" }],
    ["array", ["45990"]],
  ])("invalid non-string: %s", (_label, value) => {
    expect(isValidPrice(value)).toBe(false);
    expect(parsePrice(value)).toBeNull();
  });

  // Judgement call: the catalogue schema tolerates numbers, so a finite number above 0 is valid.
  it.each([
    [45990, true, 45990],
    [45990.5, true, 45990.5],
    [0.01, true, 0.01],
    [0, false, null],
    [-0, false, null],
    [-45990, false, null],
    [Number.NaN, false, null],
    [Number.POSITIVE_INFINITY, false, null],
    [0.001, false, null],
  ])("number %j: valid %j, amount %j", (value, valid, amount) => {
    expect(isValidPrice(value)).toBe(valid);
    expect(parsePrice(value)).toBe(amount);
  });

  it("has the no-price text", () => {
    expect(NO_PRICE_TEXT).toBe("Contact your Dealer for Pricing");
  });
});

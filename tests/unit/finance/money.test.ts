import { describe, expect, it } from "vitest";
import {
  decimalFraction,
  fractionToNumber,
  fromCents,
  hasAtMostDecimals,
  roundHalfUp,
  roundHalfUpDiv,
  toCents,
} from "~/features/finance/money";

describe("decimalFraction", () => {
  it("reads a number as the decimal it prints as", () => {
    expect(decimalFraction(8.99)).toEqual({ num: 899n, den: 100n });
    expect(decimalFraction(40990)).toEqual({ num: 40990n, den: 1n });
    expect(decimalFraction(-0.5)).toEqual({ num: -5n, den: 10n });
    expect(decimalFraction(1e-7)).toEqual({ num: 1n, den: 10000000n });
    expect(decimalFraction(1.5e21)).toEqual({ num: 1500000000000000000000n, den: 1n });
  });
  it("refuses non-finite numbers", () => {
    expect(() => decimalFraction(Number.NaN)).toThrow(RangeError);
    expect(() => decimalFraction(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("half-up rounding", () => {
  it("rounds exact halves away from zero with integer arithmetic", () => {
    expect(roundHalfUpDiv(5n, 2n)).toBe(3n);
    expect(roundHalfUpDiv(-5n, 2n)).toBe(-3n);
    expect(roundHalfUpDiv(4n, 3n)).toBe(1n);
    expect(roundHalfUpDiv(5n, 3n)).toBe(2n);
  });
  it("does not suffer from binary floating point at .005", () => {
    // Math.round(1.005 * 100) / 100 === 1 and (1.005).toFixed(2) === "1.00": both wrong.
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(2.675, 2)).toBe(2.68);
    expect(roundHalfUp(1.0049999, 2)).toBe(1);
    expect(roundHalfUp(-1.005, 2)).toBe(-1.01);
    expect(roundHalfUp(8.6044, 2)).toBe(8.6);
    expect(roundHalfUp(9.0999, 2)).toBe(9.1);
  });
  it("converts dollars to cents and back", () => {
    expect(toCents(195.87)).toBe(19587n);
    expect(toCents(0.285)).toBe(29n); // 0.285 * 100 === 28.499999999999996 in binary
    expect(toCents(12.345)).toBe(1235n);
    expect(fromCents(19587n)).toBe(195.87);
    expect(fromCents(-5n)).toBe(-0.05);
  });
  it("checks decimal places as printed", () => {
    expect(hasAtMostDecimals(12.34)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2)).toBe(false);
    expect(hasAtMostDecimals(12.345)).toBe(false);
    expect(hasAtMostDecimals(40990)).toBe(true);
  });
  it("turns huge fractions into doubles", () => {
    expect(fractionToNumber({ num: 10n ** 400n + 5n * 10n ** 399n, den: 10n ** 400n })).toBe(1.5);
    expect(fractionToNumber({ num: -1n, den: 4n })).toBe(-0.25);
  });
});

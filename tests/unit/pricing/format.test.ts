import { describe, expect, it } from "vitest";
import {
  NO_PRICE_TEXT,
  accessoryPriceText,
  cleanCarText,
  colourPriceText,
  formatPrice,
  optionPriceText,
  priceText,
  variantPriceText,
} from "~/features/pricing";

describe("formatPrice", () => {
  it.each([
    // amount, country, decimals, text
    [45990, "au", undefined, "$45,990"],
    [45990, "nz", undefined, "$45,990"],
    [45990, "au", 0, "$45,990"],
    [45990, "nz", 0, "$45,990"],
    [45990.5, "au", 0, "$45,991"],
    [45990.4, "nz", 0, "$45,990"],
    [45990, "au", 2, "$45,990.00"],
    [45990, "nz", 2, "$45,990.00"],
    [45990.5, "au", 2, "$45,990.50"],
    [45990.5, "nz", 2, "$45,990.50"],
    [1234.567, "au", 2, "$1,234.57"],
    [1234.567, "nz", 2, "$1,234.57"],
    [999, "au", 0, "$999"],
    [1000000, "nz", 0, "$1,000,000"],
    [0, "au", 0, "$0"],
    [0, "nz", 2, "$0.00"],
    [-0, "au", 0, "$0"],
    [-0.2, "au", 0, "$0"],
    [45990, "au", "auto", "$45,990"],
    [45990.5, "nz", "auto", "$45,990.50"],
    [45990.001, "au", "auto", "$45,990"],
  ] as const)("%j in %s with decimals %j is %j", (amount, country, decimals, text) => {
    expect(formatPrice(amount, country, decimals === undefined ? {} : { decimals })).toBe(text);
  });

  it("never shows a currency code or NZ$", () => {
    expect(formatPrice(45990, "nz")).not.toMatch(/NZ|AUD|NZD|A\$/);
    expect(formatPrice(45990, "au")).not.toMatch(/NZ|AUD|NZD|A\$/);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])("shows the no-price text for %j", (amount) => {
    expect(formatPrice(amount, "au")).toBe(NO_PRICE_TEXT);
  });
});

describe("priceText", () => {
  it.each([
    ["45990", "au", {}, "$45,990"],
    ["45990.50", "nz", { decimals: 2 as const }, "$45,990.50"],
    ["0", "au", {}, NO_PRICE_TEXT],
    ["", "nz", {}, NO_PRICE_TEXT],
    [undefined, "au", { fallback: "POA" }, "POA"],
  ] as const)("%j in %s is %j", (value, country, options, text) => {
    expect(priceText(value, country, options)).toBe(text);
  });
});

describe("variantPriceText", () => {
  it.each([
    [45990, "au", "from $45,990"],
    [45990, "nz", "from $45,990"],
    ["45990", "au", "from $45,990"],
    [0.5, "au", "from $1"],
    [0, "au", "-"],
    [-10, "au", "-"],
    ["0", "nz", "-"],
    ["", "au", "-"],
    [null, "au", "-"],
    [undefined, "nz", "-"],
  ] as const)("%j in %s is %j", (amount, country, text) => {
    expect(variantPriceText(amount, country)).toBe(text);
  });

  it("defaults to AU and can show cents", () => {
    expect(variantPriceText(45990)).toBe("from $45,990");
    expect(variantPriceText(45990.5, "nz", { decimals: 2 })).toBe("from $45,990.50");
  });
});

describe("optionPriceText", () => {
  it.each([
    [1500, "au", "+ $1,500"],
    [1500, "nz", "+ $1,500"],
    ["2500", "nz", "+ $2,500"],
    [0, "au", "Included"],
    ["0", "au", "Included"],
    ["000", "nz", "Included"],
    ["", "au", "Included"],
    [undefined, "au", "Included"],
    [null, "nz", "Included"],
    [-5, "au", "Included"],
  ] as const)("%j in %s is %j", (amount, country, text) => {
    expect(optionPriceText(amount, country)).toBe(text);
  });

  it("can show cents", () => {
    expect(optionPriceText("499.95", "au", { decimals: 2 })).toBe("+ $499.95");
  });
});

describe("colourPriceText", () => {
  it.each([
    ["750", "+ $750"],
    [750, "+ $750"],
    ["0", "Included"],
    [undefined, "Included"],
  ] as const)("%j is %j (AU formatting)", (price, text) => {
    expect(colourPriceText(price)).toBe(text);
  });
});

describe("accessoryPriceText", () => {
  it.each([
    ["1234", "au", "$1,234.00"],
    ["99.5", "au", "$99.50"],
    ["0", "au", NO_PRICE_TEXT],
    [undefined, "au", NO_PRICE_TEXT],
    ["1234", "nz", "Contact your Dealer to confirm Pricing and Compatibility"],
    [undefined, "nz", "Contact your Dealer to confirm Pricing and Compatibility"],
  ] as const)("%j in %s is %j", (price, country, text) => {
    expect(accessoryPriceText(price, country)).toBe(text);
  });
});

describe("cleanCarText", () => {
  it.each([
    ["$3,000 rebate", "$3,000 rebate"],
    ["Fee $1,200", "Fee $1,200"],
    ["", "No rebate or fee"],
    ["   ", "No rebate or fee"],
    [undefined, "No rebate or fee"],
    [null, "No rebate or fee"],
  ])("%j is %j", (value, text) => {
    expect(cleanCarText(value)).toBe(text);
  });
});

describe("formatPrice matches Intl.NumberFormat", () => {
  // The written-out formatter must give exactly what en-AU/AUD and en-NZ/NZD give.
  const intl = (country: "au" | "nz", digits: 0 | 2) =>
    new Intl.NumberFormat(country === "au" ? "en-AU" : "en-NZ", {
      style: "currency",
      currency: country === "au" ? "AUD" : "NZD",
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  const amounts = [0, 1, 9.99, 12.5, 999, 1000, 45990, 45990.5, 1234567.891, 0.125, 2.5, 1.005, 100000000, -1, -1234.5, -0.4, -45990];
  // And a fixed pseudo-random spread of cents and magnitudes.
  let seed = 7;
  for (let i = 0; i < 400; i++) {
    seed = (seed * 48271) % 2147483647;
    amounts.push(((seed % 2_000_000_00) - 50_000_00) / 100);
  }
  for (const country of ["au", "nz"] as const) {
    for (const digits of [0, 2] as const) {
      it(`${country}, ${digits} decimals`, () => {
        const format = intl(country, digits);
        for (const amount of amounts) {
          const expected = format.format(Math.abs(amount) < (digits === 0 ? 0.5 : 0.005) ? 0 : amount);
          expect(formatPrice(amount, country, { decimals: digits }), String(amount)).toBe(expected);
        }
      });
    }
  }
});

/**
 * Price formatting (spec transactional.md section 5 "Pricing rules" and section 2): AUD or NZD,
 * 0 decimals by default, 2 when asked. Both countries show a plain "$" ("$45,990").
 */
import type { PricingCountry, PriceValue } from "./types";
import { NO_PRICE_TEXT, parsePrice } from "./validity";

/**
 * 0: whole dollars (the default, "$45,990"); 2: always cents ("$45,990.00", accessories);
 * "auto": cents only when the amount has them ("$45,990" / "$45,990.50").
 */
export type PriceDecimals = 0 | 2 | "auto";

export interface FormatPriceOptions {
  decimals?: PriceDecimals;
}

/**
 * "$" and the amount with thousands separators and `digits` decimals ("-$1,234.50"): what
 * Intl.NumberFormat gives for en-AU/AUD and en-NZ/NZD with the narrow symbol, written out. The
 * browser's first Intl.NumberFormat loads the locale's ICU data, a long task during hydration on a
 * slow phone (about 100 ms at Lighthouse's 4× CPU slowdown); both countries format alike, so the
 * country does not change the result. tests/unit/pricing/format.test.ts checks it against Intl.
 */
function currency(value: number, digits: 0 | 2): string {
  // Intl rounds the number's shortest decimal form ("1.005" to "1.01"), half away from zero: so
  // does Math.round on that form shifted by `digits` places ("1.005e2" is exactly 100.5).
  const abs = Math.abs(value);
  const units = Math.round(Number(`${abs}e${digits}`));
  const text = String(Number.isFinite(units) ? units : Math.round(abs * 10 ** digits)).padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${value < 0 && units !== 0 ? "-" : ""}$${whole}${digits ? `.${text.slice(-digits)}` : ""}`;
}

/**
 * An amount as currency for the country: "$45,990". A non-finite amount (NaN, Infinity) has
 * nothing to show and gives NO_PRICE_TEXT.
 */
export function formatPrice(amount: number, country: PricingCountry, options: FormatPriceOptions = {}): string {
  if (!Number.isFinite(amount)) return NO_PRICE_TEXT;
  const decimals = options.decimals ?? 0;
  const digits = decimals === "auto" ? (Math.round(amount * 100) % 100 === 0 ? 0 : 2) : decimals;
  // Avoid "-$0" for -0 and for tiny negatives that round to zero.
  const value = Math.abs(amount) < (digits === 0 ? 0.5 : 0.005) ? 0 : amount;
  return currency(value, digits);
}

/** A content price formatted for the country, or the fallback text when it is not valid. */
export function priceText(
  value: unknown,
  country: PricingCountry,
  options: FormatPriceOptions & { fallback?: string } = {},
): string {
  const amount = parsePrice(value);
  return amount === null ? (options.fallback ?? NO_PRICE_TEXT) : formatPrice(amount, country, options);
}

/** An amount given as a number or a content price string; anything not above 0 counts as 0. */
function positiveAmount(value: PriceValue): number {
  return parsePrice(value) ?? 0;
}

/** Variant info: 'from {price}' when the driveaway price is above 0, else '-'. */
export function variantPriceText(amount: PriceValue, country: PricingCountry = "au", options: FormatPriceOptions = {}): string {
  const value = positiveAmount(amount);
  return value > 0 ? `from ${formatPrice(value, country, options)}` : "-";
}

/** Other options (engine, wheels, trim, ...): '+ {price}' when above 0, else 'Included'. */
export function optionPriceText(amount: PriceValue, country: PricingCountry = "au", options: FormatPriceOptions = {}): string {
  const value = positiveAmount(amount);
  return value > 0 ? `+ ${formatPrice(value, country, options)}` : "Included";
}

/** A colour shows '+ {price}' formatted for AU whatever the country (spec section 5). */
export function colourPriceText(amount: PriceValue, options: FormatPriceOptions = {}): string {
  return optionPriceText(amount, "au", options);
}

export const ACCESSORY_PRICE_LABEL = "Fitted RRP";
export const NZ_ACCESSORY_PRICE_TEXT = "Contact your Dealer to confirm Pricing and Compatibility";

/**
 * Accessory price in the configurator: AU '$' plus the price with 2 decimals (shown with
 * ACCESSORY_PRICE_LABEL); NZ the confirm-with-dealer text. An AU accessory without a valid price
 * shows NO_PRICE_TEXT.
 */
export function accessoryPriceText(price: unknown, country: PricingCountry): string {
  if (country === "nz") return NZ_ACCESSORY_PRICE_TEXT;
  return priceText(price, "au", { decimals: 2 });
}

export const NO_CLEAN_CAR_TEXT = "No rebate or fee";

/** NZ clean car programme value, or 'No rebate or fee' when missing or blank. */
export function cleanCarText(value: string | null | undefined): string {
  return typeof value === "string" && value.trim() !== "" ? value : NO_CLEAN_CAR_TEXT;
}

/**
 * Price validity (spec transactional.md section 5, site.md section 5): a price counts as valid
 * only if it is a non-empty string without whitespace that is not zero or all zeros; otherwise
 * 'Contact your Dealer for Pricing' is shown or a fallback price is used.
 *
 * Judgement calls, all tested:
 * - The string must also be a plain positive decimal amount: digits with an optional fraction
 *   ("45990", "45990.50", ".5" is not). "abc", "45990abc", "-100", "+100", "1e5", "$45990" and
 *   "0x10" are invalid: the rule's intent is "is there a price to show", and a string that is not
 *   an amount cannot be shown as one.
 * - Thousands separators are accepted only when correctly grouped ("45,990", "1,045,990.50"),
 *   because editors type them; "4,5990" is invalid. They are removed before parsing.
 * - "Not zero and not all zeros" is read numerically: "0", "000", "0.00" and "00.0" are invalid.
 * - Numbers: the CMS stores prices as strings, but the catalogue schema tolerates numbers, so a
 *   finite number above 0 is valid (45990 behaves like "45990"); 0, negatives, NaN and
 *   Infinity are invalid. Everything else (undefined, null, booleans, objects) is invalid.
 */

/** Shown wherever a price is missing or invalid. */
export const NO_PRICE_TEXT = "Contact your Dealer for Pricing";

const PRICE_PATTERN = /^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;

/** The amount of a valid price, rounded to cents; null when the price is not valid. */
export function parsePrice(value: unknown): number | null {
  let amount: number;
  if (typeof value === "number") {
    amount = value;
  } else if (typeof value === "string") {
    // No trimming: a price with any whitespace is invalid by rule.
    if (!PRICE_PATTERN.test(value)) return null;
    amount = Number(value.replace(/,/g, ""));
  } else {
    return null;
  }
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const cents = Math.round(amount * 100);
  // A price below half a cent rounds to nothing; there is nothing to show.
  return cents > 0 ? cents / 100 : null;
}

/** Whether a content price may be shown (see the rules above). */
export function isValidPrice(value: unknown): boolean {
  return parsePrice(value) !== null;
}

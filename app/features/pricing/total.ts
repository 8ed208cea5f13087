/**
 * Configurator total: the base driveaway price plus the chosen options' prices.
 *
 * An option adds its price when the price is valid and the option is not
 * `included_in_driveaway_price`; unchosen slots (null / undefined) add nothing. Sums are kept in
 * whole cents so the result is rounded to cents without floating point drift.
 */
import type { PricedOption } from "./types";
import { parsePrice } from "./validity";

function toCents(value: unknown): number {
  const amount = parsePrice(value);
  return amount === null ? 0 : Math.round(amount * 100);
}

/** The sum of the chargeable option prices, in dollars rounded to cents (0 when none). */
export function optionsTotal(options: readonly (PricedOption | null | undefined)[]): number {
  let cents = 0;
  for (const option of options) {
    if (!option || option.included_in_driveaway_price === true) continue;
    cents += toCents(option.price);
  }
  return cents / 100;
}

/**
 * Base price (a number such as `driveawayPrice(...).amount`, or a content price string) plus the
 * chargeable options. Null when the base is not a valid price: without a driveaway price there is
 * no total to show ('Contact your Dealer for Pricing').
 */
export function totalPrice(base: unknown, options: readonly (PricedOption | null | undefined)[]): number | null {
  const baseAmount = parsePrice(base);
  if (baseAmount === null) return null;
  return (Math.round(baseAmount * 100) + Math.round(optionsTotal(options) * 100)) / 100;
}

/**
 * The driveaway price a buyer sees for a model (spec transactional.md section 5 "Pricing
 * rules", site.md section 5):
 * - NZ: `driveaway_price`, wording '{price type} inc GST + ORC'.
 * - AU: `driveaway_abn_price` (ABN buyer) or `driveaway_retail_price` (private buyer),
 *   overridden by the chosen state's price from the model's vehicle-price
 *   (`driveaway_state_abn_prices` / `driveaway_state_retail_prices`); wording 'Driveaway'.
 * - No valid price: amount null and 'Contact your Dealer for Pricing', or a fallback price.
 *
 * Judgement calls (the spec leaves the exact computation unshown):
 * - Order of sources: state price, then the model's own national price for the buyer type,
 *   then the vehicle-price story's national price for the buyer type (`driveaway_price` in NZ),
 *   then the fallback. A state entry that is missing or invalid falls back to the national price.
 * - There is no cross-over between buyer types: an ABN buyer never sees the retail price.
 * - The wording is returned even when there is no price; the UI shows it next to a price only.
 * - NZ with an empty price type gives 'inc GST + ORC' (no leading space).
 */
import { formatPrice, type FormatPriceOptions } from "./format";
import { isAuState } from "~/lib/au-states";
import type { BuyerContext, PricedModel, VehiclePriceInput, VehiclePriceRef } from "./types";
import { NO_PRICE_TEXT, parsePrice } from "./validity";
import { resolveVehiclePrice, statePrice } from "./vehicle-price";

export const AU_PRICE_WORDING = "Driveaway";
export const NZ_PRICE_WORDING_SUFFIX = "inc GST + ORC";

/** Where the amount came from. */
export type PriceSource = "state" | "model" | "vehicle-price" | "fallback" | "none";

export interface DriveawayPrice {
  /** Rounded to cents; null when there is no valid price. */
  amount: number | null;
  /** The formatted amount ("$45,990"), or the no-price text. */
  text: string;
  /** 'Driveaway' (AU) or '{price type} inc GST + ORC' (NZ). */
  wording: string;
  source: PriceSource;
}

export interface PriceFallback {
  /** A content price used when the model has none (e.g. a special finance driveaway price). */
  price?: unknown;
  /** Text shown when there is no price at all; default NO_PRICE_TEXT. */
  text?: string;
}

/** NZ: '{price type} inc GST + ORC'; AU: 'Driveaway'. */
export function priceWording(model: Pick<PricedModel, "driveaway_price_type">, country: BuyerContext["country"]): string {
  if (country !== "nz") return AU_PRICE_WORDING;
  const type = typeof model.driveaway_price_type === "string" ? model.driveaway_price_type.trim() : "";
  return type ? `${type} ${NZ_PRICE_WORDING_SUFFIX}` : NZ_PRICE_WORDING_SUFFIX;
}

function pickAmount(
  model: PricedModel,
  context: BuyerContext,
  vehiclePrice: VehiclePriceInput | undefined,
): { amount: number; source: PriceSource } | null {
  const candidates: [unknown, PriceSource][] = [];
  if (context.country === "nz") {
    candidates.push([model.driveaway_price, "model"], [vehiclePrice?.driveaway_price, "vehicle-price"]);
  } else {
    const abn = context.isABN;
    if (vehiclePrice && isAuState(context.auState)) {
      const list = abn ? vehiclePrice.driveaway_state_abn_prices : vehiclePrice.driveaway_state_retail_prices;
      candidates.push([statePrice(list, context.auState), "state"]);
    }
    candidates.push(
      [abn ? model.driveaway_abn_price : model.driveaway_retail_price, "model"],
      [abn ? vehiclePrice?.driveaway_abn_price : vehiclePrice?.driveaway_retail_price, "vehicle-price"],
    );
  }
  for (const [value, source] of candidates) {
    const amount = parsePrice(value);
    if (amount !== null) return { amount, source };
  }
  return null;
}

/**
 * The driveaway price of a model for the buyer. `vehiclePrice` is the model's vehicle-price
 * (story, content or UUID); when absent (or unresolvable) the model's own
 * `driveaway_state_prices` is used if it arrived resolved.
 */
export function driveawayPrice(
  model: PricedModel,
  context: BuyerContext,
  vehiclePrice?: VehiclePriceRef,
  fallback: PriceFallback = {},
  format: FormatPriceOptions = {},
): DriveawayPrice {
  const prices = resolveVehiclePrice(vehiclePrice) ?? resolveVehiclePrice(model.driveaway_state_prices);
  const wording = priceWording(model, context.country);
  const picked = pickAmount(model, context, prices);
  if (picked) return { ...picked, text: formatPrice(picked.amount, context.country, format), wording };
  const fallbackAmount = parsePrice(fallback.price);
  if (fallbackAmount !== null) {
    return { amount: fallbackAmount, source: "fallback", text: formatPrice(fallbackAmount, context.country, format), wording };
  }
  return { amount: null, source: "none", text: fallback.text ?? NO_PRICE_TEXT, wording };
}

/** The offer text: AU offer_text_abn or offer_text_retail by buyer type; NZ offer_text. */
export function offerText(model: PricedModel, context: BuyerContext): string {
  const value = context.country === "nz" ? model.offer_text : context.isABN ? model.offer_text_abn : model.offer_text_retail;
  return typeof value === "string" ? value : "";
}

/** AU standard offer text by buyer type; NZ models have none. */
export function standardOfferText(model: PricedModel, context: BuyerContext): string {
  if (context.country === "nz") return "";
  const value = context.isABN ? model.standard_offer_text_abn : model.standard_offer_text_retail;
  return typeof value === "string" ? value : "";
}

/**
 * Models by ascending driveaway price for the buyer; models without a valid price come last.
 * Stable: equal prices (and the priceless tail) keep their input order. Returns a new array.
 * `vehiclePriceOf` supplies a model's vehicle-price when it did not arrive resolved.
 */
export function sortModelsByPrice<T extends PricedModel>(
  models: readonly T[],
  context: BuyerContext,
  vehiclePriceOf?: (model: T) => VehiclePriceRef,
): T[] {
  return models
    .map((model, index) => ({ model, index, amount: driveawayPrice(model, context, vehiclePriceOf?.(model)).amount }))
    .sort((a, b) => {
      if (a.amount === null || b.amount === null) {
        if (a.amount === b.amount) return a.index - b.index;
        return a.amount === null ? 1 : -1;
      }
      return a.amount - b.amount || a.index - b.index;
    })
    .map((entry) => entry.model);
}

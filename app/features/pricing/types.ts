/**
 * Minimal structural input types for the pricing rules. They describe only the fields this
 * module reads, so the catalogue's zod types (model-au, model-nz, vehicle-price, option, ...)
 * are assignable to them without this module importing the catalogue.
 */
import type { AuState } from "~/lib/au-states";

export type PricingCountry = "au" | "nz";

/** Who is buying: the country from the route, and in AU the chosen state and buyer type. */
export interface BuyerContext {
  country: PricingCountry;
  /** AU only. Missing or unknown means no state is selected: the national price applies. */
  auState?: AuState | null;
  /** AU only: ABN (business) buyer when true, private (retail) buyer when false. */
  isABN: boolean;
}

/** A content price: a string as the CMS stores it; a number is tolerated. */
export type PriceValue = string | number | null | undefined;

/** A `state-price` blok. */
export interface StatePriceInput {
  au_state?: string | null;
  price?: PriceValue;
}

/** The content of a `vehicle-price` story. */
export interface VehiclePriceInput {
  driveaway_price?: PriceValue;
  driveaway_retail_price?: PriceValue;
  driveaway_abn_price?: PriceValue;
  driveaway_state_retail_prices?: readonly StatePriceInput[] | null;
  driveaway_state_abn_prices?: readonly StatePriceInput[] | null;
}

/**
 * The `driveaway_state_prices` reference as it can arrive: a UUID string (relation not
 * resolved), the resolved story (`{ uuid, content }`), or the vehicle-price content itself.
 */
export type VehiclePriceRef =
  | string
  | { uuid?: string; content?: VehiclePriceInput | null }
  | VehiclePriceInput
  | null
  | undefined;

/** The price and offer fields of a `model-au` or `model-nz`. */
export interface PricedModel {
  driveaway_price?: PriceValue;
  driveaway_abn_price?: PriceValue;
  driveaway_retail_price?: PriceValue;
  driveaway_price_type?: string | null;
  driveaway_state_prices?: unknown;
  offer_text?: string | null;
  offer_text_abn?: string | null;
  offer_text_retail?: string | null;
  standard_offer_text_abn?: string | null;
  standard_offer_text_retail?: string | null;
}

/** An engine, motor, ..., colour, trim or accessory as far as the total price is concerned. */
export interface PricedOption {
  price?: PriceValue;
  included_in_driveaway_price?: boolean | null;
}

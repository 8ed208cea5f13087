/** Pure pricing rules: validity, states, formatting, driveaway prices, offer text, totals. */
export { NO_PRICE_TEXT, isValidPrice, parsePrice } from "./validity";
export {
  AU_STATES,
  AU_STATE_NAMES,
  AU_STATE_OPTIONS,
  DEFAULT_AU_STATE,
  DEFAULT_IS_ABN,
  isAuState,
  parseAuState,
  parseIsABN,
  type AuState,
} from "~/lib/au-states";
export {
  ACCESSORY_PRICE_LABEL,
  NO_CLEAN_CAR_TEXT,
  NZ_ACCESSORY_PRICE_TEXT,
  accessoryPriceText,
  cleanCarText,
  colourPriceText,
  formatPrice,
  optionPriceText,
  priceText,
  variantPriceText,
  type FormatPriceOptions,
  type PriceDecimals,
} from "./format";
export { resolveVehiclePrice, statePrice } from "./vehicle-price";
export {
  AU_PRICE_WORDING,
  NZ_PRICE_WORDING_SUFFIX,
  driveawayPrice,
  offerText,
  priceWording,
  sortModelsByPrice,
  standardOfferText,
  type DriveawayPrice,
  type PriceFallback,
  type PriceSource,
} from "./driveaway";
export { optionsTotal, totalPrice } from "./total";
export type {
  BuyerContext,
  PriceValue,
  PricedModel,
  PricedOption,
  PricingCountry,
  StatePriceInput,
  VehiclePriceInput,
  VehiclePriceRef,
} from "./types";

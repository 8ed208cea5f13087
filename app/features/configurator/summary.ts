/**
 * The build's price and summary (spec transactional.md sections 2 and 5): the model's driveaway
 * price for the buyer, the items chosen with their price texts, and the running total.
 */
import {
  accessoryPriceText,
  colourPriceText,
  driveawayPrice,
  optionPriceText,
  totalPrice,
  formatPrice,
  type BuyerContext,
  type DriveawayPrice,
  type PricedOption,
} from "~/features/pricing";
import { NO_PRICE_TEXT, parsePrice } from "~/features/pricing/validity";
import { parseAuState, isAuState, type AuState } from "~/lib/au-states";
import type { ResolvedBuild } from "./build";
import { OPTION_KINDS, type ConfigModel, type ConfiguratorCountry, type OptionKind } from "./types";

/** Labels of the summary rows (the step each choice belongs to). */
export const SUMMARY_LABELS: Readonly<Record<OptionKind | "model" | "colour" | "trim" | "accessory", string>> = {
  model: "Variant",
  engine: "Engine",
  motor: "Motor",
  transmission: "Transmission",
  drivetrain: "Drivetrain",
  battery: "Battery",
  wheels: "Wheels",
  colour: "Colour",
  trim: "Interior",
  accessory: "Accessory",
};

export interface SummaryItem {
  key: string;
  label: string;
  name: string;
  price: string;
}

export interface BuildSummary {
  price: DriveawayPrice;
  items: SummaryItem[];
  /** Base plus chargeable choices; null without a base price. */
  total: number | null;
  totalText: string;
}

/** The model's driveaway price for the buyer (state price in AU when there is one). */
export function modelPrice(model: ConfigModel, buyer: BuyerContext): DriveawayPrice {
  return driveawayPrice(model, buyer, model.vehiclePrice ?? undefined);
}

/**
 * An accessory's summary row reads like the other chargeable rows ('+ $269', cents only when the
 * price has them), so no row beside '+ $690' shows '$269.00'; NZ keeps the dealer text.
 */
function accessoryLineText(price: string, country: ConfiguratorCountry): string {
  if (country === "nz" || parsePrice(price) === null) return accessoryPriceText(price, country);
  return optionPriceText(price, country, { decimals: "auto" });
}

/**
 * Summary rows and total. Options included in the driveaway price read 'Included' and add
 * nothing; NZ accessories show the confirm-with-dealer text and add nothing (no price is shown).
 */
export function buildSummary(build: ResolvedBuild, buyer: BuyerContext): BuildSummary | null {
  const model = build.model;
  if (!model) return null;
  const country = buyer.country;
  const price = modelPrice(model, buyer);
  const items: SummaryItem[] = [{ key: "model", label: SUMMARY_LABELS.model, name: model.name, price: price.text }];
  const priced: PricedOption[] = [];
  for (const kind of OPTION_KINDS) {
    const option = build.options[kind];
    if (!option) continue;
    priced.push({ price: option.price, included_in_driveaway_price: option.includedInDriveawayPrice });
    items.push({
      key: kind,
      label: SUMMARY_LABELS[kind],
      name: option.name,
      price: option.includedInDriveawayPrice ? "Included" : optionPriceText(option.price, country),
    });
  }
  if (build.colour) {
    priced.push({ price: build.colour.price });
    items.push({ key: "colour", label: SUMMARY_LABELS.colour, name: build.colour.name, price: colourPriceText(build.colour.price) });
  }
  if (build.trim) {
    priced.push({ price: build.trim.price });
    items.push({ key: "trim", label: SUMMARY_LABELS.trim, name: build.trim.name, price: optionPriceText(build.trim.price, country) });
  }
  for (const accessory of build.accessories) {
    if (country === "au") priced.push({ price: accessory.price });
    items.push({
      key: `accessory-${accessory.id}`,
      label: SUMMARY_LABELS.accessory,
      name: accessory.name,
      price: accessoryLineText(accessory.price, country),
    });
  }
  const total = totalPrice(price.amount, priced);
  return { price, items, total, totalText: total === null ? NO_PRICE_TEXT : formatPrice(total, country) };
}

// ---------------------------------------------------------------------------------------------
// Buyer context carried in a build URL (AU)

export const BUYER_PARAMS = { state: "state", buyer: "buyer" } as const;
export type BuyerParam = "private" | "abn";

/** The AU state and buyer type a URL carries, if any (unknown values are ignored). */
export function buyerFromSearchParams(params: URLSearchParams): { auState?: AuState; isABN?: boolean } {
  const state = params.get(BUYER_PARAMS.state)?.toUpperCase();
  const buyer = params.get(BUYER_PARAMS.buyer)?.toLowerCase();
  return {
    ...(isAuState(state) ? { auState: parseAuState(state) } : {}),
    ...(buyer === "abn" ? { isABN: true } : buyer === "private" ? { isABN: false } : {}),
  };
}

/** The buyer context: the URL's values over the stored ones (cookies); NZ has neither. */
export function buyerContext(
  country: ConfiguratorCountry,
  stored: { auState: AuState; isABN: boolean },
  fromUrl: { auState?: AuState; isABN?: boolean } = {},
): BuyerContext {
  if (country === "nz") return { country, isABN: false };
  return { country, auState: fromUrl.auState ?? stored.auState, isABN: fromUrl.isABN ?? stored.isABN };
}

/** Adds the buyer's state and type to a build query (AU), for a link that shows the same price. */
export function withBuyerParams(params: URLSearchParams, buyer: BuyerContext): URLSearchParams {
  const out = new URLSearchParams(params);
  out.delete(BUYER_PARAMS.state);
  out.delete(BUYER_PARAMS.buyer);
  if (buyer.country !== "au") return out;
  if (buyer.auState) out.set(BUYER_PARAMS.state, buyer.auState);
  out.set(BUYER_PARAMS.buyer, buyer.isABN ? "abn" : "private");
  return out;
}

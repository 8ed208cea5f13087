import { vehiclePrice } from "~/features/vehicles/logic";
import type { BuyerContext } from "~/features/pricing/types";
import type { VehicleModel } from "~/features/vehicles/types";
import { compareNames } from "~/lib/collate";

/**
 * Offers listing rules (spec site.md section 2 "Offers listing", section 9), pure: which models
 * are listed, the category filter, the sort, the tab order of a card and where the AU finance
 * card goes.
 */

/** A special finance offer of a model (the model's `finance` bloks). */
export interface FinanceOfferView {
  text: string;
  /** Content price string. */
  driveawayPrice: string;
  interestRate: string;
  comparisonRate: string;
  disclaimer: string;
}

/**
 * What an offer card reads of a model: the fields the listing's loader copies and `OfferVehicle`
 * types (adding a field is one edit here). The listing's data is in the page, so a model's
 * colours, features and descriptions (a third of the catalogue) stay on the server.
 */
export const OFFER_VEHICLE_FIELDS = [
  "uuid",
  "name",
  "shortName",
  "clearance",
  "image",
  "featureList",
  "priceDisclaimers",
  "pricing",
  "vehiclePrice",
  "cleanCarProgramme",
  "quoteVehicle",
  "configPath",
] as const satisfies readonly (keyof VehicleModel)[];

export type OfferVehicle = Pick<VehicleModel, (typeof OFFER_VEHICLE_FIELDS)[number]>;

/** A listed model: the vehicle data plus what only the offers card shows. */
export interface OfferModel extends OfferVehicle {
  /** The model line's vehicle_category (e.g. SUV, Ute, Hybrid). */
  category: string;
  lineName: string;
  financeOfferText: string;
  financeOffers: FinanceOfferView[];
  /** The card's place in A to Z order of the listed models (`nameOrders`). */
  nameOrder: number;
}

export const OFFER_SORTS = ["alphabetical", "priceHigh", "priceLow"] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];
export const DEFAULT_OFFER_SORT: OfferSort = "alphabetical";
export const OFFER_SORT_LABELS: Readonly<Record<OfferSort, string>> = {
  alphabetical: "A to Z",
  priceHigh: "Price: high to low",
  priceLow: "Price: low to high",
};
export const SHOW_ALL = "Show All";
export const OFFER_TAB = "Offer";
export const FINANCE_TAB = "Finance";
export const BUILD_YOUR_OWN = "Build Your Own";
/** Offer card features: at most 4. */
export const MAX_OFFER_FEATURES = 4;
/** The AU finance card's position (1-based): 2 on small screens, 3 on larger ones. */
export const FINANCE_CARD_POSITION = { small: 2, large: 3 } as const;

export function isOfferSort(value: unknown): value is OfferSort {
  return typeof value === "string" && (OFFER_SORTS as readonly string[]).includes(value);
}

/** A category's button label: Hybrid is shown as HEV. */
export function categoryLabel(category: string): string {
  return category.trim().toLowerCase() === "hybrid" ? "HEV" : category;
}

/**
 * The models listed: only those the blok names (`models`, when set), and without
 * show_all_models only clearance models.
 */
export function eligibleOffers<T extends Pick<OfferModel, "uuid" | "clearance">>(
  models: readonly T[],
  opts: { showAllModels: boolean; modelUuids: readonly string[] },
): T[] {
  const named = opts.modelUuids.length ? models.filter((m) => opts.modelUuids.includes(m.uuid)) : [...models];
  return opts.showAllModels ? named : named.filter((m) => m.clearance);
}

export interface CategoryOption {
  /** "" = Show All. */
  value: string;
  label: string;
}

/** Show All, then the models' categories in first-seen order. */
export function categoryOptions(models: readonly Pick<OfferModel, "category">[]): CategoryOption[] {
  const seen: string[] = [];
  for (const m of models) if (m.category && !seen.includes(m.category)) seen.push(m.category);
  return [{ value: "", label: SHOW_ALL }, ...seen.map((c) => ({ value: c, label: categoryLabel(c) }))];
}

/** The filter buttons show only with more than 2 options. */
export function showCategoryFilter(options: readonly CategoryOption[]): boolean {
  return options.length > 2;
}

export interface OfferQuery {
  /** A category value, "" for all. */
  category: string;
  sort: OfferSort;
}

/** The listing's state from the URL (?category=&sort=); unknown values fall back. */
export function parseOfferQuery(params: URLSearchParams, categories: readonly string[]): OfferQuery {
  const category = params.get("category") ?? "";
  const sort = params.get("sort");
  return { category: categories.includes(category) ? category : "", sort: isOfferSort(sort) ? sort : DEFAULT_OFFER_SORT };
}

/** `?category=&sort=` for links (other parameters kept; defaults left out). */
export function offerSearch(query: OfferQuery, base?: URLSearchParams): string {
  const params = new URLSearchParams(base);
  params.delete("category");
  params.delete("sort");
  if (query.category) params.set("category", query.category);
  if (query.sort !== DEFAULT_OFFER_SORT) params.set("sort", query.sort);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** A to Z, by the place the server gave each card (`nameOrder`): the browser needs no collator. */
function byName(a: Pick<OfferModel, "nameOrder">, b: Pick<OfferModel, "nameOrder">): number {
  return a.nameOrder - b.nameOrder;
}

/**
 * Each model's place in A to Z order of names (letters alike whatever their case or accents), for
 * `nameOrder`. The loader computes it: a collator's first use in the browser loads ICU's data, a
 * long task during hydration on a slow phone.
 */
export function nameOrders(models: readonly Pick<OfferModel, "uuid" | "name">[]): Map<string, number> {
  return new Map([...models].sort((a, b) => compareNames(a.name, b.name)).map((m, i) => [m.uuid, i]));
}

/** The cards: filtered by category and sorted; price sorts use the buyer's price, priceless last. */
export function listOffers<T extends OfferModel>(models: readonly T[], query: OfferQuery, buyer: BuyerContext): T[] {
  const list = models.filter((m) => !query.category || m.category === query.category);
  if (query.sort === "alphabetical") return [...list].sort(byName);
  const dir = query.sort === "priceHigh" ? -1 : 1;
  const priced = list.map((m) => ({ m, price: vehiclePrice(m, buyer).amount }));
  priced.sort((a, b) => {
    if (a.price === null || b.price === null) return a.price === b.price ? byName(a.m, b.m) : a.price === null ? 1 : -1;
    return (a.price - b.price) * dir || byName(a.m, b.m);
  });
  return priced.map((p) => p.m);
}

/**
 * The tab order of an offer card: the Finance tab first when show_finance_tab_first is set, or
 * when the card has neither a special offer nor a standard header.
 */
export function financeTabFirst(opts: { showFinanceTabFirst: boolean; hasSpecialOffer: boolean; hasStandardHeader: boolean }): boolean {
  return opts.showFinanceTabFirst || (!opts.hasSpecialOffer && !opts.hasStandardHeader);
}

/** The first 4 features. */
export function offerFeatures(features: readonly string[]): string[] {
  return features.slice(0, MAX_OFFER_FEATURES);
}

/** The index (0-based) at which a card goes to be at a 1-based position, capped at the end. */
export function insertionIndex(count: number, position: number): number {
  return Math.max(0, Math.min(count, position - 1));
}

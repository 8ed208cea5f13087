import { driveawayPrice, sortModelsByPrice, type DriveawayPrice } from "~/features/pricing/driveaway";
import { formatPrice } from "~/features/pricing/format";
import type { BuyerContext } from "~/features/pricing/types";
import { parsePrice } from "~/features/pricing/validity";
import type { VehicleAccessory, VehicleColour, VehicleModel } from "./types";
import { compareText } from "~/lib/collate";

/**
 * Pure rules of the vehicle blocks (spec transactional.md §5, §9; site.md §2 "Range tabs block").
 */

// ---------------------------------------------------------------------------------------------
// Prices

/** What a price is computed from: the model's price fields and its AU state prices. */
export type PricedVehicle = Pick<VehicleModel, "pricing" | "vehiclePrice">;

/**
 * The price a card shows: the model's driveaway price for the buyer (state and buyer type in AU)
 * plus the chosen colour's price when it has a valid one. No valid driveaway price gives the
 * no-price text whatever the colour.
 */
export function vehiclePrice(model: PricedVehicle, buyer: BuyerContext, colour?: VehicleColour | null): DriveawayPrice {
  const base = driveawayPrice(model.pricing, buyer, model.vehiclePrice ?? undefined);
  const extra = colour ? parsePrice(colour.price) : null;
  if (base.amount === null || extra === null) return base;
  const amount = Math.round((base.amount + extra) * 100) / 100;
  return { ...base, amount, text: formatPrice(amount, buyer.country) };
}

/** Models by ascending driveaway price for the buyer (no price last, stable). */
export function sortVehicleModels(models: readonly VehicleModel[], buyer: BuyerContext): VehicleModel[] {
  const order = sortModelsByPrice(
    models.map((model) => ({ ...model.pricing, model })),
    buyer,
    (entry) => entry.model.vehiclePrice ?? undefined,
  );
  return order.map((entry) => entry.model);
}

/** Every model of the lines, by ascending driveaway price for the buyer (the vehicle blocks' list). */
export function linesModels(lines: readonly { models: readonly VehicleModel[] }[], buyer: BuyerContext): VehicleModel[] {
  return sortVehicleModels(
    lines.flatMap((line) => line.models),
    buyer,
  );
}

// ---------------------------------------------------------------------------------------------
// Colour selector

/** Checkmark contrast bias (spec §9). */
export const CHECKMARK_CONTRAST_BIAS = 150;

/** "#abc" or "#aabbcc" → [r, g, b]; null for anything else. */
export function parseHex(hex: string | null | undefined): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((hex ?? "").trim());
  if (!match) return null;
  const h = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * The checkmark colour on a swatch: black on a light colour, white on a dark one, by YIQ
 * brightness ((299 R + 587 G + 114 B) / 1000) against the bias 150. Unknown colours get black.
 */
export function checkmarkColour(hex: string | null | undefined, bias = CHECKMARK_CONTRAST_BIAS): "#000000" | "#ffffff" {
  const rgb = parseHex(hex);
  if (!rgb) return "#000000";
  const [r, g, b] = rgb;
  return (r * 299 + g * 587 + b * 114) / 1000 >= bias ? "#000000" : "#ffffff";
}

/** Colour selector height (spec §9): 306 px below md, else 700 px. */
export const COLOUR_SELECTOR_HEIGHT = { mobile: 306, desktop: 700 } as const;

// ---------------------------------------------------------------------------------------------
// Model features

/** First 6 features shown (5 on mobile), the rest under 'More features' (spec §9). */
export const FEATURES_SHOWN = { desktop: 6, mobile: 5 } as const;
export const MORE_FEATURES = "More features";

export function splitFeatures<T>(features: readonly T[], mobile: boolean): { shown: T[]; more: T[] } {
  const count = mobile ? FEATURES_SHOWN.mobile : FEATURES_SHOWN.desktop;
  return { shown: features.slice(0, count), more: features.slice(count) };
}

// ---------------------------------------------------------------------------------------------
// Range tabs

/** Tab width and row width of the range tabs (spec site.md §2). */
export const RANGE_TAB_WIDTH = 230;
export const RANGE_TABS_MAX_WIDTH = 1470;

/** One tab per model: clearance models hidden, de-duplicated by short_name (first kept). */
export function rangeTabModels(models: readonly VehicleModel[]): VehicleModel[] {
  const seen = new Set<string>();
  const out: VehicleModel[] = [];
  for (const model of models) {
    if (model.clearance) continue;
    const key = model.shortName.trim().toLowerCase() || model.uuid;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(model);
  }
  return out;
}

/** A dummy slide is added when tab count × 230 exceeds 1470. */
export function needsDummySlide(tabCount: number): boolean {
  return tabCount * RANGE_TAB_WIDTH > RANGE_TABS_MAX_WIDTH;
}

/** The selected tab: the model whose short_name or slug matches, else the first eligible. */
export function selectedTab(models: readonly VehicleModel[], wanted: string | null | undefined): VehicleModel | null {
  if (models.length === 0) return null;
  const key = (wanted ?? "").trim().toLowerCase();
  return models.find((m) => key !== "" && (m.slug === key || m.shortName.toLowerCase() === key)) ?? models[0];
}

// ---------------------------------------------------------------------------------------------
// Accessories listing

export const ACCESSORY_PAGE_SIZE = 6;
export const ACCESSORY_SORTS = ["alphabetical", "priceHigh", "priceLow"] as const;
export type AccessorySort = (typeof ACCESSORY_SORTS)[number];
export const ACCESSORY_SORT_LABELS: Readonly<Record<AccessorySort, string>> = {
  alphabetical: "A to Z",
  priceHigh: "Price: high to low",
  priceLow: "Price: low to high",
};
export const SHOW_ALL = "Show All";
export const LOAD_MORE = "Load more";
export const DEFAULT_ACCESSORY_IMAGE_ALT = "Default accessory image";

export function isAccessorySort(value: unknown): value is AccessorySort {
  return typeof value === "string" && (ACCESSORY_SORTS as readonly string[]).includes(value);
}

/** Category labels in first-seen order. */
export function accessoryCategories(accessories: readonly VehicleAccessory[]): string[] {
  const out: string[] = [];
  for (const accessory of accessories) for (const c of accessory.categories) if (c && !out.includes(c)) out.push(c);
  return out;
}

export interface AccessoryQuery {
  category: string | null;
  /** AU only; NZ ignores it (no prices to sort by). */
  sort: AccessorySort | null;
  /** Pages of 6 loaded (Load more adds one). */
  pages: number;
}

/** The listing's state from the page URL: ?category=, ?sort=, ?pages=. Unknown values are ignored. */
export function parseAccessoryQuery(params: URLSearchParams, categories: readonly string[]): AccessoryQuery {
  const category = params.get("category");
  const sort = params.get("sort");
  const pages = Number(params.get("pages"));
  return {
    category: category && categories.includes(category) ? category : null,
    sort: isAccessorySort(sort) ? sort : null,
    pages: Number.isInteger(pages) && pages > 1 && pages < 1000 ? pages : 1,
  };
}

function byName(a: VehicleAccessory, b: VehicleAccessory): number {
  return compareText(a.name, b.name);
}

/**
 * The accessories shown: filtered by category, sorted (AU: A to Z, price high or low; no price
 * sorts last), 6 per page. Choosing a category or a sort shows them all (spec §9).
 */
export function listAccessories(
  accessories: readonly VehicleAccessory[],
  query: AccessoryQuery,
  country: "au" | "nz",
): { shown: VehicleAccessory[]; total: number; hasMore: boolean } {
  let list = accessories.filter((a) => !query.category || a.categories.includes(query.category));
  const sort = country === "au" ? query.sort : null;
  if (sort === "alphabetical") list = [...list].sort(byName);
  if (sort === "priceHigh" || sort === "priceLow") {
    const dir = sort === "priceHigh" ? -1 : 1;
    list = [...list].sort((a, b) => {
      const pa = parsePrice(a.price);
      const pb = parsePrice(b.price);
      if (pa === null || pb === null) return pa === pb ? byName(a, b) : pa === null ? 1 : -1;
      return (pa - pb) * dir || byName(a, b);
    });
  }
  const showAll = query.category !== null || sort !== null;
  const shown = showAll ? list : list.slice(0, ACCESSORY_PAGE_SIZE * query.pages);
  return { shown, total: list.length, hasMore: shown.length < list.length };
}

/** The listing URL's query for a new state (Load more keeps the rest; a filter or sort resets pages). */
export function accessoryHref(pathname: string, query: AccessoryQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set("category", query.category);
  if (query.sort) params.set("sort", query.sort);
  if (query.pages > 1) params.set("pages", String(query.pages));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

// ---------------------------------------------------------------------------------------------
// Compare grid

/** Models shown in the grid, from `?compare=uuid,uuid` or the first `initial` models. */
export function comparedModels(models: readonly VehicleModel[], param: string | null, initial: number): VehicleModel[] {
  if (param !== null) {
    const wanted = param.split(",").map((s) => s.trim()).filter(Boolean);
    return wanted.map((uuid) => models.find((m) => m.uuid === uuid)).filter((m): m is VehicleModel => Boolean(m));
  }
  return models.slice(0, Math.max(0, initial));
}

/** `?compare=` for a list of models (an empty list keeps the parameter, so the grid stays empty). */
export function compareSearch(search: string, uuids: readonly string[]): string {
  const params = new URLSearchParams(search);
  params.set("compare", uuids.join(","));
  return `?${params.toString()}`;
}

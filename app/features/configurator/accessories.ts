/**
 * Accessories listing rules (spec transactional.md section 9): 6 shown at first, Load more,
 * category filter buttons, sort in AU only (alphabetical A to Z, priceHigh, priceLow); changing
 * the category or the sort shows all.
 */
import { parsePrice } from "~/features/pricing/validity";
import type { ConfigAccessory, ConfiguratorCountry } from "./types";
import { compareText } from "~/lib/collate";

export const ACCESSORIES_SHOWN = 6;
export const ACCESSORY_SORTS = ["alphabetical", "priceHigh", "priceLow"] as const;
export type AccessorySort = (typeof ACCESSORY_SORTS)[number];
export const ACCESSORY_SORT_LABELS: Readonly<Record<AccessorySort, string>> = {
  alphabetical: "A to Z",
  priceHigh: "Price high to low",
  priceLow: "Price low to high",
};

/** Query parameters of the listing (no-JS links and the sort form). */
export const ACCESSORY_PARAMS = { category: "category", sort: "sort", all: "all" } as const;

export interface AccessoryView {
  category: string | null;
  sort: AccessorySort | null;
  /** Load more was used. */
  showAll: boolean;
}

export function isAccessorySort(value: unknown): value is AccessorySort {
  return typeof value === "string" && (ACCESSORY_SORTS as readonly string[]).includes(value);
}

export function accessoryViewFromSearchParams(params: URLSearchParams, country: ConfiguratorCountry): AccessoryView {
  const sort = params.get(ACCESSORY_PARAMS.sort);
  return {
    category: params.get(ACCESSORY_PARAMS.category) || null,
    sort: country === "au" && isAccessorySort(sort) ? sort : null,
    showAll: params.get(ACCESSORY_PARAMS.all) === "1",
  };
}

/** Every category, in first-seen order. */
export function accessoryCategories(accessories: readonly ConfigAccessory[]): string[] {
  const out: string[] = [];
  for (const a of accessories) for (const c of a.categories) if (c && !out.includes(c)) out.push(c);
  return out;
}

function priceOf(a: ConfigAccessory): number {
  return parsePrice(a.price) ?? 0;
}

export interface AccessoryListing {
  shown: ConfigAccessory[];
  /** Matching the filter in total. */
  total: number;
  hasMore: boolean;
}

/** Filter, sort (AU only), and the first 6 unless Load more, a category or a sort is in use. */
export function listAccessories(
  accessories: readonly ConfigAccessory[],
  view: AccessoryView,
  country: ConfiguratorCountry,
): AccessoryListing {
  let list = view.category ? accessories.filter((a) => a.categories.includes(view.category as string)) : [...accessories];
  const sort = country === "au" ? view.sort : null;
  if (sort === "alphabetical") list = [...list].sort((a, b) => compareText(a.name, b.name));
  if (sort === "priceHigh") list = [...list].sort((a, b) => priceOf(b) - priceOf(a));
  if (sort === "priceLow") list = [...list].sort((a, b) => priceOf(a) - priceOf(b));
  const all = view.showAll || view.category !== null || sort !== null;
  const shown = all ? list : list.slice(0, ACCESSORIES_SHOWN);
  return { shown, total: list.length, hasMore: shown.length < list.length };
}

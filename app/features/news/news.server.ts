import type { Country } from "~/content/schema";
import { getDatasourceEntries, getStoriesPage } from "~/content/stories.server";
import { LISTING_PAGE_SIZE, NEWS_CONTENT_TYPE, listingParams } from "./listing";

export const NEWS_PAGE_SIZE = LISTING_PAGE_SIZE;
export { NEWS_CONTENT_TYPE };

/** One page of news, newest first, with the spec's query (site.md section 7). */
export function getNewsPage(
  country: Country,
  opts: { page?: number; category?: string; version?: "draft" | "published" } = {},
) {
  return getStoriesPage(listingParams("news", country, { page: opts.page ?? 1, category: opts.category ?? "" }), { country, version: opts.version });
}

export function getNewsCategories() {
  return getDatasourceEntries("news-categories");
}

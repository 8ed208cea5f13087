import type { Country } from "~/content/schema";
import { getDatasourceEntries, getStoriesPage } from "~/content/stories.server";

export const NEWS_PAGE_SIZE = 6;
export const NEWS_CONTENT_TYPE = "news-detail";

/** One page of news, newest first, with the spec's query (site.md section 7). */
export function getNewsPage(
  country: Country,
  opts: { page?: number; category?: string; version?: "draft" | "published" } = {},
) {
  const params: Record<string, unknown> = {
    starts_with: "news",
    content_type: NEWS_CONTENT_TYPE,
    excluding_fields: "body",
    sort_by: "first_published_at:desc",
    per_page: NEWS_PAGE_SIZE,
    page: opts.page ?? 1,
  };
  if (opts.category) params.filter_query = { news_categories: { any_in_array: opts.category } };
  return getStoriesPage(params, { country, version: opts.version });
}

export function getNewsCategories() {
  return getDatasourceEntries("news-categories");
}

import type { BlockLoaderArgs } from "~/blocks/loaders.server";
import type { DatasourceEntry } from "~/content/stories.server";
import { LISTING_PAGE_SIZE, parseListingQuery, type ListingItem, type ListingState } from "./listing";
import { loadListing, newestItems } from "./listing.server";
import { getNewsCategories } from "./news.server";

export interface NewsListingData {
  listing: ListingState;
  categories: Pick<DatasourceEntry, "name" | "value">[];
}

/** news-listing: the list for the page URL's `?category=&page=` and the filter's categories. */
export async function newsListingLoader({ country, request }: BlockLoaderArgs): Promise<NewsListingData> {
  const query = parseListingQuery(new URL(request.url).searchParams);
  const [listing, categories] = await Promise.all([loadListing("news", country, query), getNewsCategories()]);
  return { listing, categories: (categories ?? []).map(({ name, value }) => ({ name, value })) };
}

/** owners-club-event-listing: the events for the page URL's `?page=` (no category filter). */
export function eventListingLoader({ country, request }: BlockLoaderArgs): Promise<ListingState> {
  const { page } = parseListingQuery(new URL(request.url).searchParams);
  return loadListing("events", country, { category: "", page });
}

/** news-carousel: the newest articles (of one category when the blok names one). */
export function newsCarouselLoader({ blok, country }: BlockLoaderArgs): Promise<ListingItem[] | null> {
  const count = Number(blok.count ?? LISTING_PAGE_SIZE);
  const category = typeof blok.category === "string" ? blok.category : "";
  return newestItems("news", country, Number.isFinite(count) ? count : LISTING_PAGE_SIZE, category);
}

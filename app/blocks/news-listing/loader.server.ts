import type { DatasourceEntry } from "~/content/stories.server";
import { parseListingQuery, type ListingState } from "~/features/news/listing";
import { loadListing } from "~/features/news/listing.server";
import { getNewsCategories } from "~/features/news/news.server";
import type { BlockLoaderArgs } from "../types";

export interface NewsListingData {
  listing: ListingState;
  categories: Pick<DatasourceEntry, "name" | "value">[];
}

/** The list for the page URL's `?category=&page=` and the filter's categories. */
export async function loader({ country, request }: BlockLoaderArgs): Promise<NewsListingData> {
  const query = parseListingQuery(new URL(request.url).searchParams);
  const [listing, categories] = await Promise.all([loadListing("news", country, query), getNewsCategories()]);
  return { listing, categories: (categories ?? []).map(({ name, value }) => ({ name, value })) };
}

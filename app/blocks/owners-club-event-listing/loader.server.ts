import { parseListingQuery, type ListingState } from "~/features/news/listing";
import { loadListing } from "~/features/news/listing.server";
import type { BlockLoaderArgs } from "../types";

/** The events for the page URL's `?page=` (no category filter). */
export function loader({ country, request }: BlockLoaderArgs): Promise<ListingState> {
  const { page } = parseListingQuery(new URL(request.url).searchParams);
  return loadListing("events", country, { category: "", page });
}

import { LISTING_PAGE_SIZE, type ListingItem } from "~/features/news/listing";
import { newestItems } from "~/features/news/listing.server";
import type { BlockLoaderArgs } from "../types";

/** The newest articles (of one category when the blok names one). */
export function loader({ blok, country }: BlockLoaderArgs): Promise<ListingItem[] | null> {
  const count = Number(blok.count ?? LISTING_PAGE_SIZE);
  const category = typeof blok.category === "string" ? blok.category : "";
  return newestItems("news", country, Number.isFinite(count) ? count : LISTING_PAGE_SIZE, category);
}

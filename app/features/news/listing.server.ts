import type { Country, Story } from "~/content/schema";
import { getStoriesPage, type DatasourceEntry } from "~/content/stories.server";
import { newsDetailSchema, ownersClubEventDetailSchema } from "~/content/content-types";
import { formatEventDate } from "./event-date";
import { categoryLabels, COUNTRY_TIME_ZONE, formatPublishDate } from "./format";
import {
  LISTING_PAGE_SIZE,
  listingParams,
  type ListingItem,
  type ListingKind,
  type ListingQuery,
  type ListingState,
} from "./listing";
import { getNewsCategories } from "./news.server";
import { sitePath } from "~/content/site-path";

function imageOf(asset: { filename?: string | null; alt?: string | null } | null | undefined) {
  return asset?.filename ? { filename: asset.filename, alt: asset.alt ?? "" } : null;
}

/** A listing card from a story (fields that fail their schema render as empty). */
export function toListingItem(kind: ListingKind, story: Story<unknown>, country: Country, categories: readonly DatasourceEntry[]): ListingItem {
  const href = sitePath(country, story.full_slug);
  if (kind === "news") {
    const parsed = newsDetailSchema.safeParse(story.content);
    const c = parsed.success ? parsed.data : undefined;
    return {
      uuid: story.uuid,
      href,
      title: c?.title || story.name,
      summary: c?.summary ?? "",
      image: imageOf(c?.banner_image),
      date: formatPublishDate(story.first_published_at, COUNTRY_TIME_ZONE[country]),
      categories: categoryLabels(c?.news_categories, categories),
      place: "",
    };
  }
  const parsed = ownersClubEventDetailSchema.safeParse(story.content);
  const c = parsed.success ? parsed.data : undefined;
  return {
    uuid: story.uuid,
    href,
    title: c?.heading || story.name,
    summary: c?.summary ?? "",
    image: imageOf(c?.thumbnail_image ?? c?.featured_media),
    date: formatEventDate(c?.event_date),
    categories: "",
    place: c?.location || c?.state || "",
  };
}

/** One page of a listing, or null when the content fetch failed. */
export async function fetchListingPage(
  kind: ListingKind,
  country: Country,
  query: ListingQuery,
  categories: readonly DatasourceEntry[] = [],
): Promise<{ items: ListingItem[]; total: number } | null> {
  const result = await getStoriesPage(listingParams(kind, country, query), { country });
  if (!result) return null;
  return { items: result.stories.map((s) => toListingItem(kind, s, country, categories)), total: result.total };
}

/**
 * The listing as a page URL asks for it: every item of pages 1..page (so a visitor without
 * JavaScript who followed Load more sees the whole list), fetched in parallel.
 */
export async function loadListing(kind: ListingKind, country: Country, query: ListingQuery): Promise<ListingState> {
  const categories = kind === "news" ? ((await getNewsCategories()) ?? []) : [];
  const pages = await Promise.all(
    Array.from({ length: query.page }, (_, i) => fetchListingPage(kind, country, { ...query, page: i + 1 }, categories)),
  );
  const failed = pages.some((p) => p === null);
  const items = failed ? [] : pages.flatMap((p) => p?.items ?? []);
  const total = failed ? 0 : (pages[0]?.total ?? 0);
  const last = pages[pages.length - 1];
  const exhausted = !failed && query.page > 1 && (last?.items.length ?? 0) === 0;
  return { ...query, items, total, failed, exhausted };
}

/** The newest items of a listing (the news carousel), or null on failure. */
export async function newestItems(kind: ListingKind, country: Country, count: number, category = ""): Promise<ListingItem[] | null> {
  const categories = kind === "news" ? ((await getNewsCategories()) ?? []) : [];
  const page = await fetchListingPage(kind, country, { category, page: 1 }, categories);
  return page ? page.items.slice(0, Math.max(0, Math.min(count, LISTING_PAGE_SIZE))) : null;
}

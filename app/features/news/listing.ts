import type { Country } from "~/content/schema";
import { localeFilterQuery } from "~/content/locale";

/**
 * News and owners-club event listings (spec site.md sections 2, 4, 7 and 8): pure parts shared by
 * the server (queries, the first render) and the browser (Load more, the category filter).
 */

export type ListingKind = "news" | "events";
export const LISTING_KINDS: readonly ListingKind[] = ["news", "events"];

/** News and events page size (spec section 9). */
export const LISTING_PAGE_SIZE = 6;
/** The server renders every page up to `page`; beyond this a request is refused (bounded work). */
export const MAX_LISTING_PAGE = 20;

export const NEWS_CONTENT_TYPE = "news-detail";
export const EVENTS_CONTENT_TYPE = "owners-club-event-detail";

/** Where each kind's stories live and their content type. */
export const LISTING_SOURCES: Record<ListingKind, { startsWith: string; contentType: string }> = {
  news: { startsWith: "news", contentType: NEWS_CONTENT_TYPE },
  events: { startsWith: "owners-club/events", contentType: EVENTS_CONTENT_TYPE },
};

/** Status messages (spec section 8), letter for letter. */
export const LISTING_MESSAGES: Record<ListingKind, { loading: string; empty: string; noMore: string; error: string }> = {
  news: {
    loading: "Loading news articles...",
    empty: "Could not find any news articles.",
    noMore: "Could not find any more news articles.",
    error: "Error fetching news articles.",
  },
  events: {
    loading: "Loading events articles...",
    empty: "Could not find any events.",
    noMore: "Could not find any more events.",
    error: "Error fetching events.",
  },
};

/** One card of a listing: what the page needs of a story (the query excludes `body`). */
export interface ListingItem {
  uuid: string;
  /** Site path: /{country}/{full_slug}. */
  href: string;
  title: string;
  summary: string;
  image: { filename: string; alt: string } | null;
  /** News: '5th Mar 2025' or 'Unpublished'; events: the event date. */
  date: string;
  /** News: category labels joined by commas. */
  categories: string;
  /** Events: the location (else the state). */
  place: string;
}

export interface ListingQuery {
  /** A news-categories value; empty for all. */
  category: string;
  /** 1-based; the list shows pages 1..page. */
  page: number;
}

/** A listing as the page shows it: every item of pages 1..page. */
export interface ListingState extends ListingQuery {
  items: ListingItem[];
  total: number;
  /** The content fetch failed: the error message shows. */
  failed: boolean;
  /** The last page asked for held nothing (past the end). */
  exhausted: boolean;
}

const CATEGORY = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** A category value from the URL, or "" when missing or malformed (never passed on unchecked). */
export function cleanCategory(value: string | null | undefined): string {
  const v = (value ?? "").trim().toLowerCase();
  return CATEGORY.test(v) ? v : "";
}

/** A page number from the URL: an integer 1..MAX_LISTING_PAGE, else 1 (or the maximum). */
export function cleanPage(value: string | null | undefined): number {
  const n = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, MAX_LISTING_PAGE);
}

/** The listing's query from a page URL (`?category=&page=`). */
export function parseListingQuery(search: URLSearchParams): ListingQuery {
  return { category: cleanCategory(search.get("category")), page: cleanPage(search.get("page")) };
}

/** `?category=<c>&page=<n>` for links; other parameters of `base` are kept. */
export function listingSearch(query: ListingQuery, base?: URLSearchParams): string {
  const params = new URLSearchParams(base);
  params.set("category", query.category);
  params.set("page", String(query.page));
  return `?${params.toString()}`;
}

/** Load more shows only while the total exceeds what is loaded. */
export function hasMore(total: number, loaded: number): boolean {
  return total > loaded;
}

/**
 * The content query of one listing page (spec section 7): starts_with, content_type,
 * excluding_fields=body, sort_by=first_published_at:desc, per_page=6, page, and the optional
 * filter_query on news_categories. Stories whose locale is another country's are filtered out
 * by the same filter_query (the detail page would be a 404 for them).
 */
export function listingParams(kind: ListingKind, country: Country, query: ListingQuery): Record<string, unknown> {
  const source = LISTING_SOURCES[kind];
  const filter: Record<string, unknown> = { ...localeFilterQuery(country) };
  if (kind === "news" && query.category) filter.news_categories = { any_in_array: query.category };
  return {
    starts_with: source.startsWith,
    content_type: source.contentType,
    excluding_fields: "body",
    sort_by: "first_published_at:desc",
    per_page: LISTING_PAGE_SIZE,
    page: query.page,
    filter_query: filter,
  };
}

/** The message a listing shows in its state, or null. */
export function listingMessage(
  kind: ListingKind,
  state: { items: readonly unknown[]; failed: boolean; exhausted: boolean; loading: boolean },
): string | null {
  const m = LISTING_MESSAGES[kind];
  if (state.loading) return m.loading;
  if (state.failed) return m.error;
  if (state.items.length === 0) return m.empty;
  if (state.exhausted) return m.noMore;
  return null;
}

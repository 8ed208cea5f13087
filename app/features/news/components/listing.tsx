import { usePageLocation } from "~/islands/page-location";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { cx } from "~/components/section";
import { useHydrated } from "~/islands/use-hydrated";
import type { Country } from "~/content/schema";
import {
  hasMore,
  listingMessage,
  listingSearch,
  type ListingItem,
  type ListingKind,
  type ListingQuery,
  type ListingState,
} from "../listing";
import { ListingCard } from "./listing-card";
import { isPlainClick } from "~/islands/plain-click";

export interface ListingCategory {
  label: string;
  value: string;
}

export interface ListingProps {
  kind: ListingKind;
  country: Country;
  /** The server's listing for the page URL; undefined when no loader ran (renders the error). */
  initial: ListingState | null | undefined;
  /** News only: the filter's options ("" = all); no filter when empty. */
  categories?: readonly ListingCategory[];
  filterLabel: string;
  loadMoreLabel: string;
  /** An id prefix for the items (the blok's _uid). */
  idPrefix: string;
  /** The listing opens the page: its first card's image loads eagerly with high priority. */
  opensPage?: boolean;
}

interface ClientState extends ListingState {
  loading: boolean;
}

function fromInitial(initial: ListingState | null | undefined): ClientState {
  return initial
    ? { ...initial, loading: false }
    : { category: "", page: 1, items: [], total: 0, failed: true, exhausted: false, loading: false };
}

/** Fetches one listing page from the JSON resource route. */
async function fetchPage(kind: ListingKind, country: Country, query: ListingQuery): Promise<{ items: ListingItem[]; total: number }> {
  const params = new URLSearchParams({ country, category: query.category, page: String(query.page) });
  const res = await fetch(`/api/listing/${kind}?${params.toString()}`, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`listing ${res.status}`);
  const body = (await res.json()) as { items?: ListingItem[]; total?: number };
  if (!Array.isArray(body.items) || typeof body.total !== "number") throw new Error("listing: bad response");
  return { items: body.items, total: body.total };
}

/**
 * A news or events listing (spec site.md sections 2, 4 and 8). The server renders every page up
 * to `?page=` for `?category=`, and the filter and Load more are links to those URLs, so it all
 * works without JavaScript. With JavaScript the same links fetch just the next page (or the
 * filtered first page) from /api/listing/{kind}, append or replace the items, and keep the URL in
 * step, without a page load.
 */
export function Listing({ kind, country, initial, categories = [], filterLabel, loadMoreLabel, idPrefix, opensPage }: ListingProps) {
  const location = usePageLocation();
  const hydrated = useHydrated();
  const [state, setState] = useState<ClientState>(() => fromInitial(initial));
  const focusIndex = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // New server data (a navigation to another query of this page) replaces the client state.
  useEffect(() => {
    setState(fromInitial(initial));
  }, [initial]);

  // After Load more, focus moves to the first new article (keyboard and screen-reader users).
  useEffect(() => {
    if (focusIndex.current === null || state.loading) return;
    const link = listRef.current?.querySelectorAll<HTMLAnchorElement>(".listing-card__link")[focusIndex.current];
    focusIndex.current = null;
    link?.focus();
  }, [state.items, state.loading]);

  const base = new URLSearchParams(location.search);
  const hrefFor = (query: ListingQuery, hash = "") => `${location.pathname}${listingSearch(query, base)}${hash}`;

  const replaceUrl = (query: ListingQuery) => {
    // The router's own history entry state is kept; only the query changes.
    window.history.replaceState(window.history.state, "", hrefFor(query));
  };

  const select = async (event: MouseEvent, category: string) => {
    if (!hydrated || !isPlainClick(event)) return;
    event.preventDefault();
    if (state.loading) return;
    const query = { category, page: 1 };
    setState((s) => ({ ...s, ...query, items: [], total: 0, loading: true, failed: false, exhausted: false }));
    replaceUrl(query);
    try {
      const page = await fetchPage(kind, country, query);
      setState({ ...query, ...page, loading: false, failed: false, exhausted: false });
    } catch {
      setState({ ...query, items: [], total: 0, loading: false, failed: true, exhausted: false });
    }
  };

  const loadMore = async (event: MouseEvent) => {
    if (!hydrated || !isPlainClick(event)) return;
    event.preventDefault();
    if (state.loading) return;
    const query = { category: state.category, page: state.page + 1 };
    setState((s) => ({ ...s, loading: true, failed: false }));
    try {
      const page = await fetchPage(kind, country, query);
      focusIndex.current = page.items.length ? state.items.length : null;
      setState((s) => ({
        ...s,
        ...query,
        items: [...s.items, ...page.items],
        total: page.total,
        loading: false,
        exhausted: page.items.length === 0,
      }));
      replaceUrl(query);
    } catch {
      setState((s) => ({ ...s, loading: false, failed: true }));
    }
  };

  const message = listingMessage(kind, state);
  const showFilter = kind === "news" && categories.length > 0;
  const more = !state.failed && !state.loading && hasMore(state.total, state.items.length);

  return (
    <div className={cx("listing", `listing--${kind}`)}>
      {showFilter ? (
        <nav className="listing__filter" aria-label={filterLabel}>
          <ul>
            {categories.map((c) => (
              <li key={c.value || "all"}>
                <a
                  href={hrefFor({ category: c.value, page: 1 })}
                  className={cx("listing__filter-link", c.value === state.category && "listing__filter-link--active")}
                  aria-current={c.value === state.category ? "true" : undefined}
                  onClick={(e) => void select(e, c.value)}
                >
                  {c.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {state.items.length ? (
        <ul className="listing__items" ref={listRef}>
          {state.items.map((item, i) => (
            <li key={`${item.uuid}-${i}`} id={`${idPrefix}-item-${i + 1}`}>
              <ListingCard item={item} priority={opensPage === true && i === 0} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className={cx("listing__status", state.failed && "listing__status--error")} role="status" aria-live="polite">
        {message ?? ""}
      </p>
      {more ? (
        <p className="listing__more">
          <a
            className="button button--sm button--primary"
            href={hrefFor({ category: state.category, page: state.page + 1 }, `#${idPrefix}-item-${state.items.length + 1}`)}
            onClick={(e) => void loadMore(e)}
          >
            {loadMoreLabel}
          </a>
        </p>
      ) : null}
    </div>
  );
}

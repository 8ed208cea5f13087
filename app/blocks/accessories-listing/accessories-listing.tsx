import { navigateTo, usePageLocation } from "~/islands/page-location";
import { useId } from "react";
import { anchorId, cx } from "~/components/section";
import { useHydrated } from "~/islands/use-hydrated";
import { useSite } from "~/features/site-state/site-context";
import { AccessoryCard } from "~/features/vehicles/components/accessory-card";
import {
  ACCESSORY_SORTS,
  ACCESSORY_SORT_LABELS,
  LOAD_MORE,
  SHOW_ALL,
  accessoryHref,
  isAccessorySort,
  parseAccessoryQuery,
} from "~/features/vehicles/logic";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section, SectionHeader } from "~/components/section-block";
import type { AccessoriesListingBlok } from "./accessories-listing.schema";

export const ACCESSORY_LISTING_TEXTS = {
  filter: "Filter by category",
  sort: "Sort by",
  apply: "Apply",
  status: (shown: number, total: number) => `Showing ${shown} of ${total} accessories`,
} as const;

/**
 * Accessories listing (spec §9): 6 shown, then Load more; category filter buttons; in AU a sort
 * (A to Z, price high, price low); choosing a category or a sort shows all. The state lives in the
 * URL (?category, ?sort, ?pages) and the server lists the accessories, so it works without
 * JavaScript; with it the links and the sort navigate in place.
 */
export function AccessoriesListing({ blok }: { blok: AccessoriesListingBlok }) {
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const { country } = useSite();
  const location = usePageLocation();
  const hydrated = useHydrated();
  const headingId = useId();
  const sortId = useId();
  if (!data || data.accessories.length === 0) return null;
  const query = parseAccessoryQuery(new URLSearchParams(location.search), data.categories);
  const anchor = anchorId(blok.scroll_to_id) ?? `accessories-${blok._uid.slice(0, 8)}`;
  const href = (q: typeof query) => `${accessoryHref(location.pathname, q)}#${anchor}`;
  const filters: (string | null)[] = [null, ...data.categories];

  return (
    <Section blok={{ ...blok, scroll_to_id: anchor }} className="accessories-listing" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="accessories-listing__controls">
        <nav aria-label={ACCESSORY_LISTING_TEXTS.filter}>
          <ul className="accessories-listing__filters">
            {filters.map((category) => (
              <li key={category ?? "all"}>
                <a
                  href={href({ ...query, category, pages: 1 })}
                  className={cx("filter-button", query.category === category && "filter-button--active")}
                  aria-current={query.category === category ? "true" : undefined}
                >
                  {category ?? SHOW_ALL}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {country === "au" ? (
          <form method="get" action={location.pathname} className="accessories-listing__sort">
            {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
            <label htmlFor={sortId}>{ACCESSORY_LISTING_TEXTS.sort}</label>
            <select
              id={sortId}
              name="sort"
              defaultValue={query.sort ?? ""}
              key={query.sort ?? ""}
              onChange={(event) => {
                const value = event.target.value;
                navigateTo(href({ ...query, sort: isAccessorySort(value) ? value : null, pages: 1 }));
              }}
            >
              <option value="">{"-"}</option>
              {ACCESSORY_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {ACCESSORY_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
            {hydrated ? null : (
              <button type="submit" className="button button--sm button--outline">
                {ACCESSORY_LISTING_TEXTS.apply}
              </button>
            )}
          </form>
        ) : null}
      </div>
      <p className="accessories-listing__status" aria-live="polite">
        {ACCESSORY_LISTING_TEXTS.status(data.shown.length, data.total)}
      </p>
      <ul className="accessories-listing__grid">
        {data.shown.map((accessory) => (
          <li key={accessory.uuid}>
            <AccessoryCard accessory={accessory} country={country} headingLevel={blok.heading ? 3 : 2} />
          </li>
        ))}
      </ul>
      {data.hasMore ? (
        <p className="accessories-listing__more">
          <a className="button button--outline" href={href({ ...query, pages: query.pages + 1 })}>
            {LOAD_MORE}
          </a>
        </p>
      ) : null}
    </Section>
  );
}

export default AccessoriesListing;

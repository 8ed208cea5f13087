import { navigateInPlace, useInPlaceLocation } from "~/islands/in-place-location";
import { useEffect, useId, useMemo, useState, type ChangeEvent, type MouseEvent } from "react";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { SmartLink } from "~/components/smart-link";
import { useHydrated } from "~/islands/use-hydrated";
import { track } from "~/features/analytics/track";
import { OfferCard, type OfferCardSettings } from "~/features/offers/components/offer-card";
import {
  FINANCE_CARD_POSITION,
  OFFER_SORTS,
  OFFER_SORT_LABELS,
  categoryOptions,
  insertionIndex,
  isOfferSort,
  listOffers,
  offerSearch,
  parseOfferQuery,
  showCategoryFilter,
  type OfferQuery,
} from "~/features/offers/offers";
import { useBuyer } from "~/features/vehicles/components/parts";
import { checkmarkColour } from "~/features/vehicles/logic";
import { useSite } from "~/features/site-state/site-context";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import { Section, SectionHeader } from "~/components/section-block";
import { useOpensPage } from "~/components/block-hooks";
import type { OffersListingBlok } from "./offers-listing.schema";
import { isPlainClick } from "~/islands/plain-click";

function FinanceCard({ blok, className }: { blok: OffersListingBlok; className: string }) {
  return (
    <li className={cx("offers-listing__item offers-finance-card", className)}>
      <div className="offers-finance-card__inner">
        {blok.finance_card_logo?.filename ? (
          <ResponsiveImage className="offers-finance-card__logo" asset={blok.finance_card_logo} width={240} height={80} sizes="240px" />
        ) : null}
        {blok.finance_card_description ? <p className="offers-finance-card__text">{blok.finance_card_description}</p> : null}
        {blok.finance_card_button_text ? (
          <SmartLink link={blok.finance_card_button_url} className="button button--sm button--primary">
            {blok.finance_card_button_text}
          </SmartLink>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Offers listing (spec site.md section 2): a banner from the block settings, category filter
 * buttons (only with more than 2 options; Hybrid shown as HEV), a sort (A to Z, price high to low,
 * low to high; offer_sort event), the offer cards, and in AU the finance card at position 2 on
 * small screens and 3 on larger ones. The filter and sort live in the URL (?category=&sort=) and
 * work without JavaScript (links and a GET form); with it they apply in place. The island hydrates
 * on the first interaction: until then the links and the form are what act (offer-card.tsx's tabs
 * need no script).
 */
export function OffersListing({ blok }: { blok: OffersListingBlok }) {
  const { country } = useSite();
  const opensPage = useOpensPage();
  const buyer = useBuyer();
  const hydrated = useHydrated();
  const location = useInPlaceLocation();
  const headingId = useId();
  const sortId = useId();
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const models = useMemo(() => data?.models ?? [], [data]);
  const options = categoryOptions(models);
  const categories = options.map((o) => o.value).filter(Boolean);
  const [query, setQuery] = useState<OfferQuery>(() => parseOfferQuery(new URLSearchParams(location.search), categories));
  useEffect(() => {
    setQuery(parseOfferQuery(new URLSearchParams(location.search), categories));
    // Only a new address (a choice, or Back and Forward) resets the state; the categories follow
    // the same data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  const base = new URLSearchParams(location.search);
  const hrefFor = (q: OfferQuery) => `${location.pathname}${offerSearch(q, base)}`;
  const apply = (q: OfferQuery) => {
    setQuery(q);
    // A history entry per choice, as the links without JavaScript make: Back returns to the last one.
    navigateInPlace(hrefFor(q));
  };
  const onCategory = (event: MouseEvent, category: string) => {
    if (!hydrated || !isPlainClick(event)) return;
    event.preventDefault();
    apply({ ...query, category });
  };
  const onSort = (event: ChangeEvent<HTMLSelectElement>) => {
    if (!isOfferSort(event.target.value)) return;
    apply({ ...query, sort: event.target.value });
    track("offer_sort", { sort: event.target.value, country });
  };

  const list = listOffers(models, query, buyer);
  const settings: OfferCardSettings = {
    showSpecialOffer: blok.show_special_offer === true,
    showFinanceTab: blok.show_finance_tab === true,
    showFinanceTabFirst: blok.show_finance_tab_first === true,
    standardOfferHeader: blok.standard_offer_header ?? "",
    specialOfferHeading: blok.special_offer_heading ?? "",
    priceDisclaimerLabel: blok.price_disclaimer_label || "Price disclaimer",
    financeDisclaimerLabel: blok.finance_disclaimer_label || "Finance disclaimer",
  };
  const financeCard = country === "au" && blok.show_finance_card === true;
  const cards = list.map((model, i) => (
    <li key={model.uuid} className="offers-listing__item">
      <OfferCard model={model} settings={settings} quote={data?.finance?.[model.uuid]} priority={opensPage && i === 0} />
    </li>
  ));
  const items = [...cards];
  if (financeCard) {
    // Two copies, one per layout (display:none hides the other from everyone): the reading and
    // focus order always match what is shown.
    items.splice(insertionIndex(cards.length, FINANCE_CARD_POSITION.large), 0, <FinanceCard key="finance-large" blok={blok} className="offers-finance-card--large" />);
    items.splice(insertionIndex(cards.length, FINANCE_CARD_POSITION.small), 0, <FinanceCard key="finance-small" blok={blok} className="offers-finance-card--small" />);
  }
  const bannerStyle = blok.banner_colour ? { backgroundColor: blok.banner_colour, color: checkmarkColour(blok.banner_colour) } : undefined;

  const sortSelect = (
    <>
      <label htmlFor={sortId}>{blok.sort_label || "Sort by"}</label>
      {/* The page's sort, not the browser's restored one, after Back to an unsorted address. */}
      <select id={sortId} name="sort" value={query.sort} onChange={onSort} autoComplete="off">
        {OFFER_SORTS.map((s) => (
          <option key={s} value={s}>
            {OFFER_SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </>
  );

  return (
    <Section blok={blok} className="offers-listing" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      {blok.offer_listing_banner_text || blok.offer_listing_button_text ? (
        <div className="offers-listing__banner" style={bannerStyle}>
          {blok.offer_listing_banner_text ? <p className="offers-listing__banner-text">{blok.offer_listing_banner_text}</p> : null}
          {blok.offer_listing_button_text ? (
            <SmartLink link={blok.offer_listing_button_link} className="button button--sm button--secondary">
              {blok.offer_listing_button_text}
            </SmartLink>
          ) : null}
        </div>
      ) : null}
      <div className="offers-listing__controls">
        {showCategoryFilter(options) ? (
          <nav className="listing__filter offers-listing__filter" aria-label={blok.filter_label || "Vehicle categories"}>
            <ul>
              {options.map((o) => (
                <li key={o.value || "all"}>
                  <a
                    href={hrefFor({ ...query, category: o.value })}
                    className={cx("listing__filter-link", o.value === query.category && "listing__filter-link--active")}
                    aria-current={o.value === query.category ? "true" : undefined}
                    onClick={(e) => onCategory(e, o.value)}
                  >
                    {o.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {models.length > 1 ? (
          // A GET form with a submit button; once the island runs the select sorts as it changes
          // and the button goes (the select stays the same element, so focus and the choice stay).
          <form method="get" action={location.pathname} className="offers-listing__sort">
            {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
            {sortSelect}
            {hydrated ? null : (
              <button type="submit" className="button button--xs button--outline">
                {blok.sort_button_text || "Sort"}
              </button>
            )}
          </form>
        ) : null}
      </div>
      {list.length ? (
        <ul className="offers-listing__items">{items}</ul>
      ) : (
        <p className="listing__status" role="status">
          {data ? blok.empty_text || "" : ""}
        </p>
      )}
    </Section>
  );
}

export default OffersListing;

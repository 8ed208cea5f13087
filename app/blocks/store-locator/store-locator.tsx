import { navigateTo, usePageLocation, usePageSearchParams } from "~/islands/page-location";
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from "react";
import { anchorId, cx } from "~/components/section";
import { TextOrRichText } from "~/components/text-or-rich";
import { useHydrated } from "~/islands/use-hydrated";
import type { Country } from "~/content/schema";
import { track } from "~/features/analytics/track";
import { ADDRESS_SEARCH_LANGUAGE } from "~/features/dealers/bounds";
import { DealerCard, type DealerCardTexts } from "~/features/dealers/components/dealer-card";
import { PlaceSearch, offlineSuggestions, type SuggestionSource } from "~/features/dealers/components/place-search";
import { StaticDealerMap } from "~/features/dealers/components/static-dealer-map";
import { RESULTS_ANCHOR_ID, dealerAnchorId, fillTemplate, listedDealers, selectDealerSearch } from "~/features/dealers/locator";
import type { StoreLocatorData } from "~/features/dealers/locator.server";
import { loadGoogleMaps } from "~/features/dealers/maps-script";
import { buildStaticMap } from "~/features/dealers/static-map";
import { autoDealerJsonLd } from "~/features/dealers/dealer-json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { useSite } from "~/features/site-state/site-context";
import { useBlockData } from "~/components/block-data";
import type { BlockDataOf } from "../types";
import type { loader } from "./loader.server";
import type { StoreLocatorBlok } from "./store-locator.schema";

/** The Google map and its library load only in the browser, only with a key (a separate chunk). */
const GoogleDealerMap = lazy(() => import("~/features/dealers/components/google-dealer-map"));

/** Spec text (site.md section 4), letter for letter. */
export const BACK = "Back";

function cardTexts(blok: StoreLocatorBlok): DealerCardTexts {
  return {
    distance: blok.distance_text || "{distance}",
    address: blok.address_label ?? "",
    phone: blok.phone_label ?? "",
    email: blok.email_label ?? "",
    hours: blok.hours_label ?? "",
  };
}

/** Google Maps script status: idle (no key, or not yet in the browser), ready or failed. */
function useGoogleMaps(apiKey: string | null, country: Country): "idle" | "ready" | "failed" {
  const [status, setStatus] = useState<"idle" | "ready" | "failed">("idle");
  useEffect(() => {
    if (!apiKey) return;
    let live = true;
    loadGoogleMaps({ apiKey, language: ADDRESS_SEARCH_LANGUAGE, region: country.toUpperCase() }).then(
      () => live && setStatus("ready"),
      (error: unknown) => {
        console.warn("[dealer locator] Google Maps could not load; the static map stays.", error instanceof Error ? error.message : error);
        if (live) setStatus("failed");
      },
    );
    return () => {
      live = false;
    };
  }, [apiKey, country]);
  return apiKey ? status : "idle";
}

/** Sends find_a_dealer_search once per search shown (a query or a location), not on dealer selection. */
/** The last search reported in this tab: selecting a dealer or going back loads the page again. */
const TRACKED_SEARCH_KEY = "dealerSearchTracked";

function alreadyTracked(key: string): boolean {
  try {
    if (window.sessionStorage.getItem(TRACKED_SEARCH_KEY) === key) return true;
    window.sessionStorage.setItem(TRACKED_SEARCH_KEY, key);
  } catch {
    // No storage: each page view of a search counts.
  }
  return false;
}

/** A search counts once: not again on the page of a dealer selected from it, nor on going back to it. */
function useSearchTracking(data: StoreLocatorData | null, country: Country) {
  const selecting = usePageSearchParams().has("dealer");
  const searched = data && (data.origin || data.mode === "not-found") && !selecting;
  const key = searched ? `${data.query}|${data.origin?.lat ?? ""},${data.origin?.lng ?? ""}` : null;
  useEffect(() => {
    if (!key || !data || alreadyTracked(key)) return;
    track("find_a_dealer_search", {
      search_term: data.query || undefined,
      result_count: data.mode === "nearby" ? data.dealers.length : 0,
      country,
    });
  }, [key, data, country]);
}

export function StoreLocator({ blok }: { blok: StoreLocatorBlok }) {
  const data = useBlockData<BlockDataOf<typeof loader>>(blok);
  const { country } = useSite();
  const location = usePageLocation();
  const hydrated = useHydrated();
  const headingId = useId();
  const maps = useGoogleMaps(hydrated ? (data?.mapsApiKey ?? null) : null, country);
  useSearchTracking(data, country);

  // AutoDealer JSON-LD with opening hours for the listed dealers, built here from the data the
  // page has anyway (sending it in the loader data too would double it in the hydration payload).
  const structuredData = useMemo(() => (data ? listedDealers(data).map((d) => autoDealerJsonLd(d, { url: data.pageUrl })) : []), [data]);
  const offline = useMemo(() => offlineSuggestions(country), [country]);
  const source = useMemo<SuggestionSource>(() => {
    if (maps !== "ready") return offline;
    return async (query, signal) => {
      try {
        const { googlePlaceSuggestions } = await import("~/features/dealers/google-places");
        return await googlePlaceSuggestions(query, country);
      } catch (error) {
        console.warn("[dealer locator] Place autocomplete failed; using the offline gazetteer.", error instanceof Error ? error.message : error);
        return offline(query, signal);
      }
    };
  }, [maps, offline, country]);

  const params = new URLSearchParams(location.search);
  const markerHref = (code: string) => `${location.pathname}${selectDealerSearch(params, code)}#${dealerAnchorId(code)}`;
  const texts = cardTexts(blok);
  const placeName = data?.origin ? (data.origin.label ?? blok.my_location_label ?? "") : "";
  const selected = data?.selected ?? null;
  const listedCodes = data ? data.dealers.map((d) => d.code) : [];
  const selectedIndex = selected && data?.mode !== "all" ? listedCodes.indexOf(selected.code) : -1;
  const selectedNumber = selectedIndex >= 0 ? selectedIndex + 1 : undefined;

  // Selecting a dealer removes the link pressed, and Back removes itself: focus would fall to the
  // page body. It goes to what took their place, the dealer's name or the search box.
  const layoutRef = useRef<HTMLDivElement>(null);
  const selectedCode = selected?.code ?? null;
  const shownCode = useRef(selectedCode);
  useEffect(() => {
    if (shownCode.current === selectedCode) return;
    shownCode.current = selectedCode;
    if (document.activeElement && document.activeElement !== document.body) return;
    const target = selectedCode ? ".dealer-card--selected .dealer-card__name" : ".store-locator__panel input";
    layoutRef.current?.querySelector<HTMLElement>(target)?.focus();
  }, [selectedCode]);

  const mapModel = buildStaticMap({
    country,
    dealers: data?.mapDealers ?? [],
    listedCodes: data?.mode === "all" ? [] : listedCodes,
    selectedCode: selected?.code ?? null,
    origin: data?.origin ?? null,
  });
  const staticMap = <StaticDealerMap country={country} model={mapModel} title={blok.map_title ?? ""} markerHref={markerHref} />;
  const map =
    data?.mapsApiKey && maps === "ready" ? (
      <Suspense fallback={staticMap}>
        <GoogleDealerMap
          apiKey={data.mapsApiKey}
          mapId={data.mapId}
          country={country}
          dealers={data.mapDealers}
          listedCodes={data.mode === "all" ? [] : listedCodes}
          selectedCode={selected?.code ?? null}
          origin={data.origin}
          onSelect={(code) => navigateTo(markerHref(code))}
        />
      </Suspense>
    ) : (
      staticMap
    );

  return (
    <section
      id={anchorId(blok.scroll_to_id)}
      className={cx("block", "store-locator", selected && "store-locator--selected")}
      aria-labelledby={blok.heading ? headingId : undefined}
    >
      <div className="container">
        {blok.heading || blok.intro ? (
          <header className="block__header">
            {blok.heading ? (
              <h2 className="block__heading" id={headingId}>
                {blok.heading}
              </h2>
            ) : null}
            <TextOrRichText value={blok.intro} className="richtext block__intro" />
          </header>
        ) : null}
        <div className="store-locator__layout" ref={layoutRef}>
          {selected ? null : (
            <div className="store-locator__panel">
              <PlaceSearch
                texts={{
                  label: blok.search_label ?? "",
                  placeholder: blok.search_placeholder ?? "",
                  button: blok.search_button_text ?? "",
                  suggestions: blok.suggestions_label ?? "",
                }}
                defaultValue={data?.query ?? ""}
                source={source}
              />
            </div>
          )}
          <div className="store-locator__map">{map}</div>
          <div className="store-locator__results" id={RESULTS_ANCHOR_ID}>
            {selected ? (
              <>
                {/* Results mode: Back clears the selection and the search (a GET form with no fields). */}
                <form method="get" action={location.pathname} className="store-locator__back">
                  <button type="submit" className="button button--sm button--outline">
                    {BACK}
                  </button>
                </form>
                <DealerCard dealer={selected} country={country} texts={texts} selected headingLevel={2} number={selectedNumber} />
              </>
            ) : data ? (
              <Results data={data} blok={blok} placeName={placeName} markerHref={markerHref} texts={texts} />
            ) : null}
          </div>
        </div>
      </div>
      <JsonLd data={structuredData} />
    </section>
  );
}

function Results({
  data,
  blok,
  placeName,
  markerHref,
  texts,
}: {
  data: StoreLocatorData;
  blok: StoreLocatorBlok;
  placeName: string;
  markerHref: (code: string) => string;
  texts: DealerCardTexts;
}) {
  const { country } = useSite();
  const location = usePageLocation();
  const heading =
    data.mode === "all" ? (blok.all_dealers_heading ?? "") : data.mode === "not-found" ? "" : fillTemplate(blok.results_heading ?? "", { place: placeName });
  return (
    <>
      {/* Announced when a search made in the page brings new results. */}
      <div className="store-locator__status" aria-live="polite">
        {heading ? <h2 className="store-locator__heading">{heading}</h2> : null}
        {data.mode === "nearest" && blok.no_nearby_text ? (
          <p className="store-locator__message">{fillTemplate(blok.no_nearby_text, { place: placeName })}</p>
        ) : null}
        {data.mode === "not-found" && blok.not_found_text ? (
          <p className="store-locator__message">{fillTemplate(blok.not_found_text, { query: data.query })}</p>
        ) : null}
      </div>
      {data.alternatives.length > 0 ? (
        <p className="store-locator__alternatives">
          {blok.alternatives_label ? <span>{blok.alternatives_label} </span> : null}
          {data.alternatives.map((place, i) => (
            <span key={place.label}>
              {i > 0 ? ", " : null}
              <a href={`${location.pathname}?${new URLSearchParams({ q: place.label }).toString()}`}>
                {place.label}
              </a>
            </span>
          ))}
        </p>
      ) : null}
      {data.mode === "all" ? (
        // Before a search: every dealer by name, compact; selecting one shows its details.
        <ul className="store-locator__index">
          {data.dealers.map((dealer) => (
            <li key={dealer.code} id={dealerAnchorId(dealer.code)}>
              <a href={markerHref(dealer.code)}>
                {dealer.name}
              </a>{" "}
              <span className="store-locator__locality">{[dealer.city, dealer.region].filter(Boolean).join(" ")}</span>
            </li>
          ))}
        </ul>
      ) : data.dealers.length > 0 ? (
        <ol className="store-locator__list">
          {data.dealers.map((dealer, i) => (
            <li key={dealer.code}>
              <DealerCard
                dealer={dealer}
                country={country}
                texts={texts}
                selectHref={markerHref(dealer.code)}
                number={i + 1}
              />
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}

export default StoreLocator;

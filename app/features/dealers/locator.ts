import type { Country } from "~/content/schema";
import { NEARBY_RADIUS_KM, distanceKm, nearbyDealers, sortByDistance } from "./distance";
import { resolvePlace, searchPlaces, type PlaceSearchData, type PlaceSuggestion } from "./search";
import type { MapDealer } from "./static-map";
import type { Dealer, LatLng } from "./types";
import { compareNames } from "~/lib/collate";

/**
 * The dealer locator's search (spec site.md sections 2, 4, 5 and 9), pure: what the URL asks
 * for (`?q=` a place, `?lat=&lng=` the visitor's location, `?dealer=` the selected dealer) →
 * the dealers to list, the selected dealer and what the map shows. The block loader
 * (locator.server.ts) feeds it the dealer data; the same URL renders the same page with or
 * without JavaScript.
 */

/** When no dealer is within NEARBY_RADIUS_KM, this many of the nearest are listed instead. */
export const NEAREST_FALLBACK_COUNT = 3;
/** Other places matching the query, offered as links ("did you mean"). */
export const MAX_ALTERNATIVES = 4;
export const MAX_QUERY_LENGTH = 100;

export interface LocatorParams {
  /** What the visitor typed or picked; "" when none. */
  query: string;
  /** A point from the browser (geolocation, or a maps-service place); wins over the query. */
  point: LatLng | null;
  dealerCode: string | null;
}

/**
 * - "all": no search; every dealer of the country, by name.
 * - "nearby": the dealers under 100 km of the origin, nearest first.
 * - "nearest": none under 100 km; the NEAREST_FALLBACK_COUNT nearest.
 * - "not-found": the query matched no place of the country.
 */
export type LocatorMode = "all" | "nearby" | "nearest" | "not-found";

export interface LocatorOrigin extends LatLng {
  /** The place's name ("Richmond, VIC 3121"), or what the visitor picked; null for a bare location. */
  label: string | null;
  /** "place": searched; "location": the visitor's position. */
  kind: "place" | "location";
}

export interface LocatorDealer extends Dealer {
  /** From the origin; null without one. */
  distanceKm: number | null;
}

export interface LocatorResult {
  country: Country;
  mode: LocatorMode;
  query: string;
  origin: LocatorOrigin | null;
  /** The results list. */
  dealers: LocatorDealer[];
  /** The dealer picked (`?dealer=`), with its distance from the origin; null when none or unknown. */
  selected: LocatorDealer | null;
  /** Other places that match the query, for "did you mean" links. */
  alternatives: PlaceSuggestion[];
  /** Every dealer of the country, for the map's markers. */
  mapDealers: MapDealer[];
}

export interface LocatorData extends PlaceSearchData {
  dealers: readonly Dealer[];
}

function byName(a: Dealer, b: Dealer): number {
  return compareNames(a.name, b.name) || a.code.localeCompare(b.code);
}

function withDistance(dealer: Dealer, origin: LatLng | null): LocatorDealer {
  return { ...dealer, distanceKm: origin ? distanceKm(origin, dealer) : null };
}

/** The search: the origin from the point or the query, then the dealers to list. */
export function locateDealers(params: LocatorParams, country: Country, data: LocatorData): LocatorResult {
  const countryDealers = data.dealers.filter((d) => d.country === country);
  const mapDealers = countryDealers.map(({ code, name, city, region, lat, lng }) => ({ code, name, city, region, lat, lng }));
  let origin: LocatorOrigin | null = null;
  let alternatives: PlaceSuggestion[] = [];
  let notFound = false;

  if (params.point) {
    origin = { ...params.point, label: params.query || null, kind: params.query ? "place" : "location" };
  } else if (params.query) {
    // `data` (not a filtered copy) keeps the search index cached between requests.
    const place = resolvePlace(params.query, country, data);
    if (place) {
      origin = { lat: place.lat, lng: place.lng, label: place.label, kind: "place" };
      alternatives = searchPlaces(params.query, country, data, MAX_ALTERNATIVES + 2)
        .filter((s) => s.kind === "place" && s.label !== place.label)
        .slice(0, MAX_ALTERNATIVES);
    } else {
      notFound = true;
    }
  }

  let mode: LocatorMode;
  let dealers: LocatorDealer[];
  if (origin) {
    const nearby = nearbyDealers(countryDealers, origin, { radiusKm: NEARBY_RADIUS_KM });
    mode = nearby.length > 0 ? "nearby" : "nearest";
    dealers = nearby.length > 0 ? nearby : sortByDistance(countryDealers, origin).slice(0, NEAREST_FALLBACK_COUNT);
  } else if (notFound) {
    mode = "not-found";
    dealers = [];
  } else {
    mode = "all";
    dealers = [...countryDealers].sort(byName).map((d) => withDistance(d, null));
  }

  const picked = params.dealerCode ? countryDealers.find((d) => d.code === params.dealerCode) : undefined;
  return {
    country,
    mode,
    query: params.query,
    origin,
    dealers,
    selected: picked ? withDistance(picked, origin) : null,
    alternatives,
    mapDealers,
  };
}

/** The dealers the page lists (the results, or the selected one in results mode), each once. */
export function listedDealers(result: Pick<LocatorResult, "dealers" | "selected">): LocatorDealer[] {
  if (result.selected) return [result.selected];
  return result.dealers;
}

/** The anchor of a dealer on the page: "dealer-{code}". */
/**
 * The results' anchor: a search (a GET form, or a suggestion or the location followed in the
 * browser) lands on the results, which start below the fold on a phone.
 */
export const RESULTS_ANCHOR_ID = "dealer-results";

export function dealerAnchorId(code: string): string {
  return `dealer-${code.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/** Decimal places of a coordinate in the locator's URLs (about 100 m): fewer distinct pages. */
export const COORDINATE_DECIMALS = 3;

/** A coordinate as the locator's URLs carry it: COORDINATE_DECIMALS places, no float noise. */
export function roundCoordinate(value: number): string {
  return String(Number(value.toFixed(COORDINATE_DECIMALS)));
}

/** The place text as the locator reads it: whitespace collapsed, at most MAX_QUERY_LENGTH characters. */
export function cleanPlaceQuery(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/** Search params for selecting a dealer, keeping the search that listed it (in its read form). */
export function selectDealerSearch(current: URLSearchParams, code: string): string {
  const next = new URLSearchParams();
  const q = cleanPlaceQuery(current.get("q"));
  if (q) next.set("q", q);
  for (const key of ["lat", "lng"]) {
    const value = Number(current.get(key) ?? "");
    if (current.get(key) && Number.isFinite(value)) next.set(key, roundCoordinate(value));
  }
  next.set("dealer", code);
  return `?${next.toString()}`;
}

/** "3.2", "12.5", "140": one decimal under 100 km, whole kilometres beyond. */
export function formatDistance(km: number): string {
  return km < 100 ? km.toFixed(1) : String(Math.round(km));
}

/** Fills {name} placeholders of a content text; unknown names stay as written. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

import type { Country } from "~/content/schema";
import { isInCountry } from "./bounds";
import { inputPostcode, normalisePostcode } from "./postcode";
import type { Dealer, GazetteerEntry, LatLng } from "./types";
import { compareText } from "~/lib/collate";

/**
 * Offline place search for the store locator's address box and the enquiry forms: by postcode
 * (exact) or by suburb / locality / dealer name (case- and accent-insensitive prefix), restricted
 * to the country (its Country column and its search bounds).
 */

export interface PlaceSuggestion extends LatLng {
  /** Unique within one answer; also accepted back by resolvePlace (a no-JS form posts it). */
  label: string;
  postcode: string;
  kind: "place" | "dealer";
  /** Set when kind is "dealer". */
  dealerCode?: string;
}

export interface PlaceSearchData {
  gazetteer: readonly GazetteerEntry[];
  /** Dealers are suggested by name, and their city stands in for a locality the gazetteer lacks. */
  dealers?: readonly Dealer[];
}

export const MAX_SUGGESTIONS = 8;
/** A name query needs at least this many letters; a postcode is 1 to 4 digits ("800" is 0800). */
export const MIN_NAME_QUERY_LENGTH = 2;

/** Lower case, accents and apostrophes removed, other punctuation as spaces: "Whangārei" → "whangarei". */
export function normaliseSearchText(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Index (built once per data set and country, kept while the data arrays live)

interface Candidate {
  suggestion: PlaceSuggestion;
  /** Normalised place or dealer name. */
  name: string;
  /** State/Region as the data spells it. */
  region: string;
  /** Normalised longer forms that count as an exact or prefix match ("richmond vic"). */
  keys: string[];
  /** Offsets in name where a later word starts ("north sydney" → [6]). */
  wordStarts: number[];
}

interface CountryIndex {
  places: Candidate[];
  dealers: Candidate[];
}

const NO_DEALERS: readonly Dealer[] = [];
const indexes = new WeakMap<readonly GazetteerEntry[], WeakMap<readonly Dealer[], Map<Country, CountryIndex>>>();

function wordStartsOf(name: string): number[] {
  const starts: number[] = [];
  for (let i = 1; i < name.length; i++) if (name[i - 1] === " ") starts.push(i);
  return starts;
}

function placeLabel(locality: string, region: string, postcode: string): string {
  return region ? `${locality}, ${region} ${postcode}` : `${locality} ${postcode}`;
}

function placeCandidate(locality: string, region: string, postcode: string, point: LatLng): Candidate {
  const name = normaliseSearchText(locality);
  const r = normaliseSearchText(region);
  return {
    suggestion: { label: placeLabel(locality, region, postcode), postcode, lat: point.lat, lng: point.lng, kind: "place" },
    name,
    region,
    keys: [`${name} ${r}`.trim(), `${name} ${r} ${postcode}`.replace(/ +/g, " "), `${name} ${postcode}`],
    wordStarts: wordStartsOf(name),
  };
}

function buildIndex(data: PlaceSearchData, country: Country): CountryIndex {
  const places: Candidate[] = [];
  const seen = new Set<string>();
  const addPlace = (locality: string, region: string, postcode: string, point: LatLng) => {
    const key = `${normaliseSearchText(locality)}|${postcode}`;
    if (seen.has(key)) return;
    seen.add(key);
    places.push(placeCandidate(locality, region, postcode, point));
  };
  for (const entry of data.gazetteer) {
    if (entry.country === country && isInCountry(entry, country)) {
      addPlace(entry.locality, entry.region, entry.postcode, entry);
    }
  }
  const dealers: Candidate[] = [];
  for (const dealer of data.dealers ?? NO_DEALERS) {
    if (dealer.country !== country || !isInCountry(dealer, country)) continue;
    const postcode = normalisePostcode(dealer.postcode);
    if (dealer.city && postcode) addPlace(dealer.city, dealer.region, postcode, dealer);
    const name = normaliseSearchText(dealer.name);
    const city = normaliseSearchText(dealer.city);
    dealers.push({
      suggestion: {
        label: dealer.city ? `${dealer.name}, ${dealer.city}` : dealer.name,
        postcode: dealer.postcode,
        lat: dealer.lat,
        lng: dealer.lng,
        kind: "dealer",
        dealerCode: dealer.code,
      },
      name,
      region: dealer.region,
      keys: city ? [`${name} ${city}`] : [],
      wordStarts: wordStartsOf(name),
    });
  }
  return { places, dealers };
}

function indexFor(data: PlaceSearchData, country: Country): CountryIndex {
  const dealers = data.dealers ?? NO_DEALERS;
  let byDealers = indexes.get(data.gazetteer);
  if (!byDealers) indexes.set(data.gazetteer, (byDealers = new WeakMap()));
  let byCountry = byDealers.get(dealers);
  if (!byCountry) byDealers.set(dealers, (byCountry = new Map()));
  let index = byCountry.get(country);
  if (!index) byCountry.set(country, (index = buildIndex(data, country)));
  return index;
}

// ---------------------------------------------------------------------------------------------
// Matching

interface ParsedQuery {
  /** A 1–4 digit token, read with leading zeros as 4 digits. */
  postcode: string | null;
  /** The other words, normalised. */
  name: string;
}

function parseQuery(query: string): ParsedQuery {
  const words = normaliseSearchText(query).split(" ").filter(Boolean);
  const index = words.findIndex((w) => inputPostcode(w) !== null);
  if (index === -1) return { postcode: null, name: words.join(" ") };
  const postcode = inputPostcode(words[index]);
  return { postcode, name: words.filter((_, i) => i !== index).join(" ") };
}

/** 0 exact, 1 name prefix, 2 longer-form prefix ("richmond vic"), 3 later-word prefix; null no match. */
function matchRank(candidate: Candidate, name: string): number | null {
  if (candidate.name === name || candidate.keys.includes(name)) return 0;
  if (candidate.name.startsWith(name)) return 1;
  if (candidate.keys.some((k) => k.startsWith(name))) return 2;
  if (candidate.wordStarts.some((i) => candidate.name.startsWith(name, i))) return 3;
  return null;
}

interface Ranked {
  candidate: Candidate;
  rank: number;
  kindOrder: number;
}

function compareRanked(a: Ranked, b: Ranked): number {
  return (
    a.rank - b.rank ||
    a.kindOrder - b.kindOrder ||
    a.candidate.name.length - b.candidate.name.length ||
    compareText(a.candidate.suggestion.label, b.candidate.suggestion.label)
  );
}

function rankCandidates(index: CountryIndex, query: ParsedQuery): Ranked[] {
  const ranked: Ranked[] = [];
  const consider = (candidates: Candidate[], kindOrder: number) => {
    for (const candidate of candidates) {
      if (query.postcode && normalisePostcode(candidate.suggestion.postcode) !== query.postcode) continue;
      const rank = query.name ? matchRank(candidate, query.name) : 0;
      if (rank !== null) ranked.push({ candidate, rank, kindOrder });
    }
  };
  consider(index.places, 0);
  consider(index.dealers, 1);
  return ranked.sort(compareRanked);
}

/**
 * Ranked suggestions for the address combobox (at most `limit`, default 8): a postcode query
 * lists that postcode's localities (then dealers there); a name query lists exact matches, then
 * prefixes, then matches of a later word ("sydney" → North Sydney). Places come before dealers.
 */
export function searchPlaces(
  query: string,
  country: Country,
  data: PlaceSearchData,
  limit: number = MAX_SUGGESTIONS,
): PlaceSuggestion[] {
  const parsed = parseQuery(query);
  if (!parsed.postcode && parsed.name.replace(/ /g, "").length < MIN_NAME_QUERY_LENGTH) return [];
  const out: PlaceSuggestion[] = [];
  const labels = new Set<string>();
  for (const { candidate } of rankCandidates(indexFor(data, country), parsed)) {
    if (out.length >= limit) break;
    if (labels.has(candidate.suggestion.label)) continue;
    labels.add(candidate.suggestion.label);
    out.push({ ...candidate.suggestion });
  }
  return out;
}

function centroid(points: readonly LatLng[]): LatLng {
  const lat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const lng = points.reduce((sum, p) => sum + p.lng, 0) / points.length;
  return { lat, lng };
}

/**
 * The point of a postcode in the country: the centre of its gazetteer localities (or of the
 * dealers there when the gazetteer lacks it); null when it is not a postcode or is unknown.
 */
export function geocodePostcode(postcode: string, country: Country, data: PlaceSearchData): LatLng | null {
  const pc = inputPostcode(postcode);
  const place = pc ? resolvePostcode(indexFor(data, country), pc) : null;
  return place ? { lat: place.lat, lng: place.lng } : null;
}

function resolvePostcode(index: CountryIndex, postcode: string): PlaceSuggestion | null {
  const places = index.places.filter((c) => c.suggestion.postcode === postcode);
  if (places.length === 0) return null;
  if (places.length === 1) return { ...places[0].suggestion };
  const regions = new Set(places.map((c) => c.region));
  const [region] = regions;
  const label = regions.size === 1 && region ? `${region} ${postcode}` : postcode;
  return { label, postcode, kind: "place", ...centroid(places.map((c) => c.suggestion)) };
}

/**
 * The best point for what the visitor typed or picked (a suggestion label, a postcode, a suburb),
 * or null. A bare postcode resolves to the centre of its localities, as does a postcode with a
 * name that matches none of them.
 */
export function resolvePlace(query: string, country: Country, data: PlaceSearchData): PlaceSuggestion | null {
  const parsed = parseQuery(query);
  const index = indexFor(data, country);
  if (parsed.postcode && !parsed.name) return resolvePostcode(index, parsed.postcode);
  const best = searchPlaces(query, country, data, 1)[0];
  if (best) return best;
  return parsed.postcode ? resolvePostcode(index, parsed.postcode) : null;
}

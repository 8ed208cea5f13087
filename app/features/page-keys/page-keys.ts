import { countryOfPath } from "~/server/http/country-path";
/**
 * Page variants: the few request facts a page's HTML depends on, as a
 * normalised string that keys the full-page cache (page-cache.server.ts) and a CDN's cache.
 *
 * - Every page under /{country} shows the cookie banner until the visitor consents: `consent`.
 * - AU pages render the buyer's state and buyer type: prices, and the pricing modal's no-JavaScript
 *   form (in the shell of every AU page) with the stored choice selected: `state`, `buyer`.
 *   NZ pages have neither, so they are not split by them.
 * - The query parameters the page's route reads (ROUTE_QUERY_PARAMS), each with a validated,
 *   canonical value, are part of the key, sorted. A content page narrows them to what its story's
 *   blocks read, once a render of it has said so (QUERY_PARAMS_HEADER). Every other parameter (tracking: utm_*, gclid,
 *   ...; or one no page reads) is left out of the key and of the render: the page is served from
 *   the entry without it, so random query strings create no entries and no renders.
 */
import { BUILD_PARAMS } from "~/features/configurator/build";
import { ACCESSORY_PARAMS, ACCESSORY_SORTS } from "~/features/configurator/accessories";
import { BUYER_PARAMS } from "~/features/configurator/summary";
import { CALCULATOR_OPEN_PARAM, STEP_PARAM, STEPS } from "~/features/configurator/view";
import { BUILD_HANDOFF_PARAM } from "~/features/configurator/handoff";
import { MAX_QUERY_LENGTH, roundCoordinate } from "~/features/dealers/locator";
import { MAX_LISTING_PAGE } from "~/features/news/listing";
import { CALCULATOR_PARAMS } from "~/features/finance/calculator";
import { ENTITY_TYPES, FREQUENCIES, LOAN_TERM_MONTHS } from "~/features/finance/constants";
import { SUBMITTED_PARAM } from "~/features/forms/constants";
import { parseAuState, parseIsABN } from "~/lib/au-states";
import { CONSENT_VALUE, COOKIE_NAMES, hasConsentCookie, parseCookies } from "~/features/site-state/cookies";

/**
 * A declared parameter's rule: its canonical value, or null when the value is one the page would
 * ignore anyway (the parameter is then left out of the key and of the render).
 */
export type ParamRule = (value: string) => string | null;

/** Free text: whitespace collapsed, trimmed, at most `max` characters (what the page reads). */
const text =
  (max: number): ParamRule =>
  (value) =>
    value.replace(/\s+/g, " ").trim().slice(0, max).trim() || null;

/** A whole number in min..max, in its plain form (`02` is `2`). */
const whole =
  (min: number, max: number): ParamRule =>
  (value) => {
    if (!/^\d{1,6}$/.test(value)) return null;
    const n = Number(value);
    return n >= min && n <= max ? String(n) : null;
  };

const oneOf =
  (values: readonly string[]): ParamRule =>
  (value) =>
    values.includes(value) ? value : null;

/**
 * An amount or percentage in 0..max with at most two decimals, in its plain form (`15,000.00` is
 * `15000`, `05` is `5`); a negative one is 0, as the calculator reads it. Anything else is ignored.
 */
const bounded =
  (max: number): ParamRule =>
  (value) => {
    const text = value.replace(/,/g, "").trim();
    if (!/^[+-]?(\d{1,9}(\.\d*)?|\.\d+)$/.test(text)) return null;
    const n = Number(text);
    if (!Number.isFinite(n)) return null;
    return String(Math.min(max, Math.max(0, Math.round(n * 100) / 100)));
  };

/** The calculator's fields: bounded numbers and its options, so a key cannot be made of free text. */
const CALCULATOR_FIELD_RULES: Readonly<Record<string, ParamRule>> = {
  [CALCULATOR_PARAMS.deposit]: bounded(10_000_000),
  [CALCULATOR_PARAMS.termMonths]: oneOf(LOAN_TERM_MONTHS.map(String)),
  [CALCULATOR_PARAMS.balloonPercent]: bounded(100),
  [CALCULATOR_PARAMS.entityType]: oneOf(ENTITY_TYPES),
  [CALCULATOR_PARAMS.frequency]: oneOf(FREQUENCIES),
  [CALCULATOR_PARAMS.frequencyFor]: oneOf(ENTITY_TYPES),
};

const code: ParamRule = (value) => (/^[A-Za-z0-9_-]{1,64}$/.test(value.trim()) ? value.trim() : null);

/** A coordinate within ±limit degrees, rounded as the locator's links round it. */
const coordinate =
  (limit: number): ParamRule =>
  (value) => {
    if (!/^\s*-?\d{1,3}(\.\d+)?\s*$/.test(value)) return null;
    const n = Number(value);
    return Number.isFinite(n) && Math.abs(n) <= limit ? roundCoordinate(n) : null;
  };

/** A configurator path handed to a form (`?build=/au/config/<line>?...`). */
const buildPath: ParamRule = (value) => (value.length <= 1000 && /^\/(au|nz)\/config\/[a-z0-9-]+\/?(\?|$)/.test(value) ? value : null);

/** Parameters that may repeat (every value is read); the others are read once (the first). */
const REPEATABLE = new Set<string>([BUILD_PARAMS.accessory]);
/** At most this many values of a repeatable parameter. */
const MAX_REPEATS = 30;

/** The configurator (`$country.config.$modelLine`): the build, its view, the calculator, a shared buyer choice. */
const CONFIGURATOR_PARAMS: Readonly<Record<string, ParamRule>> = {
  ...Object.fromEntries(Object.values(BUILD_PARAMS).map((name) => [name, text(80)])),
  [STEP_PARAM]: oneOf(STEPS),
  [ACCESSORY_PARAMS.category]: text(60),
  [ACCESSORY_PARAMS.sort]: oneOf(ACCESSORY_SORTS),
  [ACCESSORY_PARAMS.all]: oneOf(["1"]),
  [CALCULATOR_OPEN_PARAM]: oneOf(["1"]),
  ...CALCULATOR_FIELD_RULES,
  ...Object.fromEntries(Object.values(BUYER_PARAMS).map((name) => [name, text(10)])),
};

/**
 * Content pages (`$country._index`, `$country.$`, `$country.news._index`, `$country.news.$news`):
 * what their blocks read. Listings (news and events: category, page; accessories: category,
 * sort, pages), forms (the thank-you state, the preselected model and dealer, a configurator
 * build handed over), the dealer locator (a place searched, the visitor's location, a dealer).
 */
/** The listings' own links carry `category=` (all categories) and keep its place in the query. */
const category: ParamRule = (value) => (value.trim() === "" ? "" : text(60)(value));

const CONTENT_PAGE_PARAMS: Readonly<Record<string, ParamRule>> = {
  category,
  page: whole(1, MAX_LISTING_PAGE),
  pages: whole(2, 99),
  sort: oneOf(ACCESSORY_SORTS),
  [SUBMITTED_PARAM]: code,
  model: text(80),
  dealer: code,
  [BUILD_HANDOFF_PARAM]: buildPath,
  q: text(MAX_QUERY_LENGTH),
  // Blocks of content pages: a model card's colour, the model-range tab, the compare grid's
  // models, the video listing's video.
  colour: text(80),
  variant: text(80),
  compare: text(200),
  video: text(120),
  lat: coordinate(90),
  lng: coordinate(180),
  // The finance page's repayment calculator: its fields (the model is `model` above).
  ...Object.fromEntries(Object.values(CALCULATOR_PARAMS).map((name) => [name, text(20)])),
};

/** The parameters a route reads, by route (the first whose path matches). */
export const ROUTE_QUERY_PARAMS: readonly { route: string; path: RegExp; params: Readonly<Record<string, ParamRule>> }[] = [
  { route: "$country.config.$modelLine", path: /^\/(au|nz)\/config\/[^/]+$/, params: CONFIGURATOR_PARAMS },
  { route: "content pages", path: /^\/(au|nz)(\/|$)/, params: CONTENT_PAGE_PARAMS },
];

/** The parameters the page at `pathname` reads, with their rules. */
export function declaredParamsOf(pathname: string): Readonly<Record<string, ParamRule>> {
  return ROUTE_QUERY_PARAMS.find((r) => r.path.test(pathname))?.params ?? {};
}

/** Every query parameter some page reads (a CDN keeps only these in its key: deploy/varnish). */
export const DECLARED_QUERY_PARAMS: ReadonlySet<string> = new Set(ROUTE_QUERY_PARAMS.flatMap((r) => Object.keys(r.params)));

/**
 * The response header in which a content page's render names the query parameters its blocks read
 * (space-separated, `-` for none). The page cache keys later requests of that path on these alone.
 */
export const QUERY_PARAMS_HEADER = "X-Page-Query-Params";

/** The header's value for the parameters `read`, sorted. */
export function queryParamsHeaderValue(read: Iterable<string>): string {
  return [...new Set(read)].sort().join(" ") || "-";
}

/**
 * The parameters a rendered page says it reads (QUERY_PARAMS_HEADER), or null when it does not
 * say (a route that does not report them, an error page): then every declared one counts.
 */
export function paramsRead(headers: Headers): ReadonlySet<string> | null {
  const value = headers.get(QUERY_PARAMS_HEADER)?.trim();
  if (value === undefined || value === "") return null;
  return new Set(value === "-" ? [] : value.split(/\s+/));
}

/** Campaign and click identifiers: never read by a page, dropped from the key. */
const TRACKING_PARAM = /^(utm_[a-z_]+|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|ttclid|twclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|ref|srsltid)$/i;

export function isTrackingParam(name: string): boolean {
  return TRACKING_PARAM.test(name);
}

/** What a page's HTML depends on besides its path and query. */
export interface PageVariant {
  consent: boolean;
  /** AU only: the state and buyer type prices are shown for. */
  state?: string;
  buyer?: "abn" | "private";
}

/** The variant of a request to `pathname` from its Cookie header (defaults as the layout applies them). */
export function pageVariantOf(pathname: string, cookieHeader: string | null | undefined): PageVariant {
  const variant: PageVariant = { consent: hasConsentCookie(cookieHeader) };
  if (countryOfPath(pathname) === "au") {
    const cookies = parseCookies(cookieHeader);
    variant.state = parseAuState(cookies[COOKIE_NAMES.auState]);
    variant.buyer = parseIsABN(cookies[COOKIE_NAMES.isABN]) ? "abn" : "private";
  }
  return variant;
}

/** `consent=1 state=NSW buyer=private` (NZ: `consent=0`). */
export function variantString(variant: PageVariant): string {
  let out = `consent=${variant.consent ? 1 : 0}`;
  if (variant.state) out += ` state=${variant.state}`;
  if (variant.buyer) out += ` buyer=${variant.buyer}`;
  return out;
}

/**
 * The cookies that make `variant` (what a revalidation sends to render it again; also the cookies
 * a CDN keys on).
 */
export function variantCookieHeader(variant: PageVariant): string {
  const parts: string[] = [];
  if (variant.consent) parts.push(`${COOKIE_NAMES.consent}=${CONSENT_VALUE}`);
  if (variant.state) parts.push(`${COOKIE_NAMES.auState}=${variant.state}`);
  if (variant.buyer) parts.push(`${COOKIE_NAMES.isABN}=${variant.buyer === "abn" ? "true" : "false"}`);
  return parts.join("; ");
}

/**
 * The query a page is cached under: the parameters its route declares, each
 * through its rule (a value the page would ignore is left out), sorted by name (then value).
 * Tracking parameters and parameters no page reads are left out: the page is served from the
 * entry without them, so neither can make a new entry or a render of its own.
 */
export function canonicalQuery(pathname: string, search: URLSearchParams, read?: ReadonlySet<string> | null): string {
  const kept = canonicalParams(pathname, search, read);
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query ? `?${query}` : "";
}

/**
 * The query a page renders with: the canonical query's parameters and values, in the request's
 * own order (a redirect the page answers, such as the configurator's, sends the visitor on with
 * the parameters in the order they came).
 */
export function renderQuery(pathname: string, search: URLSearchParams, read?: ReadonlySet<string> | null): string {
  const query = new URLSearchParams(canonicalParams(pathname, search, read)).toString();
  return query ? `?${query}` : "";
}

/** `read`: the parameters the page is known to read (only these of the declared ones are kept). */
function canonicalParams(pathname: string, search: URLSearchParams, read?: ReadonlySet<string> | null): [string, string][] {
  const rules = declaredParamsOf(pathname);
  const kept: [string, string][] = [];
  const seen = new Map<string, number>();
  for (const [name, raw] of search) {
    const rule = Object.prototype.hasOwnProperty.call(rules, name) ? rules[name] : undefined;
    if (!rule || (read && !read.has(name))) continue;
    const count = seen.get(name) ?? 0;
    if (count >= (REPEATABLE.has(name) ? MAX_REPEATS : 1)) continue;
    const value = rule(raw);
    if (value === null) continue;
    seen.set(name, count + 1);
    kept.push([name, value]);
  }
  return kept;
}

/**
 * The page cache key: path, canonical query and variant. `read`: the parameters the page at this
 * path is known to read (paramsRead of its last render); unknown (null), every declared one.
 */
export function pageKey(url: URL, cookieHeader: string | null | undefined, read?: ReadonlySet<string> | null): { key: string; search: string; variant: PageVariant } {
  const search = canonicalQuery(url.pathname, url.searchParams, read);
  const variant = pageVariantOf(url.pathname, cookieHeader);
  return { key: `${url.pathname}${search} ${variantString(variant)}`, search, variant };
}

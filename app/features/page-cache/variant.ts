/**
 * Page variants (issue 26, ADR 031): the few request facts a page's HTML depends on, as a
 * normalised string that keys the full-page cache (page-cache.server.ts) and a CDN's cache.
 *
 * - Every page under /{country} shows the cookie banner until the visitor consents: `consent`.
 * - AU pages render the buyer's state and buyer type: prices, and the pricing modal's no-JavaScript
 *   form (in the shell of every AU page) with the stored choice selected: `state`, `buyer`.
 *   NZ pages have neither, so they are not split by them.
 * - The query parameters pages read (DECLARED_QUERY_PARAMS) are part of the key, sorted. Tracking
 *   parameters (utm_*, gclid, fbclid, ...) are dropped: they change nothing on the page. Any other
 *   parameter makes the request uncacheable (rendered, never stored), so random query strings
 *   cannot create entries.
 */
import { BUILD_PARAMS } from "~/features/configurator/build";
import { ACCESSORY_PARAMS } from "~/features/configurator/accessories";
import { BUYER_PARAMS } from "~/features/configurator/summary";
import { CALCULATOR_OPEN_PARAM, STEP_PARAM } from "~/features/configurator/view";
import { CALCULATOR_PARAMS } from "~/features/finance/calculator";
import { SUBMITTED_PARAM } from "~/features/forms/constants";
import { parseAuState, parseIsABN } from "~/features/pricing/states";
import { CONSENT_VALUE, COOKIE_NAMES, hasConsentCookie, parseCookies } from "~/features/site-state/cookies";

/** Every query parameter a page reads, on the server or while rendering (the rest are not read). */
export const DECLARED_QUERY_PARAMS: ReadonlySet<string> = new Set([
  // Configurator: the build, its step and accessory view, the calculator, a shared buyer choice.
  ...Object.values(BUILD_PARAMS),
  STEP_PARAM,
  ...Object.values(ACCESSORY_PARAMS),
  CALCULATOR_OPEN_PARAM,
  ...Object.values(CALCULATOR_PARAMS),
  ...Object.values(BUYER_PARAMS),
  // Listings (news, accessories): category, page, sort, "load more".
  "category",
  "page",
  "pages",
  "sort",
  // Forms: the thank-you state and the preselected model and dealer.
  SUBMITTED_PARAM,
  "model",
  "dealer",
  // Dealer locator.
  "q",
  "lat",
  "lng",
]);

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

/** The country of a page path (/au/..., /nz/...), if any. */
export function countryOfPath(pathname: string): "au" | "nz" | null {
  const match = /^\/(au|nz)(?:\/|$)/.exec(pathname);
  return match ? (match[1] as "au" | "nz") : null;
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

export type CanonicalQuery = { cacheable: true; search: string } | { cacheable: false; search: null };

/**
 * The query a cacheable page is rendered with: the request's own, in its own order, without the
 * tracking parameters (so a stored page never carries one visitor's campaign identifiers). Not
 * sorted: a response the cache does not store (a redirect that drops the shared buyer choice)
 * must send the visitor on with the parameters as they came.
 */
export function renderQuery(search: URLSearchParams): string {
  const kept = [...search].filter(([name]) => !isTrackingParam(name));
  const query = new URLSearchParams(kept).toString();
  return query ? `?${query}` : "";
}

/**
 * The query a page is cached under: the declared parameters, sorted by name (then value);
 * tracking parameters dropped. Undeclared parameters make the request uncacheable.
 */
export function canonicalQuery(search: URLSearchParams): CanonicalQuery {
  const kept: [string, string][] = [];
  for (const [name, value] of search) {
    if (DECLARED_QUERY_PARAMS.has(name)) kept.push([name, value]);
    else if (!isTrackingParam(name)) return { cacheable: false, search: null };
  }
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return { cacheable: true, search: query ? `?${query}` : "" };
}

/** The page cache key: path, canonical query and variant. Null when the request is not cacheable. */
export function pageKey(url: URL, cookieHeader: string | null | undefined): { key: string; search: string; variant: PageVariant } | null {
  const query = canonicalQuery(url.searchParams);
  if (!query.cacheable) return null;
  const variant = pageVariantOf(url.pathname, cookieHeader);
  return { key: `${url.pathname}${query.search} ${variantString(variant)}`, search: query.search, variant };
}

/**
 * Country alternates of a page (spec site.md section 2 "Catch-all page"): the same path with the
 * country segment swapped, only for the countries that have the page. A story with locale `au`
 * or `nz` exists only in that country; an empty, missing or `both` locale exists in both.
 * Pure: no Remix, no I/O.
 */
import type { Country } from "~/content/schema";

/** The site's countries in a fixed order; the first is the default (`/` goes to /au). */
export const SEO_COUNTRIES: readonly Country[] = ["au", "nz"];
export const DEFAULT_COUNTRY: Country = "au";

/** hreflang values of the two sites. */
export const HREFLANG: Record<Country, string> = { au: "en-au", nz: "en-nz" };

/** Open Graph locale of the two sites. */
export const OG_LOCALE: Record<Country, string> = { au: "en_AU", nz: "en_NZ" };

/** Area served (ISO 3166-1) and its name, per country. */
export const COUNTRY_INFO: Record<Country, { code: string; name: string; currency: "AUD" | "NZD" }> = {
  au: { code: "AU", name: "Australia", currency: "AUD" },
  nz: { code: "NZ", name: "New Zealand", currency: "NZD" },
};

export function isCountry(value: unknown): value is Country {
  return value === "au" || value === "nz";
}

/** The countries in which a story with this locale exists. */
export function countriesForLocale(locale: unknown): Country[] {
  if (isCountry(locale)) return [locale];
  return [...SEO_COUNTRIES];
}

/**
 * A site path in canonical form: one leading slash, no trailing slash, no repeated slashes, no
 * query or hash; the country root stays `/au`. An empty path is `/`.
 */
export function normalizePath(pathname: string): string {
  const clean = pathname.split(/[?#]/)[0] ?? "";
  const trimmed = clean.replace(/\/{2,}/g, "/").replace(/^\/+|\/+$/g, "");
  return `/${trimmed}`;
}

/** The country of a site path (its first segment), or null. */
export function pathCountry(pathname: string): Country | null {
  const first = normalizePath(pathname).split("/")[1];
  return isCountry(first) ? first : null;
}

/** The path without its country segment ("models/suv/tarrak"; "" for the country root). */
export function pathWithoutCountry(pathname: string): string {
  const path = normalizePath(pathname);
  return path.replace(/^\/(au|nz)(\/|$)/, "").replace(/^\//, "");
}

/** The same path in another country: `/au/offers` → `/nz/offers`, `/au` → `/nz`. */
export function swapCountry(pathname: string, country: Country): string {
  const rest = pathWithoutCountry(pathname);
  return rest ? `/${country}/${rest}` : `/${country}`;
}

/** An absolute URL on the site for a root-relative path; absolute and protocol-relative URLs pass. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  const value = pathOrUrl.trim();
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith("//")) return `https:${value}`;
  const base = siteUrl.replace(/\/+$/, "");
  return `${base}/${value.replace(/^\/+/, "")}`.replace(/\/$/, "") || base;
}

export interface AlternateLink {
  hrefLang: string;
  href: string;
}

/**
 * hreflang alternates of a page: one per country that has it plus x-default (the default
 * country's URL when it has the page, else the first that does). A page that exists in only one
 * country has no alternates: there is nothing to point to.
 */
export function alternateLinks(siteUrl: string, pathname: string, countries: readonly Country[]): AlternateLink[] {
  const present = SEO_COUNTRIES.filter((c) => countries.includes(c));
  if (present.length < 2) return [];
  const links = present.map((country) => ({ hrefLang: HREFLANG[country], href: absoluteUrl(siteUrl, swapCountry(pathname, country)) }));
  const xDefault = present.includes(DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : present[0];
  links.push({ hrefLang: "x-default", href: absoluteUrl(siteUrl, swapCountry(pathname, xDefault)) });
  return links;
}

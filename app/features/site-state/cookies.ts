/**
 * The site's cookies: names, lifetimes, parsing and serialising. Pure (no Remix, no Node): the
 * server reads and sets them in resource routes, the browser mirrors the buyer choice into them.
 *
 * | Cookie    | Value          | Set by                               | HttpOnly | Read by                      |
 * |-----------|----------------|--------------------------------------|----------|------------------------------|
 * | `country` | `au` \| `nz`   | GET /api/set-location/{country}      | yes      | the `/` redirect             |
 * | `consent` | `1`            | POST /api/consent                    | yes      | the layout loader (banner)   |
 * | `auState` | ACT … WA       | the browser (setAuState), pricing POST | no     | the layout loader (prices)   |
 * | `isABN`   | `true`/`false` | the browser (setIsABN), pricing POST | no       | the layout loader (prices)   |
 *
 * All: Path=/, one year, SameSite=Lax, Secure in production. auState and isABN are written by
 * the browser, so they cannot be HttpOnly; nothing in them is secret.
 */

export const COOKIE_NAMES = {
  country: "country",
  consent: "consent",
  auState: "auState",
  isABN: "isABN",
} as const;

/** One year, the consent cookie's lifetime (spec site.md section 9), used for every site cookie. */
export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The consent cookie's value once the visitor accepted. */
export const CONSENT_VALUE = "1";

export interface CookieOptions {
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
}

/** Every cookie of a Cookie header (first occurrence wins); values URI-decoded when valid. */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in cookies) continue;
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/** A cookie value of a Cookie header, or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  const cookies = parseCookies(header);
  return Object.prototype.hasOwnProperty.call(cookies, name) ? cookies[name] : undefined;
}

const NAME_PATTERN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A Set-Cookie value (or a `document.cookie` assignment when httpOnly is off). */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!NAME_PATTERN.test(name)) throw new Error(`Invalid cookie name: ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`];
  parts.push(`Path=${options.path ?? "/"}`);
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  if (options.secure) parts.push("Secure");
  if (options.httpOnly) parts.push("HttpOnly");
  return parts.join("; ");
}

/** The buyer-choice cookies as the browser writes them (readable by script, one year). */
export function buyerCookies(choice: { auState?: string; isABN?: boolean }, secure: boolean): string[] {
  const options: CookieOptions = { maxAge: COOKIE_MAX_AGE_SECONDS, secure, sameSite: "Lax" };
  const cookies: string[] = [];
  if (choice.auState !== undefined) cookies.push(serializeCookie(COOKIE_NAMES.auState, choice.auState, options));
  if (choice.isABN !== undefined) cookies.push(serializeCookie(COOKIE_NAMES.isABN, String(choice.isABN), options));
  return cookies;
}

/** True when a Cookie header carries the consent cookie. */
export function hasConsentCookie(header: string | null | undefined): boolean {
  return readCookie(header, COOKIE_NAMES.consent) === CONSENT_VALUE;
}

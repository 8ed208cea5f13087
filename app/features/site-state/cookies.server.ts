import { countrySchema, type Country } from "~/content/schema";
import { getEnv } from "~/server/env.server";
import { parseAuState, parseIsABN, type AuState } from "~/lib/au-states";
import {
  CONSENT_VALUE,
  COOKIE_MAX_AGE_SECONDS,
  COOKIE_NAMES,
  buyerCookies,
  hasConsentCookie,
  parseCookies,
  readCookie,
  serializeCookie,
} from "./cookies";

export { readCookie } from "./cookies";

/** Name of the cookie holding the visitor's chosen country (set by /api/set-location). */
export const COUNTRY_COOKIE = COOKIE_NAMES.country;

/** Cookies carry Secure in production (spec: the consent cookie; the same rule for all). */
function secure(): boolean {
  return getEnv().NODE_ENV === "production";
}

export function countryFromCookie(header: string | null | undefined): Country | undefined {
  const parsed = countrySchema.safeParse(readCookie(header, COUNTRY_COOKIE));
  return parsed.success ? parsed.data : undefined;
}

/** Set-Cookie for the chosen country: server-only (HttpOnly), one year. */
export function countryCookie(country: Country): string {
  return serializeCookie(COOKIE_NAMES.country, country, {
    maxAge: COOKIE_MAX_AGE_SECONDS,
    httpOnly: true,
    secure: secure(),
    sameSite: "Lax",
  });
}

/** Set-Cookie recording cookie consent for one year. The layout loader reads it: HttpOnly. */
export function consentCookie(): string {
  return serializeCookie(COOKIE_NAMES.consent, CONSENT_VALUE, {
    maxAge: COOKIE_MAX_AGE_SECONDS,
    httpOnly: true,
    secure: secure(),
    sameSite: "Lax",
  });
}

export function consentFromRequest(request: Request): boolean {
  return hasConsentCookie(request.headers.get("Cookie"));
}

export interface BuyerCookieContext {
  country: Country;
  auState: AuState;
  isABN: boolean;
}

/**
 * The buyer's pricing context from the auState and isABN cookies (defaults VIC and ABN when
 * unset or unknown), so the first response already shows the right price.
 */
export function buyerContextFromRequest(request: Request, country: Country): BuyerCookieContext {
  const cookies = parseCookies(request.headers.get("Cookie"));
  return {
    country,
    auState: parseAuState(cookies[COOKIE_NAMES.auState]),
    isABN: parseIsABN(cookies[COOKIE_NAMES.isABN]),
  };
}

/**
 * Set-Cookie values storing a buyer choice (for the pricing form's no-JavaScript POST). Readable
 * by script, like the ones the browser writes, so both paths stay interchangeable.
 */
export function buyerChoiceCookies(choice: { auState?: AuState; isABN?: boolean }): string[] {
  return buyerCookies(choice, secure());
}

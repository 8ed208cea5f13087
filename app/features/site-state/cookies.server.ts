import { countrySchema, type Country } from "~/content/schema";

/** Name of the cookie holding the visitor's chosen country (set by /api/set-location). */
export const COUNTRY_COOKIE = "country";

/** Reads a cookie value from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function countryFromCookie(header: string | null | undefined): Country | undefined {
  const parsed = countrySchema.safeParse(readCookie(header, COUNTRY_COOKIE));
  return parsed.success ? parsed.data : undefined;
}

import { countryOfPath } from "./country-path";

/**
 * Whether a request path may name a file of build/client or public. Every page of the site lives
 * under a country (/au, /nz) and no file does, so those requests skip the static look-ups (each a
 * file-system stat per request).
 */
export function mayBeStaticFile(pathname: string): boolean {
  return countryOfPath(pathname) === null;
}

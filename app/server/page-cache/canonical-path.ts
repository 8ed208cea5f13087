/**
 * Canonical page paths: one address per page, so spellings of a path cannot make cache entries
 * or renders of their own. A country page's path is lowercase, without empty segments
 * (`//`) and without a trailing slash; anything else is answered with one 301 to that form, the
 * query kept. Only paths under /au and /nz (in any case); not the `.data` of client navigations.
 */

/** The canonical form of a country page path, or null when it is not one (or already canonical). */
export function canonicalPagePath(pathname: string): string | null {
  if (!/^\/+(au|nz)(\/|$)/i.test(pathname)) return null;
  if (/\.data$/i.test(pathname)) return null;
  const segments = pathname.split("/").filter((segment) => segment !== "");
  const canonical = `/${segments
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape stays as it came (lowercased); the page answers it.
      }
      return encodeURIComponent(decoded.toLowerCase());
    })
    .join("/")}`;
  return canonical === pathname ? null : canonical;
}

/** The Location of the redirect for a request URL (path and query), or null when none is due. */
export function canonicalPageLocation(originalUrl: string): string | null {
  const at = originalUrl.indexOf("?");
  const pathname = at === -1 ? originalUrl : originalUrl.slice(0, at);
  const canonical = canonicalPagePath(pathname);
  return canonical === null ? null : `${canonical}${at === -1 ? "" : originalUrl.slice(at)}`;
}

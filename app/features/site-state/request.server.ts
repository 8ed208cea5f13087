/** Request checks for the site's resource routes. */

/**
 * False for a browser request another site started: Sec-Fetch-Site cross-site, or an Origin
 * whose host is not this one. Requests without either header (old browsers, tools) pass.
 */
export function isSameSiteRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "same-site" || fetchSite === "none";
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === null;
  try {
    const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? new URL(request.url).host;
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** True when the client asked for JSON (a fetch) rather than a page (a form post). */
export function wantsJson(request: Request): boolean {
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

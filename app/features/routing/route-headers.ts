import type { HeadersFunction } from "@remix-run/node";

/**
 * The leaf `headers` export of page routes. Published pages carry the loader's Cache-Control
 * (PAGE_HEADERS: `public, max-age=0, s-maxage=60, stale-while-revalidate=300`, Vary: Cookie);
 * a preview loader's `private, no-store` passes through the same way. A form response (an action
 * ran, e.g. an enquiry posted without JavaScript) and an error response keep their own
 * Cache-Control, so they are never stored by a shared cache. A form post over a lead limit keeps
 * its Retry-After and RateLimit headers.
 */
export const pageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(loaderHeaders);
  for (const source of [actionHeaders, errorHeaders]) {
    const cacheControl = source?.get("Cache-Control");
    if (cacheControl) headers.set("Cache-Control", cacheControl);
  }
  for (const name of ["Retry-After", "RateLimit-Policy", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) {
    const value = actionHeaders?.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/**
 * The `headers` export of the country layout, which is the error boundary of every page: a
 * page's error answer (the CMS 404 page, public for a minute and varying by cookie; the 503 of a
 * content outage, no-store) keeps the Cache-Control and Vary its loader threw with. Without an
 * error it changes nothing (the page's own `headers` decide).
 */
export const layoutHeaders: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of ["Cache-Control", "Vary", "Retry-After"]) {
    const value = errorHeaders?.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

import type { HeadersFunction } from "@remix-run/node";

/**
 * The leaf `headers` export of page routes. Published pages carry the loader's Cache-Control
 * (PAGE_HEADERS: `public, max-age=0, s-maxage=60, stale-while-revalidate=300`, Vary: Cookie);
 * a preview loader's `private, no-store` passes through the same way. A form response (an action
 * ran, e.g. an enquiry posted without JavaScript) and an error response keep their own
 * Cache-Control, so they are never stored by a shared cache.
 */
export const pageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(loaderHeaders);
  for (const source of [actionHeaders, errorHeaders]) {
    const cacheControl = source?.get("Cache-Control");
    if (cacheControl) headers.set("Cache-Control", cacheControl);
  }
  return headers;
};

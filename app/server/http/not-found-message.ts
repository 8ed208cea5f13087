/** The 503 page's message when the content API cannot be reached and nothing is cached. */
export const CONTENT_UNAVAILABLE_MESSAGE = "This page is temporarily unavailable. Please try again in a few minutes.";

/**
 * Why a page is a 404, and the message the error screen shows for it (spec site.md section 8):
 * - `invalid-route`: a route parameter failed validation (a country that is not au or nz), a
 *   fatal 404 that names the path: 'Page Not Found: {path}';
 * - `unknown-route`: no route matches (the first segment is not a country at all), a non-fatal
 *   404: 'Page not found: {path}';
 * - `missing-content`: the route is valid but its story (or the configurator's model line, the
 *   news list) is missing, errored or of the other country: 'Page Not Found', no path.
 * Pure: shared by the server's 404 and its tests.
 */
export type NotFoundReason = "invalid-route" | "unknown-route" | "missing-content";

export function notFoundMessage(reason: NotFoundReason, path: string): string {
  switch (reason) {
    case "invalid-route":
      return `Page Not Found: ${path}`;
    case "unknown-route":
      return `Page not found: ${path}`;
    case "missing-content":
      return "Page Not Found";
  }
}

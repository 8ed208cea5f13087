import { data } from "@remix-run/node";
import type { Country } from "~/content/schema";
import { getStory } from "~/content/stories.server";
import { loadGlobals } from "~/features/shell/globals.server";
import { contentUnavailable } from "~/server/observability/request-context.server";
import type { NotFoundPayload } from "~/features/routing/not-found-payload";
import { CONTENT_UNAVAILABLE_MESSAGE, notFoundMessage, type NotFoundReason } from "~/server/http/not-found-message";
import { CacheControl } from "~/server/http/cache-control";

/** The 503 of a page whose content the content service could not give (Retry-After, never stored). */
export function contentUnavailableResponse() {
  return data(CONTENT_UNAVAILABLE_MESSAGE, { status: 503, headers: { "Cache-Control": CacheControl.noStore, "Retry-After": "60" } });
}

/**
 * Throws a 404 whose payload carries the CMS `error` story, so the error screen can render it
 * inside the layout, and the message for its reason (./not-found-message.ts). `withGlobals` also loads the shell's stories (when no layout loader ran).
 */
export async function throwNotFound(
  request: Request,
  opts: { country: Country; reason: NotFoundReason; withGlobals?: boolean },
): Promise<never> {
  const path = new URL(request.url).pathname;
  // A read that failed earlier in this request (and was taken as nothing) makes this a 503, not a 404.
  if (contentUnavailable()) throw contentUnavailableResponse();
  const [errorStory, globals] = await Promise.all([
    getStory("error", { country: opts.country }),
    opts.withGlobals ? loadGlobals(opts.country) : Promise.resolve(null),
  ]);
  const payload: NotFoundPayload = {
    notFound: true,
    message: notFoundMessage(opts.reason, path),
    path,
    country: opts.country,
    errorStory: errorStory?.content ?? null,
    globals,
  };
  // The page shows the layout (the consent banner, AU prices' state): shared caches key on cookies.
  throw data(payload, { status: 404, headers: { "Cache-Control": CacheControl.publicMinute, Vary: "Cookie" } });
}

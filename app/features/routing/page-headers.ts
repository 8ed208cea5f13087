import { redirect } from "@remix-run/node";
import type { Country } from "~/content/schema";
import { hasPreviewParams } from "~/features/preview/params";
import { PREVIEW_HEADERS } from "~/features/preview/preview.server";
import { CacheControl } from "~/server/http/cache-control";

/** Published pages may be cached briefly by shared caches; the content cache does the rest. */
export const PAGE_CACHE_CONTROL = CacheControl.page;

/**
 * Headers of a published page. The HTML depends on the visitor's cookies (consent banner, AU
 * state and buyer type for prices), so shared caches must key on them.
 */
export const PAGE_HEADERS = { "Cache-Control": PAGE_CACHE_CONTROL, Vary: "Cookie" } as const;

/** Headers of a page in a content version: drafts (previews) are never cached nor indexed. */
export function pageHeadersFor(version: "draft" | "published"): Record<string, string> {
  return version === "draft" ? { ...PREVIEW_HEADERS } : { ...PAGE_HEADERS };
}

/**
 * `/{country}/home` is the country's home at `/{country}`. The query goes along: the visual editor
 * opens the Home story at `/{country}/home?_storyblok…`, and the preview must survive the redirect;
 * a preview's redirect is temporary (302), since its signed query expires.
 */
export function homeRedirect(request: Request, country: Country): Response {
  const { search } = new URL(request.url);
  return redirect(`/${country}${search}`, hasPreviewParams(search) ? 302 : 301);
}

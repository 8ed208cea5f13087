/**
 * Every Cache-Control value the site sends, by name (ARCHITECTURE.md: caching has names). A
 * response picks one of these rather than spelling the directive again, so a policy changes in
 * one place. Pure strings: usable from routes, Express middleware and the browser build alike.
 */
export const CacheControl = {
  /** Answers that depend on the request or change every time: errors, refusals, cookies set. */
  noStore: "no-store",
  /** Per-visitor answers and previews: never stored, not even by the browser's shared caches. */
  privateNoStore: "private, no-store",
  /** Published pages: shared caches keep them 60 s and serve stale for 300 s while refreshing. */
  page: "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
  /** Resized images, long-lived: an image-service URL names its source file and every transformation. */
  image: "public, max-age=2592000, stale-while-revalidate=86400",
  /** Short-lived public answers (a 404 that content may fill soon). */
  publicMinute: "public, max-age=60",
  /** Lookups that change rarely (place suggestions, dealers for a postcode, the preview bridge). */
  publicFiveMinutes: "public, max-age=300",
  /** Files and documents that change with content or a deploy (sitemaps, robots.txt, downloads). */
  publicHour: "public, max-age=3600",
  /** A visitor's own lookup (reverse geocoding): their browser only. */
  privateHour: "private, max-age=3600",
} as const;

export type CacheControlValue = (typeof CacheControl)[keyof typeof CacheControl];

/**
 * The local content API's answers: a draft (it needs the preview token) and any error are the
 * asker's alone, never kept by a shared cache; a published answer keeps the content service's own
 * headers.
 */
export function contentApiCacheControl(version: string | undefined, status: number): CacheControlValue | null {
  return version === "draft" || status >= 400 ? CacheControl.privateNoStore : null;
}

/** Headers of an answer that must never be stored. */
export const NO_STORE_HEADERS = { "Cache-Control": CacheControl.noStore } as const;

/** True when the Cache-Control value forbids storing the answer anywhere (`no-store`). */
export function forbidsStore(cacheControl: string): boolean {
  return /no-store/i.test(cacheControl);
}

/** True when a shared cache may keep the answer: `public`, and neither `no-store` nor `private`. */
export function sharedCacheMayStore(cacheControl: string): boolean {
  return /\bpublic\b/i.test(cacheControl) && !/\b(no-store|private)\b/i.test(cacheControl);
}

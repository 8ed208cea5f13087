/**
 * The visual editor's preview parameters (shared/reference/storyblok-api.md section 3.1). Storyblok's
 * editor opens `<preview URL>/<path>?_storyblok=<story id>&_storyblok_tk[space_id]=…&
 * _storyblok_tk[timestamp]=…&_storyblok_tk[token]=…` in an iframe. Pure: no Remix, no I/O.
 */

export const PREVIEW_PARAM = {
  storyId: "_storyblok",
  spaceId: "_storyblok_tk[space_id]",
  timestamp: "_storyblok_tk[timestamp]",
  token: "_storyblok_tk[token]",
} as const;

/** The parameters as they came in (strings, unvalidated); null when a required one is absent. */
export interface PreviewParams {
  storyId: string;
  spaceId: string;
  timestamp: string;
  token: string;
}

/** Reads the editor's parameters from a query string or URL; null when any of them is missing or empty. */
export function readPreviewParams(search: URLSearchParams | URL | string): PreviewParams | null {
  const params =
    search instanceof URLSearchParams ? search : search instanceof URL ? search.searchParams : new URLSearchParams(search);
  const storyId = params.get(PREVIEW_PARAM.storyId);
  const spaceId = params.get(PREVIEW_PARAM.spaceId);
  const timestamp = params.get(PREVIEW_PARAM.timestamp);
  const token = params.get(PREVIEW_PARAM.token);
  if (!storyId || !spaceId || !timestamp || !token) return null;
  return { storyId, spaceId, timestamp, token };
}

/** True when the query string carries any of the editor's parameters (verified or not). */
export function hasPreviewParams(search: URLSearchParams | URL | string): boolean {
  const params =
    search instanceof URLSearchParams ? search : search instanceof URL ? search.searchParams : new URLSearchParams(search);
  return Object.values(PREVIEW_PARAM).some((name) => params.has(name));
}

/** The editor's language switch and release picker (present on every editor URL; "default" and "undefined" when unset). */
export const EDITOR_PARAM = { language: "_storyblok_lang", release: "_storyblok_release" } as const;

function searchParamsOf(search: URLSearchParams | URL | string): URLSearchParams {
  return search instanceof URLSearchParams ? search : search instanceof URL ? search.searchParams : new URLSearchParams(search);
}

/** The language the editor shows (`_storyblok_lang`), lower-case; null for the default language or a malformed value. */
export function readPreviewLanguage(search: URLSearchParams | URL | string): string | null {
  const value = searchParamsOf(search).get(EDITOR_PARAM.language)?.trim().toLowerCase() ?? "";
  return value !== "default" && /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})?$/.test(value) ? value : null;
}

/** The release the editor shows (`_storyblok_release`, a release id); null for none ("undefined", "0") or a malformed value. */
export function readPreviewRelease(search: URLSearchParams | URL | string): string | null {
  const value = searchParamsOf(search).get(EDITOR_PARAM.release)?.trim() ?? "";
  return /^[1-9]\d{0,19}$/.test(value) ? value : null;
}

/**
 * Where a preview in another language belongs. The space's languages are the countries (`au`,
 * `nz`) and the country of a page is its first path segment, so `_storyblok_lang=nz` on an `/au`
 * page is the same page under `/nz`, query kept (the preview with it). A language prefix the
 * editor may put before the story's path (`/au/nz/news` from a preview URL ending in `/au/`) is
 * taken as the language too. Null when the page is already in that language, is not a country
 * page, or the language is no country.
 */
export function previewLanguageTarget(url: string, countries: readonly string[]): string | null {
  const queryAt = url.search(/[?#]/);
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? "" : url.slice(queryAt);
  const language = readPreviewLanguage(query.split("#")[0] ?? "");
  if (!language || !countries.includes(language)) return null;
  const segments = pathname.split("/").filter(Boolean);
  if (!segments[0] || !countries.includes(segments[0])) return null;
  const rest = segments[1] === language ? segments.slice(2) : segments.slice(1);
  const target = `/${[language, ...rest].join("/")}`;
  return target === pathname.replace(/\/+$/, "") ? null : `${target}${query}`;
}

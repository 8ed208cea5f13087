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

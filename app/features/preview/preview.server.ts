/**
 * Preview mode of a request (issue 13): Storyblok's visual editor opens a page with signed
 * parameters; when they verify against the preview secret, the page shows draft content with the
 * editable attributes, is never cached nor indexed, and loads the bridge. Otherwise the
 * parameters are ignored.
 */
import { getEnv, type Env } from "~/env.server";
import { LOCAL_BRIDGE_URL, STORYBLOK_BRIDGE_URL, type PreviewClientInfo } from "./bridge";
import { readPreviewParams } from "./params";
import { verifyPreviewSearch } from "./token.server";
import { CacheControl } from "~/features/http/cache-control";

/** The local preview token when LOCAL_PREVIEW_TOKEN is unset (local mode only: fixture drafts are public). */
export const DEFAULT_LOCAL_PREVIEW_TOKEN = "kestrel-local-preview";

/** Headers of every preview (and draft) response: never stored by any cache, never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": CacheControl.privateNoStore, "X-Robots-Tag": "noindex, nofollow" } as const;

/**
 * The secret preview tokens are signed with: STORYBLOK_PREVIEW_TOKEN with Storyblok (unset: no
 * preview), LOCAL_PREVIEW_TOKEN (default DEFAULT_LOCAL_PREVIEW_TOKEN) on the local content.
 */
export function previewSecret(env: Env = getEnv()): string | undefined {
  if (env.STORYBLOK_TOKEN) return env.STORYBLOK_PREVIEW_TOKEN;
  return env.LOCAL_PREVIEW_TOKEN ?? DEFAULT_LOCAL_PREVIEW_TOKEN;
}

/** True when the URL carries the editor's parameters and they verify. */
export function isPreviewUrl(url: URL | string, env: Env = getEnv(), nowMs: number = Date.now()): boolean {
  const parsed = typeof url === "string" ? new URL(url, "http://localhost") : url;
  return verifyPreviewSearch(parsed.searchParams, previewSecret(env), nowMs) === "valid";
}

/** True when the request is a verified preview. */
export function isPreviewRequest(request: Request, env: Env = getEnv(), nowMs: number = Date.now()): boolean {
  return isPreviewUrl(request.url, env, nowMs);
}

/** What the browser needs in preview mode (the bridge to load, the open story); null otherwise. */
export function previewClientInfo(request: Request, env: Env = getEnv(), nowMs: number = Date.now()): PreviewClientInfo | null {
  if (!isPreviewRequest(request, env, nowMs)) return null;
  const params = readPreviewParams(new URL(request.url));
  if (!params) return null;
  return { bridgeUrl: env.STORYBLOK_TOKEN ? STORYBLOK_BRIDGE_URL : LOCAL_BRIDGE_URL, storyId: params.storyId };
}

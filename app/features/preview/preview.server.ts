/**
 * Preview mode of a request: Storyblok's visual editor opens a page with signed
 * parameters; when they verify against the preview secret, the page shows draft content with the
 * editable attributes, is never cached nor indexed, and loads the bridge. Otherwise the
 * parameters are ignored.
 */
import { environmentContentVersion, getEnv, localPreviewToken, type Env } from "~/server/env.server";
import { currentRequestContext } from "~/server/observability/request-context.server";
import { LOCAL_BRIDGE_URL, STORYBLOK_BRIDGE_URL, type PreviewClientInfo } from "./bridge";
import { readPreviewParams } from "./params";
import { verifyPreviewSearch } from "./token.server";
import { CacheControl } from "~/server/http/cache-control";

/** Headers of every preview (and draft) response: never stored by any cache, never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": CacheControl.privateNoStore, "X-Robots-Tag": "noindex, nofollow" } as const;

/**
 * The secret preview tokens are signed with: STORYBLOK_PREVIEW_TOKEN with Storyblok (unset: no
 * preview), LOCAL_PREVIEW_TOKEN (default DEFAULT_LOCAL_PREVIEW_TOKEN) on the local content.
 */
export function previewSecret(env: Env = getEnv()): string | undefined {
  if (env.STORYBLOK_TOKEN) return env.STORYBLOK_PREVIEW_TOKEN;
  return localPreviewToken(env);
}

/** True when the preview token in use is the published default one, in production (drafts would be public). */
export function usesPublicDefaultToken(env: Env = getEnv()): boolean {
  return env.NODE_ENV === "production" && !env.STORYBLOK_TOKEN && !env.LOCAL_PREVIEW_TOKEN;
}

/** Logged at start when usesPublicDefaultToken: an operator sees that drafts stay on this machine. */
export const PUBLIC_DEFAULT_TOKEN_NOTICE =
  "[preview] LOCAL_PREVIEW_TOKEN is not set: the published default preview token (drafts and previews of the local content) is honoured only for requests from this machine (loopback); set LOCAL_PREVIEW_TOKEN to preview from elsewhere";

/** Loopback addresses: 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, "");
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** Whether a client (its address as the trusted proxies tell it) may use the preview token. */
export function previewTokenAllowedFrom(env: Env, clientAddress: string | undefined): boolean {
  return !usesPublicDefaultToken(env) || isLoopbackAddress(clientAddress);
}

/** True when the URL carries the editor's parameters and they verify. */
export function isPreviewUrl(url: URL | string, env: Env = getEnv(), nowMs: number = Date.now()): boolean {
  const parsed = typeof url === "string" ? new URL(url, "http://localhost") : url;
  return verifyPreviewSearch(parsed.searchParams, previewSecret(env), nowMs) === "valid";
}

/** True when the request is a verified preview (and the middleware did not refuse its token to this client). */
export function isPreviewRequest(request: Request, env: Env = getEnv(), nowMs: number = Date.now()): boolean {
  return isPreviewUrl(request.url, env, nowMs) && currentRequestContext()?.previewRefused !== true;
}

/** What the browser needs in preview mode (the bridge to load, the open story); null otherwise. */
export function previewClientInfo(request: Request, env: Env = getEnv(), nowMs: number = Date.now()): PreviewClientInfo | null {
  if (!isPreviewRequest(request, env, nowMs)) return null;
  const params = readPreviewParams(new URL(request.url));
  if (!params) return null;
  return { bridgeUrl: env.STORYBLOK_TOKEN ? STORYBLOK_BRIDGE_URL : LOCAL_BRIDGE_URL, storyId: params.storyId };
}

/**
 * The content version of a request (spec site.md section 4): draft in development or in a verified
 * visual-editor preview, else published. Callers pass it to the content reads.
 */
export function contentVersion(request: Request): "draft" | "published" {
  if (environmentContentVersion() === "draft") return "draft";
  return isPreviewRequest(request) ? "draft" : "published";
}

import StoryblokClient from "storyblok-js-client";
import type { Env } from "~/server/env.server";
import { getEnv } from "~/server/env.server";
import { getContentCache } from "./cache.server";
import { getLocalContentApi } from "./local-api.server";
import { localPreviewToken } from "~/server/env.server";
import { contentTimeoutMs, withContentTimeout } from "./timeout.server";

/** Base URL the in-process local API answers on; never reached over the network. */
export const LOCAL_ENDPOINT = "http://local-content.invalid/v2";

type Transport = (request: Request) => Promise<Response>;

/** Wraps the in-process transport of the local content API (tests: added latency, request logs). */
export type ContentFetchInterceptor = (request: Request, next: Transport) => Promise<Response>;

let interceptor: ContentFetchInterceptor | null = null;

/**
 * Test hook: every request of the local content client passes through `fn` (null removes it).
 * Used to add latency to the local API and count sequential content round trips per page.
 */
export function setContentFetchInterceptor(fn: ContentFetchInterceptor | null): void {
  interceptor = fn;
}

/**
 * One content client, two back ends: with STORYBLOK_TOKEN it talks to Storyblok's CDN in
 * STORYBLOK_REGION; without it, to the local content API over CONTENT_DIR, in-process through
 * the client's `fetch` option. The same code path serves production, development and tests.
 * The content version (cv) is managed by the content cache (cache.server.ts), not the client.
 */
export function createContentClient(env: Env, options: { preview?: boolean } = {}): StoryblokClient {
  // The client's own timeout (in seconds) aborts a hung request; callers add the same deadline
  // around the whole call, retries included (withContentTimeout), since the client turns an abort
  // into an answer without data rather than an error.
  const common = { maxRetries: 10, retriesDelay: 300, timeout: contentTimeoutMs(env) / 1000, cache: { clear: "manual", cv: "manual" } as const };
  if (env.STORYBLOK_TOKEN) {
    const accessToken = options.preview && env.STORYBLOK_PREVIEW_TOKEN ? env.STORYBLOK_PREVIEW_TOKEN : env.STORYBLOK_TOKEN;
    return new StoryblokClient({ accessToken, region: env.STORYBLOK_REGION, ...common });
  }
  const previewToken = localPreviewToken(env);
  const handler = getLocalContentApi(env.CONTENT_DIR_ABS, previewToken);
  return new StoryblokClient({
    // Drafts are read with the local preview token, as with Storyblok's (the local API refuses them otherwise).
    accessToken: options.preview ? previewToken : "local",
    endpoint: LOCAL_ENDPOINT,
    rateLimit: 1000,
    ...common,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(typeof input === "string" || input instanceof URL ? input : input.url, init);
      return interceptor ? interceptor(request, handler) : handler(request);
    }) as typeof fetch,
  });
}

let client: StoryblokClient | undefined;
let previewClient: StoryblokClient | undefined;

/**
 * The process-wide content client; `preview` gives the one that reads drafts with
 * the preview token (server-side only): STORYBLOK_PREVIEW_TOKEN, or the local preview token.
 */
export function getContentClient(options: { preview?: boolean } = {}): StoryblokClient {
  if (options.preview) {
    previewClient ??= createContentClient(getEnv(), { preview: true });
    return previewClient;
  }
  client ??= createContentClient(getEnv());
  return client;
}

/**
 * Asks the content service for the current content version (`cdn/spaces/me` → `space.version`)
 * and remembers it, so the next reads get the newest published content. Null when it cannot be
 * read (the next response's cv is remembered instead).
 */
export async function refreshContentVersion(): Promise<number | null> {
  const cv = await readContentVersion();
  if (cv !== null) getContentCache().noteCv(cv);
  return cv;
}

/** The space's current content version, without remembering it; null when it cannot be read. */
export async function readContentVersion(): Promise<number | null> {
  try {
    const res = await withContentTimeout(() => getContentClient().get("cdn/spaces/me", {}));
    const cv = Number((res.data as { space?: { version?: unknown } }).space?.version);
    return Number.isFinite(cv) && cv > 0 ? cv : null;
  } catch (error) {
    const e = error as { status?: number; message?: string } | undefined;
    console.error(`[content] reading the content version failed: ${e?.status ?? ""} ${e?.message ?? String(error)}`.trim());
    return null;
  }
}

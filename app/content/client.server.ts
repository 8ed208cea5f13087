import StoryblokClient from "storyblok-js-client";
import type { Env } from "~/env.server";
import { getEnv } from "~/env.server";
import { getLocalContentApi } from "./local-api.server";

/** Base URL the in-process local API answers on; never reached over the network. */
export const LOCAL_ENDPOINT = "http://local-content.invalid/v2";

/**
 * One content client, two back ends: with STORYBLOK_TOKEN it talks to Storyblok's CDN in
 * STORYBLOK_REGION; without it, to the local content API over CONTENT_DIR, in-process through
 * the client's `fetch` option. The same code path serves production, development and tests.
 */
export function createContentClient(env: Env, options: { preview?: boolean } = {}): StoryblokClient {
  const retry = { maxRetries: 10, retriesDelay: 300 };
  if (env.STORYBLOK_TOKEN) {
    const accessToken = options.preview && env.STORYBLOK_PREVIEW_TOKEN ? env.STORYBLOK_PREVIEW_TOKEN : env.STORYBLOK_TOKEN;
    return new StoryblokClient({ accessToken, region: env.STORYBLOK_REGION, ...retry });
  }
  const handler = getLocalContentApi(env.CONTENT_DIR_ABS);
  return new StoryblokClient({
    accessToken: "local",
    endpoint: LOCAL_ENDPOINT,
    rateLimit: 1000,
    ...retry,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      handler(new Request(typeof input === "string" || input instanceof URL ? input : input.url, init))) as typeof fetch,
  });
}

let client: StoryblokClient | undefined;
let previewClient: StoryblokClient | undefined;

/**
 * The process-wide content client; `preview` gives the one that reads drafts with
 * STORYBLOK_PREVIEW_TOKEN (server-side only; the local content needs no token).
 */
export function getContentClient(options: { preview?: boolean } = {}): StoryblokClient {
  if (options.preview) {
    previewClient ??= createContentClient(getEnv(), { preview: true });
    return previewClient;
  }
  client ??= createContentClient(getEnv());
  return client;
}

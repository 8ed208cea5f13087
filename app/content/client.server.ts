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

/** The process-wide published/draft content client. */
export function getContentClient(): StoryblokClient {
  client ??= createContentClient(getEnv());
  return client;
}

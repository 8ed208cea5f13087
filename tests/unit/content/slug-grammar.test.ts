import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isSitePath, isStorySlug, storyApiPath } from "~/content/slug";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";

type Loader = (args: LoaderFunctionArgs) => unknown;
let catchAll: Loader;
let client: typeof import("~/content/client.server");
let cache: typeof import("~/content/cache.server");
beforeAll(async () => {
  catchAll = (await import("~/routes/$country.$")).loader;
  client = await import("~/content/client.server");
  cache = await import("~/content/cache.server");
});
afterEach(() => client.setContentFetchInterceptor(null));

/** Every content request's path and query, as the content API receives them. */
function recordRequests() {
  const urls: URL[] = [];
  client.setContentFetchInterceptor((request, next) => {
    urls.push(new URL(request.url));
    return next(request);
  });
  return urls;
}

async function status(rawPath: string, splat: string): Promise<number> {
  try {
    await catchAll({ request: new Request(`http://localhost${rawPath}`), params: { country: "au", "*": splat }, context: {} });
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw thrown;
  }
}

describe("the slug grammar", () => {
  it("refuses separators, delimiters, whitespace, control characters and dot-segments in a segment", () => {
    for (const bad of ["a/b", "offers?version=", "a#b", "a\\b", "a b", "a\tb", "a\u0000b", "a\u007fb", "..", ".", "a..b", ""]) {
      expect(isStorySlug(bad.includes("/") ? bad : `news/${bad}`), JSON.stringify(bad)).toBe(bad === "a/b");
    }
    expect(isSitePath("/au/news%2F..%2Foffers")).toBe(false);
    expect(isSitePath("/au/offers%3Fversion%3D")).toBe(false);
    expect(isSitePath("/au/news%2Foffers")).toBe(false);
    expect(isSitePath("/au/offers%5C")).toBe(false);
    expect(isSitePath("/au/offers%23x")).toBe(false);
    expect(isSitePath("/au/off%09ers")).toBe(false);
    expect(isSitePath("/au/off%E0%A4%A")).toBe(false);
    expect(isSitePath("/au/news/dealer-network-expands")).toBe(true);
    expect(isSitePath("/au/")).toBe(true);
    expect(isSitePath("/au/caf%C3%A9")).toBe(true);
  });

  it("encodes every segment of a story's API path", () => {
    expect(storyApiPath("news/dealer-network-expands")).toBe("news/dealer-network-expands");
    expect(storyApiPath("news/caf\u00e9&x=1")).toBe("news/caf%C3%A9%26x%3D1");
  });
});

describe("slugs outside the grammar never reach the content API", () => {
  it("is a 404 before the story is asked for, whatever the spelling", async () => {
    cache.clearContentCache();
    const requests = recordRequests();
    for (const [raw, splat] of [
      ["/au/offers%3Fversion%3D", "offers?version="],
      ["/au/news%2F..%2Foffers", "news/../offers"],
      ["/au/news%2Foffers", "news/offers"],
      ["/au/offers%5C", "offers\\"],
      ["/au/offers%23", "offers#"],
      ["/au/off%09ers", "off\ters"],
    ] as const) {
      expect(await status(raw, splat), raw).toBe(404);
    }
    // Only the 404 page's own story was read.
    const stories = requests.filter((url) => url.pathname.startsWith("/v2/cdn/stories/")).map((url) => url.pathname);
    expect(new Set(stories)).toEqual(new Set(["/v2/cdn/stories/error"]));
    expect(requests.every((url) => !url.searchParams.has("version") || url.searchParams.get("version") === "published")).toBe(true);
  });

  it("a story read with a slug outside the grammar is nothing, without a call or a cache entry", async () => {
    const stories = await import("~/content/stories.server");
    cache.clearContentCache();
    const requests = recordRequests();
    expect(await stories.readStory("offers?version=draft", { country: "au", version: "published" })).toBeNull();
    expect(await stories.readStory("news/../offers", { country: "au", version: "published" })).toBeNull();
    expect(requests).toHaveLength(0);
    expect(cache.getContentCache().size).toBe(0);
    // Within the grammar but not a plain slug: its characters stay in the path, never a parameter.
    expect(await stories.readStory("news/x&version=draft", { country: "au", version: "published" })).toBeNull();
    expect(requests.map((url) => url.pathname)).toEqual(["/v2/cdn/stories/news/x%26version%3Ddraft"]);
    expect(requests[0]!.searchParams.get("version")).toBe("published");
  });
});

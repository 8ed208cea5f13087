import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";

let stories: typeof import("~/content/stories.server");
let client: typeof import("~/content/client.server");
let cache: typeof import("~/content/cache.server");
beforeAll(async () => {
  stories = await import("~/content/stories.server");
  client = await import("~/content/client.server");
  cache = await import("~/content/cache.server");
});
afterEach(() => {
  client.setContentFetchInterceptor(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Counts content requests by path; `down` makes the content service answer 503. */
function contentService() {
  const state = { down: false, paths: [] as string[] };
  client.setContentFetchInterceptor(async (request, next) => {
    state.paths.push(new URL(request.url).pathname);
    if (state.down) return Response.json({ error: "Service Unavailable" }, { status: 503 });
    return next(request);
  });
  return state;
}

const published = { country: "au" as const, version: "published" as const };

describe("content reads through the cache", () => {
  it("vehicle data is fresh for 300000 ms; concurrent identical reads are one request", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    cache.clearContentCache();
    const service = contentService();
    const read = () => stories.getStory("car-configurator/models/tarrak", published);
    const results = await Promise.all([read(), read(), read()]);
    expect(results.every((s) => s?.full_slug === "au/car-configurator/models/tarrak")).toBe(true);
    expect(service.paths).toEqual(["/v2/cdn/stories/car-configurator/models/tarrak"]);
    vi.setSystemTime(Date.now() + 299_000);
    await read();
    expect(service.paths).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await read();
    // Stale: answered from memory at once while one refresh runs.
    await vi.waitFor(() => expect(service.paths).toHaveLength(2));
  });

  it("drafts are never cached", async () => {
    cache.clearContentCache();
    const service = contentService();
    await stories.getStory("global/footer", { country: "au", version: "draft" });
    await stories.getStory("global/footer", { country: "au", version: "draft" });
    expect(service.paths).toHaveLength(2);
    expect(cache.getContentCache().size).toBe(0);
  });
  it("a content outage keeps pages serving from the cache (stale-if-error), and a missing story stays null", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    cache.clearContentCache();
    const service = contentService();
    const header = await stories.getStory("global/header", published);
    const model = await stories.getStories({ starts_with: "car-configurator/models/tarrak/au/" }, published);
    expect(header?.full_slug).toBe("au/global/header");
    expect(model.length).toBeGreaterThan(0);
    const calls = service.paths.length;

    // An hour later the content service is down: the cached content is still served (logged).
    vi.setSystemTime(Date.now() + 60 * 60 * 1000);
    service.down = true;
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await stories.getStory("global/header", published))?.full_slug).toBe("au/global/header");
    expect(await stories.getStories({ starts_with: "car-configurator/models/tarrak/au/" }, published)).toHaveLength(model.length);
    expect(service.paths.length).toBeGreaterThan(calls);
    expect(log).toHaveBeenCalled();
    // Nothing cached for this one: the failure shows (logged, null), as without a cache.
    expect(await stories.getStory("offers", published)).toBeNull();
  });
});

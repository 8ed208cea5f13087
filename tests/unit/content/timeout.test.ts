import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
// A short deadline keeps the test quick; the default is 5 s.
process.env.CONTENT_TIMEOUT_MS = "300";

const published = { country: "au" as const, version: "published" as const };

let stories: typeof import("~/content/stories.server");
let client: typeof import("~/content/client.server");
let cache: typeof import("~/content/cache.server");
let timeout: typeof import("~/content/timeout.server");
let context: typeof import("~/server/observability/request-context.server");
beforeAll(async () => {
  stories = await import("~/content/stories.server");
  client = await import("~/content/client.server");
  cache = await import("~/content/cache.server");
  timeout = await import("~/content/timeout.server");
  context = await import("~/server/observability/request-context.server");
  // The local content API's first read loads the fixtures, which can take longer than the short
  // deadline on a loaded machine; the tests below are about later reads.
  const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
  for (let attempt = 0; attempt < 50 && !(await stories.getStory("global/header", published)); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  quiet.mockRestore();
});
afterEach(() => {
  client.setContentFetchInterceptor(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("content call timeouts (CONTENT_TIMEOUT_MS)", () => {
  it("defaults to 5 s and reads the variable", () => {
    expect(timeout.contentTimeoutMs({})).toBe(5_000);
    expect(timeout.contentTimeoutMs({ CONTENT_TIMEOUT_MS: "1200" })).toBe(1_200);
  });

  it("a hung content service is an outage: cached content is served stale, an uncached read gives up in time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    cache.clearContentCache();
    let hang = false;
    client.setContentFetchInterceptor((request, next) => (hang ? new Promise<Response>(() => {}) : next(request)));
    expect((await stories.getStory("global/header", published))?.full_slug).toBe("au/global/header");

    // An hour later (past the fresh and stale-while-revalidate times) the service stops answering.
    vi.setSystemTime(Date.now() + 60 * 60 * 1000);
    hang = true;
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const started = performance.now();
    expect((await stories.getStory("global/header", published))?.full_slug).toBe("au/global/header");
    expect(await stories.getStory("offers", published)).toBeNull();
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(log.mock.calls.flat().join(" ")).toMatch(/did not answer within 300 ms/);
    // A timeout counts as an outage: an uncached page becomes the 503 page, not a 404.
    expect(context.isContentOutage(new timeout.ContentTimeoutError(300))).toBe(true);
  });
});

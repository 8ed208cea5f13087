import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getLocalContentApi } from "~/content/local-api.server";
import { closeBuild, startTestServer, type TestServer } from "./harness";

/**
 * The content API (Storyblok's CDN) goes down while the site runs. The app is configured with a
 * Storyblok token; the network is simulated: while "up", Storyblok's URLs are answered by the
 * local content API over the fixtures; while "down", every call fails like a network outage.
 * A page that is not cached answers a clear 503 error page (not a 404, not a crash); health stays
 * up; readiness reports the content check failing (from its background check, within a run); APIs that need no content keep answering;
 * pages read before the outage keep serving from the content cache (stale-if-error), even long
 * after their freshness ran out; and the site recovers without a restart.
 */

const MESSAGE = "This page is temporarily unavailable. Please try again in a few minutes.";
const realFetch = globalThis.fetch;
let contentUp = true;
let server: TestServer;

beforeAll(async () => {
  const local = getLocalContentApi(path.resolve("content-fixtures"));
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    if (!url.hostname.endsWith("storyblok.com")) return realFetch(input, init);
    if (!contentUp) throw new TypeError("fetch failed");
    return local(new Request(`http://local-content.invalid${url.pathname}${url.search}`, { method: "GET" }));
  });
  server = await startTestServer({ STORYBLOK_TOKEN: "outage-test-token", READINESS_INTERVAL_MS: "200" });
}, 180_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
  await closeBuild();
});

describe("content API outage", () => {
  it("answers a clear 503 page for a page it cannot read, reports not ready, and recovers", async () => {
    const up = await realFetch(`${server.url}/au`);
    expect(up.status).toBe(200);
    expect(await up.text()).toContain("Kestrel");
    expect((await realFetch(`${server.url}/readyz`)).status).toBe(200);

    // The outage begins here: a background check that saw it finished after this instant, even one
    // that ran while the requests below were being answered (the machine may be slow).
    const outageBegan = Date.now();
    contentUp = false;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await realFetch(`${server.url}/au/offers`);
    const html = await res.text();
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("retry-after")).toBe("60");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain(MESSAGE);
    expect(html).toContain(">503<");
    expect(html).not.toContain("Page Not Found");
    // Client navigation (the data channel) gets the same status.
    expect((await realFetch(`${server.url}/au/offers.data`)).status).toBe(503);

    expect((await realFetch(`${server.url}/healthz`)).status).toBe(200);
    // /readyz answers from its background check (every 200 ms here): the outage shows within a run
    // (waited for generously: a loaded machine delays the check, not its outcome).
    let ready = await realFetch(`${server.url}/readyz`);
    while (ready.status === 200 && Date.now() - outageBegan < 20_000) {
      await ready.body?.cancel();
      await new Promise((r) => setTimeout(r, 50));
      ready = await realFetch(`${server.url}/readyz`);
    }
    expect(ready.status).toBe(503);
    const report = (await ready.json()) as { checkedAt: string };
    expect(report).toEqual({ status: "unavailable", checks: { content: "failing", store: "ok" }, checkedAt: expect.any(String) });
    expect(Date.parse(report.checkedAt)).toBeGreaterThanOrEqual(outageBegan);
    expect((await realFetch(`${server.url}/api/location`)).status).toBe(200);
    expect(errors).toHaveBeenCalled();

    // The home page was read before the outage: 20 minutes later (past every policy's fresh and
    // stale-while-revalidate time, within stale-if-error) it still serves from the cache.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 20 * 60_000);
    try {
      const stale = await realFetch(`${server.url}/au`);
      expect(stale.status).toBe(200);
      expect(await stale.text()).toContain("Kestrel");
    } finally {
      vi.useRealTimers();
    }

    // A missing story while the API is up is still a 404, not a 503.
    contentUp = true;
    const missing = await realFetch(`${server.url}/au/no-such-page`);
    expect(missing.status).toBe(404);
    await missing.text();
    const back = await realFetch(`${server.url}/au/offers`);
    expect(back.status).toBe(200);
    await back.text();
    errors.mockRestore();
  }, 60_000);
});

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getLocalContentApi } from "~/content/local-api.server";
import { closeBuild, startTestServer, type TestServer } from "../security/harness";

/**
 * Overload (issue 26 item 9): with one render allowed and no queue, a render held up by a slow
 * content service makes the next uncached page a fast 503 with Retry-After (not a wait), while
 * /healthz keeps answering; once the render finishes, pages render again.
 */

const realFetch = globalThis.fetch;
let gate: Promise<void> | null = null;
let server: TestServer;

beforeAll(async () => {
  const local = getLocalContentApi(path.resolve("content-fixtures"));
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    if (!url.hostname.endsWith("storyblok.com")) return realFetch(input, init);
    if (gate) await gate;
    return local(new Request(`http://local-content.invalid${url.pathname}${url.search}`, { method: "GET" }));
  });
  server = await startTestServer({ STORYBLOK_TOKEN: "overload-test-token", RENDER_CONCURRENCY: "1", RENDER_QUEUE: "0" });
}, 180_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
  await closeBuild();
});

describe("overload", () => {
  it("refuses renders past the limit at once with a 503 and Retry-After; health answers meanwhile", async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const blocked = realFetch(`${server.url}/au/offers`);
    // Let the first request take the one render slot and wait on the content service.
    await new Promise((r) => setTimeout(r, 300));

    const refused = await realFetch(`${server.url}/au/finance`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toContain("This page is temporarily unavailable. Please try again in a few minutes.");

    const health = await realFetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);

    gate = null;
    open();
    const first = await blocked;
    expect(first.status).toBe(200);
    await first.text();
    // The slot is handed back when the response has been sent.
    await new Promise((r) => setTimeout(r, 50));
    expect((await realFetch(`${server.url}/au/finance`)).status).toBe(200);
    // Cached pages need no render slot.
    expect((await realFetch(`${server.url}/au/offers`)).headers.get("x-cache")).toBe("HIT");
  });
});

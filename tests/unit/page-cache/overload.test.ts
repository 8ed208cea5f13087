import { request } from "node:http";
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
/** Uncached, one render at a time, a queue: like the benchmark's uncached server, smaller. */
let queued: TestServer;

beforeAll(async () => {
  const local = getLocalContentApi(path.resolve("content-fixtures"));
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    if (!url.hostname.endsWith("storyblok.com")) return realFetch(input, init);
    if (gate) await gate;
    return local(new Request(`http://local-content.invalid${url.pathname}${url.search}`, { method: "GET" }));
  });
  server = await startTestServer({ STORYBLOK_TOKEN: "overload-test-token", RENDER_CONCURRENCY: "1", RENDER_QUEUE: "0" });
  queued = await startTestServer({
    STORYBLOK_TOKEN: "overload-test-token",
    RENDER_CONCURRENCY: "1",
    RENDER_QUEUE: "4",
    RENDER_QUEUE_TIMEOUT_MS: "1500",
    PAGE_CACHE_MAX_BYTES: "0",
  });
}, 180_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
  await queued?.close();
  await closeBuild();
});

/** A GET with its own Host header (fetch sends the URL's). */
function withHost(url: string, host: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("overload", () => {
  it("refuses renders past the limit at once with a 503 and Retry-After; health answers meanwhile", async () => {
    // A page in the cache before the flood.
    await (await realFetch(`${server.url}/au/news`)).text();
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
    // Answered before Express, with the headers every answer carries; its policy names no nonce.
    expect(refused.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    expect(refused.headers.get("strict-transport-security")).toContain("max-age=");
    expect(refused.headers.get("permissions-policy")).toContain("geolocation=(self)");
    expect(refused.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(refused.headers.get("content-security-policy")).not.toContain("'nonce-");
    // What the app answers without a render is still answered: a spelling's redirect.
    const spelled = await realFetch(`${server.url}/AU/Finance?x=1`, { redirect: "manual" });
    expect(spelled.status).toBe(301);
    expect(spelled.headers.get("location")).toBe("/au/finance?x=1");
    // So is the bare host's www redirect, however the host is spelled.
    for (const host of ["kestrel.test", "KESTREL.test:80", "kestr%65l.test"]) {
      const bare = await withHost(`${server.url}/au/finance`, host);
      expect(bare.status, host).toBe(301);
      expect(bare.location, host).toBe("https://www.kestrel.test/au/finance");
    }
    expect((await withHost(`${server.url}/au/finance`, "elsewhere.test")).status).toBe(503);

    const health = await realFetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    // Refused before any work (ADR 031), but a page the cache holds is still served.
    const cached = await realFetch(`${server.url}/au/news`);
    expect(cached.status).toBe(200);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    await cached.text();
    const head = await realFetch(`${server.url}/au/finance`, { method: "HEAD" });
    expect(head.status).toBe(503);
    // The refusals are counted in one log line, not one line each.
    expect(server.logs.some((l) => l.line.includes('"path":"/au/finance"') && l.line.includes('"status":503'))).toBe(false);

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

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("render slots and clients that go away", () => {
  it("a client that leaves while queued gives no slot away for good (the benchmark's stall)", async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const holder = realFetch(`${queued.url}/au/news/dealer-network-expands`);
    await pause(300);
    // Two visitors wait for the one slot, then give up (autocannon ends a run this way).
    const leaving = [new AbortController(), new AbortController()];
    const waits = leaving.map((c) => realFetch(`${queued.url}/au/config/tarrak`, { signal: c.signal }).catch(() => null));
    // Time for both to reach the server and queue (the machine is shared: generous).
    await pause(600);
    leaving.forEach((c) => c.abort());
    await Promise.all(waits);
    await pause(100);
    gate = null;
    open();
    const first = await holder;
    expect(first.status).toBe(200);
    await first.text();
    await pause(50);
    // Before the fix the slot went to an aborted request and never came back: 503 after the wait.
    for (let i = 0; i < 3; i++) {
      const next = await realFetch(`${queued.url}/au/config/tarrak`);
      expect(next.status).toBe(200);
      await next.text();
    }
  });

  it("a client that leaves during its render hands the slot back", async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const leaving = new AbortController();
    const gone = realFetch(`${queued.url}/au/models/suv/tarrak`, { signal: leaving.signal }).catch(() => null);
    await pause(300);
    leaving.abort();
    await gone;
    gate = null;
    open();
    await pause(100);
    const next = await realFetch(`${queued.url}/au`);
    expect(next.status).toBe(200);
    await next.text();
  });
});

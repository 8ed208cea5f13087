import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedCacheMayStore } from "~/server/http/cache-control";
import { closeBuild, startTestServer, type TestServer } from "./harness";

/** Answers a shared cache (a CDN, Varnish) in front of the site must not keep or replay to others. */

let server: TestServer;
let previewToken: string;
beforeAll(async () => {
  server = await startTestServer({ FORM_RATE_LIMIT: "1000" });
  previewToken = (await import("~/server/env.server")).localPreviewToken(server.env);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await closeBuild();
});

async function headersOf(url: string, init: RequestInit = {}) {
  const res = await fetch(server.url + url, init);
  await res.body?.cancel();
  return { status: res.status, headers: res.headers };
}

describe("nothing a shared cache must not keep", () => {
  it("drafts and errors of the local content API are private and never stored", async () => {
    const draft = await headersOf(`/_content/v2/cdn/stories/home?version=draft&token=${encodeURIComponent(previewToken)}`);
    expect(draft.status).toBe(200);
    expect(draft.headers.get("cache-control")).toBe("private, no-store");
    for (const [url, status] of [
      ["/_content/v2/cdn/stories/no-such-story?version=published", 404],
      ["/_content/v2/cdn/stories/home?version=draft&token=wrong", 401],
      ["/_content/v2/cdn/stories/home?version=nonsense", 400],
    ] as const) {
      const res = await headersOf(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get("cache-control"), url).toBe("private, no-store");
    }
    const published = await headersOf("/_content/v2/cdn/stories/home?version=published");
    expect(published.status).toBe(200);
    expect(published.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
  });

  it("a download is the asking browser's alone, with one X-Content-Type-Options", async () => {
    const asset = await headersOf("/api/download/asset?url=%2Fmedia%2Faccessory-canopy.jpg", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(asset.status).toBe(200);
    expect(sharedCacheMayStore(asset.headers.get("cache-control") ?? "")).toBe(false);
    expect(asset.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    const zip = await headersOf("/api/download/index", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" },
      body: JSON.stringify({ images: ["/media/accessory-canopy.jpg"] }),
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

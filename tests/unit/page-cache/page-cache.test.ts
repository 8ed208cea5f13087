import { describe, expect, it } from "vitest";
import { PageCache, type Render } from "~/features/page-cache/page-cache.server";
import { canonicalQuery, pageKey, pageVariantOf, variantString } from "~/features/page-cache/variant";
import { RenderLimiter } from "~/features/http/render-limit.server";

const ORIGIN = "http://site.test";
/** Nonces are 128 random bits in base64 (24 characters). */
const N = "test-nonce-abcdefghijklmn";

/** A fake render: an HTML page naming the path, query, cookie facts and its nonce. */
function renderer(options: { status?: number; headers?: Record<string, string>; fail?: () => boolean; body?: (url: URL) => string } = {}) {
  let calls = 0;
  const render: Render = async (request, nonce) => {
    calls++;
    await new Promise((r) => setTimeout(r, 1));
    if (options.fail?.()) return { response: new Response("<p>503</p>", { status: 503, headers: { "Content-Type": "text/html", "Cache-Control": "no-store" } }), contentFailures: 1 };
    const url = new URL(request.url);
    const html = options.body?.(url) ?? `<html><script nonce="${nonce}">1</script><p>${url.pathname}${url.search} ${request.headers.get("Cookie") ?? ""}</p></html>`;
    return {
      response: new Response(html, {
        status: options.status ?? 200,
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=60", ...options.headers },
      }),
      contentFailures: 0,
    };
  };
  return { render, calls: () => calls };
}

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const req = (path: string, cookie = "") => new Request(ORIGIN + path, { headers: { Cookie: cookie } });

describe("page variants", () => {
  it("normalises a request's facts: NZ has consent only, AU adds state and buyer (defaults VIC, ABN)", () => {
    expect(variantString(pageVariantOf("/nz/models", "auState=NSW; isABN=false; consent=1"))).toBe("consent=1");
    expect(variantString(pageVariantOf("/au/models", "_ga=1"))).toBe("consent=0 state=VIC buyer=abn");
    expect(variantString(pageVariantOf("/au", "auState=NSW; isABN=false; consent=1"))).toBe("consent=1 state=NSW buyer=private");
    // Unknown values fall back as the layout does: no new variant.
    expect(variantString(pageVariantOf("/au", "auState=XX; isABN=maybe"))).toBe("consent=0 state=VIC buyer=abn");
  });

  it("keys on the declared query, sorted; drops tracking parameters; refuses unknown ones", () => {
    expect(canonicalQuery(new URLSearchParams("wheels=b&colour=a&utm_source=tv&gclid=1"))).toEqual({ cacheable: true, search: "?colour=a&wheels=b" });
    expect(canonicalQuery(new URLSearchParams("fbclid=x"))).toEqual({ cacheable: true, search: "" });
    expect(canonicalQuery(new URLSearchParams("random=1")).cacheable).toBe(false);
    expect(pageKey(new URL(`${ORIGIN}/au/config/tarrak?colour=a&utm_medium=x`), "consent=1")?.key).toBe("/au/config/tarrak?colour=a consent=1 state=VIC buyer=abn");
  });
});

describe("PageCache", () => {
  it("renders a miss at the request's own query order, without tracking parameters; keys it sorted", async () => {
    const cache = new PageCache();
    const seen: string[] = [];
    const render: Render = async (request) => {
      seen.push(new URL(request.url).search);
      // A loader's redirect (dropping a shared buyer choice) keeps the order it was given.
      return { response: new Response(null, { status: 302, headers: { Location: new URL(request.url).search } }), contentFailures: 0 };
    };
    const redirect = await cache.serve(req("/au/config/tarrak?variant=gxl&engine=e&utm_source=tv&acc=towbar&tab=summary"), N, render, true);
    expect(redirect.headers.get("Location")).toBe("?variant=gxl&engine=e&acc=towbar&tab=summary");
    const { render: page } = renderer();
    await cache.serve(req("/au/config/tarrak?wheels=b&colour=a"), N, page, true);
    expect((await cache.serve(req("/au/config/tarrak?colour=a&wheels=b&gclid=1"), N, page, true)).headers.get("X-Cache")).toBe("HIT");
    expect(seen).toEqual(["?variant=gxl&engine=e&acc=towbar&tab=summary"]);
  });

  it("substitutes each response's nonce and never replays the render's", async () => {
    const cache = new PageCache();
    const { render } = renderer();
    const miss = await cache.serve(req("/au"), "nonce-one-abcdefghijklmnop", render, true);
    const hit = await cache.serve(req("/au"), "nonce-two-abcdefghijklmnop", render, true);
    expect(miss.headers.get("X-Cache")).toBe("MISS");
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    expect(await miss.text()).toContain('nonce="nonce-one-abcdefghijklmnop"');
    const body = await hit.text();
    expect(body).toContain('nonce="nonce-two-abcdefghijklmnop"');
    expect(body).not.toContain("nonce-one-abcdefghijklmnop");
  });

  it("renders once for concurrent misses of a key", async () => {
    const cache = new PageCache();
    const { render, calls } = renderer();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => cache.serve(req("/au/news"), `nonce-${i}-abcdefghijklmnop`, render, true)));
    expect(calls()).toBe(1);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    bodies.forEach((b, i) => expect(b).toContain(`nonce="nonce-${i}-abcdefghijklmnop"`));
  });

  it("stays within its bound in bytes, evicting the least recently used (1,000 random queries)", async () => {
    const cache = new PageCache({ maxBytes: 40_000 });
    const { render } = renderer({ body: (url) => `<html>${"x".repeat(1000)}${url.search}</html>` });
    for (let i = 0; i < 1000; i++) {
      const query = Math.random() < 0.5 ? `?page=${Math.floor(Math.random() * 1e9)}` : `?r${Math.random().toString(36).slice(2)}=1&utm_source=${i}`;
      await (await cache.serve(req(`/au/news${query}`), N, render, true)).text();
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(40);
  });

  it("serves STALE while one background render refreshes, then the new page", async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    let version = 1;
    const { render, calls } = renderer({ body: () => `<p>v${version}</p>` });
    await cache.serve(req("/au"), N, render, true);
    version = 2;
    time.advance(60_001);
    const stale = await cache.serve(req("/au"), N, render, true);
    expect(stale.headers.get("X-Cache")).toBe("STALE");
    expect(await stale.text()).toBe("<p>v1</p>");
    await new Promise((r) => setTimeout(r, 20));
    expect(calls()).toBe(2);
    const fresh = await cache.serve(req("/au"), N, render, true);
    expect(fresh.headers.get("X-Cache")).toBe("HIT");
    expect(await fresh.text()).toBe("<p>v2</p>");
    // Past stale-while-revalidate: a render again.
    time.advance(60_000 + 300_001);
    expect((await cache.serve(req("/au"), N, render, true)).headers.get("X-Cache")).toBe("MISS");
  });

  it("serves the stored page STALE when the content service is down; an uncached page gets the 503", async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    let down = false;
    const { render } = renderer({ fail: () => down });
    await cache.serve(req("/au/offers"), N, render, true);
    down = true;
    time.advance(60 * 60_000);
    const stale = await cache.serve(req("/au/offers"), "fresh-abcdefghijklmnop", render, true);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("X-Cache")).toBe("STALE");
    expect(await stale.text()).toContain('nonce="fresh-abcdefghijklmnop"');
    const uncached = await cache.serve(req("/au/finance"), N, render, true);
    expect(uncached.status).toBe(503);
    expect(cache.size).toBe(1);
  });

  it("never stores Set-Cookie, no-store, private, errors, or ineligible requests; the CMS 404 for a shorter time", async () => {
    const cases: Record<string, string>[] = [{ "Set-Cookie": "a=1" }, { "Cache-Control": "no-store" }, { "Cache-Control": "private, no-store" }];
    for (const headers of cases) {
      const cache = new PageCache();
      const { render } = renderer({ headers });
      await cache.serve(req("/au"), N, render, true);
      expect(cache.size).toBe(0);
    }
    const errors = new PageCache();
    await errors.serve(req("/au"), N, renderer({ status: 500 }).render, true);
    expect(errors.size).toBe(0);
    const ineligible = new PageCache();
    const bypass = await ineligible.serve(req("/au"), N, renderer().render, false);
    expect(bypass.headers.get("X-Cache")).toBe("BYPASS");
    expect(ineligible.size).toBe(0);

    const time = clock();
    const notFound = new PageCache({ now: time.now });
    const { render } = renderer({ status: 404, headers: { "Cache-Control": "public, max-age=60" } });
    await notFound.serve(req("/au/missing"), N, render, true);
    expect((await notFound.serve(req("/au/missing"), N, render, true)).headers.get("X-Cache")).toBe("HIT");
    time.advance(30_001);
    expect((await notFound.serve(req("/au/missing"), N, render, true)).headers.get("X-Cache")).toBe("STALE");
  });

  it("clear() forgets every page and does not store a render in flight", async () => {
    const cache = new PageCache();
    const { render } = renderer();
    await cache.serve(req("/au"), N, render, true);
    const pending = cache.serve(req("/au/news"), N, render, true);
    cache.clear();
    await pending;
    expect(cache.size).toBe(0);
  });
});

describe("RenderLimiter", () => {
  it("runs up to its concurrency, queues up to its queue, refuses the rest at once, and hands slots on", async () => {
    const limiter = new RenderLimiter({ concurrency: 2, queue: 1, queueTimeoutMs: 60_000 });
    const a = await limiter.acquire();
    const b = await limiter.acquire();
    const queued = limiter.acquire();
    expect(await limiter.acquire()).toBeNull();
    expect(limiter.refused).toBe(1);
    a!();
    const c = await queued;
    expect(c).not.toBeNull();
    expect(limiter.active).toBe(2);
    b!();
    c!();
    c!();
    expect(limiter.active).toBe(0);
  });

  it("refuses a queued request whose wait runs out", async () => {
    const limiter = new RenderLimiter({ concurrency: 1, queue: 5, queueTimeoutMs: 5 });
    await limiter.acquire();
    expect(await limiter.acquire()).toBeNull();
    expect(limiter.queued).toBe(0);
  });
});

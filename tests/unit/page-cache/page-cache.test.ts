import { describe, expect, it } from "vitest";
import { PageCache, type Render } from "~/server/page-cache/page-cache.server";
import * as pageKeys from "~/features/page-keys/page-keys";
import { canonicalQuery, DECLARED_QUERY_PARAMS, pageKey, pageVariantOf, variantString } from "~/features/page-keys/page-keys";
import { inlineScriptHashes } from "~/server/page-cache/page-cache.server";
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { RenderLimiter } from "~/server/http/render-limit.server";

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

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

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

  it("keys on the parameters the route reads, validated and sorted; leaves out every other", () => {
    const q = (path: string, search: string) => canonicalQuery(path, new URLSearchParams(search));
    expect(q("/au/config/tarrak", "wheels=b&colour=a&utm_source=tv&gclid=1")).toBe("?colour=a&wheels=b");
    expect(q("/au/config/tarrak", "fbclid=x")).toBe("");
    // A parameter no page reads is left out: the page's own entry answers.
    expect(q("/au/config/tarrak", "random=1&colour=a")).toBe("?colour=a");
    expect(q("/au", "random=1")).toBe("");
    // Each route reads its own: the configurator's step is nothing on a content page.
    expect(q("/au/news", "tab=summary&page=2")).toBe("?page=2");
    // Page numbers in range, in their plain form; anything else is the first page.
    expect(q("/au/news", "page=02")).toBe("?page=2");
    for (const bad of ["abc", "0", "-1", "21", "1e3", "2.5", ""]) expect(q("/au/news", `page=${bad}`), bad).toBe("");
    // Search text as the locator reads it: at most 100 characters.
    expect(q("/au/dealer-locator", `q=${"x".repeat(15_000)}`)).toBe(`?q=${"x".repeat(100)}`);
    expect(q("/au/dealer-locator", "q=%20%20Dubbo%20%20NSW%20")).toBe("?q=Dubbo+NSW");
    // Coordinates rounded to 3 places; out of range or not a number: left out.
    expect(q("/au/dealer-locator", "lat=-33.868812&lng=151.209290")).toBe("?lat=-33.869&lng=151.209");
    expect(q("/au/dealer-locator", "lat=91&lng=NaN")).toBe("");
    // Read once (the first), except accessories; the same meaning makes the same key.
    expect(q("/au/news", "page=2&page=3")).toBe("?page=2");
    expect(q("/au/config/tarrak", "acc=b&acc=a&variant=x")).toBe(q("/au/config/tarrak", "variant=x&acc=a&acc=b"));
    expect(pageKey(new URL(`${ORIGIN}/au/config/tarrak?colour=a&utm_medium=x`), "consent=1").key).toBe("/au/config/tarrak?colour=a consent=1 state=VIC buyer=abn");
  });

  it("keys the configurator's calculator on bounded numbers and its options, never free text", () => {
    const q = (search: string) => canonicalQuery("/au/config/tarrak", new URLSearchParams(search));
    expect(q("calculator=1&deposit=15,000.00&term=60&balloon=05&use=Individual&frequency=Weekly&frequency_for=Individual")).toBe(
      "?balloon=5&calculator=1&deposit=15000&frequency=Weekly&frequency_for=Individual&term=60&use=Individual",
    );
    // The same amount however it is written is one entry; cents kept, negatives are 0, past the bound capped.
    expect(q("deposit=15000")).toBe(q("deposit=+15,000"));
    expect(q("deposit=1234.567")).toBe("?deposit=1234.57");
    expect(q("deposit=-50")).toBe("?deposit=0");
    expect(q("deposit=99999999999")).toBe("");
    expect(q("deposit=123456789")).toBe("?deposit=10000000");
    expect(q("balloon=250")).toBe("?balloon=100");
    // Text, terms not offered, unknown options: nothing the page would read, so no entry of their own.
    for (const bad of ["deposit=abc", "deposit=1e5", "term=61", "term=sixty", "use=Trust", "frequency=Daily", "frequency_for=x", `deposit=${"9".repeat(20)}`]) {
      expect(q(bad), bad).toBe("");
    }
  });

  it("the Varnish recipe keys on the same parameters as the server", () => {
    const vcl = readFileSync("deploy/varnish/default.vcl", "utf8");
    const list = /\(\?!\(\?:([a-z_|]+)\)=\)/.exec(vcl)?.[1]?.split("|");
    expect(list).toEqual([...DECLARED_QUERY_PARAMS].sort());
  });
});

describe("script hashes of a shareable page", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  it("hashes every inline script a browser runs, each once, as the browser reads it", () => {
    const html = [
      '<script nonce="">window.__remixContext = {"a":"é"};</script>',
      '<script type="module">import "/assets/a.js"; import("/assets/entry.js");</script>',
      '<script src="/assets/x.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script>$RC('B:0','S:0')</script>",
      "<script>$RC('B:0','S:0')</script>",
      "<script>a\r\nb</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.__remixContext = {"a":"é"};'),
      sha('import "/assets/a.js"; import("/assets/entry.js");'),
      sha("$RC('B:0','S:0')"),
      sha("a\nb"),
    ]);
  });
});

describe("PageCache", () => {
  it("trusts only the render's own scripts (those with its nonce), never one that came in with content", async () => {
    const nonce = "nonce-own-abcdefghijklmnop";
    const html = (n: string) =>
      `<html><script nonce="${n}">window.ENV={"n":"${n}"}</script><p><script>alert(1)</script><script nonce="guess">alert(2)</script></p>` +
      `<script type="application/ld+json" nonce="${n}">{}</script></html>`;
    expect(inlineScriptHashes(html(nonce), nonce)).toEqual([sha256('window.ENV={"n":""}')]);
    const cache = new PageCache(pageKeys, { scriptPolicy: (hashes) => `script-src 'self' ${hashes.join(" ")}` });
    const { render } = renderer({ body: () => html(nonce) });
    const miss = await cache.serve(req("/au/privacy"), nonce, render, true);
    expect(miss.headers.get("Content-Security-Policy")).toBe(`script-src 'self' ${sha256('window.ENV={"n":""}')}`);
    expect(await miss.text()).toContain('<script>window.ENV={"n":""}</script>');
  });

  it("renders a miss with what the route reads, in the request's order, and keys it sorted", async () => {
    const cache = new PageCache(pageKeys);
    const seen: string[] = [];
    const { render: page } = renderer();
    const render: Render = async (request, nonce, background) => {
      seen.push(new URL(request.url).search);
      return page(request, nonce, background);
    };
    await cache.serve(req("/au/config/tarrak?wheels=b&colour=a&utm_source=tv&x=1"), N, render, true);
    expect((await cache.serve(req("/au/config/tarrak?colour=a&wheels=b&gclid=1"), N, render, true)).headers.get("X-Cache")).toBe("HIT");
    expect(seen).toEqual(["?wheels=b&colour=a"]);
  });

  it("keys a content page only on the parameters its blocks read, once a render has said which", async () => {
    const cache = new PageCache(pageKeys);
    // Each path's blocks read these (what loadPage reports); the HTML shows the query it rendered with.
    const reads: Record<string, string> = { "/au/privacy": "-", "/au/contact": "dealer model submitted", "/au/news": "category page", "/au/tarrak": "colour" };
    const seen: string[] = [];
    const { render: page } = renderer();
    const render: Render = async (request, nonce, background) => {
      const url = new URL(request.url);
      seen.push(`${url.pathname}${url.search}`);
      const { response, contentFailures } = await page(request, nonce, background);
      response.headers.set(pageKeys.QUERY_PARAMS_HEADER, reads[url.pathname] ?? "");
      return { response, contentFailures };
    };
    const status = async (path: string) => {
      const response = await cache.serve(req(path), N, render, true);
      return `${response.headers.get("X-Cache")} ${await response.text()}`;
    };
    // A path not seen yet keys on every declared parameter (it may read any of them).
    expect(await status("/au/privacy?model=x")).toMatch(/^MISS .*\/au\/privacy\?model=x /);
    // Its render said it reads none: any model is the page without it, one entry, rendered once.
    expect(await status("/au/privacy")).toMatch(/^MISS <html><script>1<\/script><p>\/au\/privacy <\/p>/);
    const plain = await status("/au/privacy");
    expect(plain).toMatch(/^HIT /);
    for (const model of ["y", "z", "<script>"]) expect(await status(`/au/privacy?model=${encodeURIComponent(model)}&page=2`)).toBe(plain);
    expect(seen).toEqual(["/au/privacy?model=x", "/au/privacy"]);
    // Pages whose blocks read a parameter still vary on it, and render with it.
    seen.length = 0;
    for (const [path, other] of [["/au/contact?model=tarrak", "/au/contact?model=kuro"], ["/au/news?page=2", "/au/news?page=3"], ["/au/tarrak?colour=a:b", "/au/tarrak?colour=a:c"]] as const) {
      await status(path);
      expect(await status(path)).toMatch(/^HIT /);
      expect(await status(other)).toMatch(/^MISS /);
      expect(await status(`${other}&q=free-text`)).toMatch(/^HIT /);
    }
    expect(seen).toEqual(["/au/contact?model=tarrak", "/au/contact?model=kuro", "/au/news?page=2", "/au/news?page=3", "/au/tarrak?colour=a%3Ab", "/au/tarrak?colour=a%3Ac"]);
  });

  it("forgets what a page reads when a publish outdates it, when it stops saying, and on clear()", async () => {
    const time = clock();
    const cache = new PageCache(pageKeys, { now: time.now });
    let reads = "-";
    const { render: page } = renderer();
    const render: Render = async (request, nonce, background) => {
      const { response, contentFailures } = await page(request, nonce, background);
      if (reads) response.headers.set(pageKeys.QUERY_PARAMS_HEADER, reads);
      response.headers.set("Surrogate-Key", "site story-9");
      return { response, contentFailures };
    };
    const status = async (path: string) => (await cache.serve(req(path), N, render, true)).headers.get("X-Cache");
    await status("/au/privacy");
    expect(await status("/au/privacy?model=x")).toBe("HIT");
    // A publish adds a form: until the page renders again, a model is keyed (and rendered) as unseen.
    reads = "dealer model submitted";
    cache.invalidate(["story-9"]);
    expect(await status("/au/privacy?model=x")).toBe("MISS");
    expect(await status("/au/privacy?model=y")).toBe("MISS");
    expect(await status("/au/privacy?model=y")).toBe("HIT");
    // A render that does not say (another route, an error page) keys the path on everything again.
    reads = "";
    cache.clear();
    await status("/au/privacy");
    expect(await status("/au/privacy?model=x")).toBe("MISS");
    reads = "-";
    await status("/au/privacy?model=z");
    cache.clear();
    expect(await status("/au/privacy?model=z")).toBe("MISS");
  });

  it("takes the nonce out of a shareable page and names its inline scripts' hashes, the same on every HIT", async () => {
    const cache = new PageCache(pageKeys, { scriptPolicy: (hashes) => `script-src 'self' ${hashes.join(" ")}` });
    const { render } = renderer();
    const miss = await cache.serve(req("/au"), "nonce-one-abcdefghijklmnop", render, true);
    const hit = await cache.serve(req("/au"), "nonce-two-abcdefghijklmnop", render, true);
    expect(miss.headers.get("X-Cache")).toBe("MISS");
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    const policy = `script-src 'self' ${sha256("1")}`;
    expect(miss.headers.get("Content-Security-Policy")).toBe(policy);
    expect(hit.headers.get("Content-Security-Policy")).toBe(policy);
    const [missBody, hitBody] = [await miss.text(), await hit.text()];
    expect(missBody).toBe(hitBody);
    expect(hitBody).toContain("<script>1</script>");
    expect(hitBody).not.toContain("nonce");
    // A response of its own (private) keeps its nonce and the render's policy.
    const { render: privatePage } = renderer({ headers: { "Cache-Control": "private, no-store", "Content-Security-Policy": "script-src 'nonce-x'" } });
    const own = await cache.serve(req("/au/finance"), "nonce-three-abcdefghijklmn", privatePage, true);
    expect(await own.text()).toContain('nonce="nonce-three-abcdefghijklmn"');
    expect(own.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-x'");
  });

  it("renders once for concurrent misses of a key", async () => {
    const cache = new PageCache(pageKeys);
    const { render, calls } = renderer();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => cache.serve(req("/au/news"), `nonce-${i}-abcdefghijklmnop`, render, true)));
    expect(calls()).toBe(1);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    // One page for all of them, replaying no one's nonce.
    bodies.forEach((b) => expect(b).toBe(bodies[0]));
    expect(bodies[0]).not.toContain("nonce-");
  });

  it("stays within its bound in bytes (1,000 random searches)", async () => {
    const cache = new PageCache(pageKeys, { maxBytes: 40_000 });
    const { render } = renderer({ body: (url) => `<html>${"x".repeat(1000)}${url.search}</html>` });
    for (let i = 0; i < 1000; i++) {
      const query = `?q=${Math.random().toString(36).slice(2)}&utm_source=${i}`;
      await (await cache.serve(req(`/au/dealer-locator${query}`), N, render, true)).text();
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(40);
  }, 60_000);

  it("keeps the pages in use through 1,000 distinct dealer searches and unknown parameters", async () => {
    // Room for about 40 pages of 1 KB: a plain LRU would have evicted /au after 40 new keys.
    const cache = new PageCache(pageKeys, { maxBytes: 48_000 });
    const { render } = renderer({ body: (url) => `<html>${"x".repeat(1000)}${url.pathname}${url.search}</html>` });
    const inUse = ["/au", "/au/offers", "/nz"];
    for (const path of inUse) for (let i = 0; i < 2; i++) await (await cache.serve(req(path), N, render, true)).text();
    for (let i = 0; i < 1000; i++) {
      const query = i % 2 === 0 ? `/au/dealer-locator?q=${Math.random().toString(36).slice(2)}` : `/au?x${i}=${Math.random()}`;
      await (await cache.serve(req(query), N, render, true)).text();
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    for (const path of inUse) expect((await cache.serve(req(path), N, render, true)).headers.get("X-Cache"), path).toBe("HIT");
  }, 60_000);

  it("sends a stored page encoded as compression() would, from one copy per encoding counted in its bytes", async () => {
    const cache = new PageCache(pageKeys, { encode: true });
    const { render } = renderer({ body: (url) => `<html>${"<p>a dealer near you</p>".repeat(200)}${url.pathname}</html>` });
    const get = (accept: string | null) => cache.serve(new Request(`${ORIGIN}/au/news`, { headers: accept === null ? {} : { "Accept-Encoding": accept } }), N, render, true);
    const plain = await get(null);
    const text = await plain.text();
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const bytes = cache.bytes;

    const br = await get("gzip, deflate, br, zstd");
    expect(br.headers.get("X-Cache")).toBe("HIT");
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toContain("Accept-Encoding");
    expect(br.headers.get("ETag")).toBe(plain.headers.get("ETag"));
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBody).toString()).toBe(text);
    expect(cache.bytes).toBe(bytes + brBody.length);

    const gzip = await get("gzip");
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    const gzipBody = Buffer.from(await gzip.arrayBuffer());
    expect(gunzipSync(gzipBody).toString()).toBe(text);
    expect(cache.bytes).toBe(bytes + brBody.length + gzipBody.length);
    // Made once: the next HIT is the same copy and counts nothing more.
    expect(Buffer.from(await (await get("br")).arrayBuffer()).equals(brBody)).toBe(true);
    expect(cache.bytes).toBe(bytes + brBody.length + gzipBody.length);
    // deflate and identity are left to the middleware.
    expect((await get("deflate")).headers.get("Content-Encoding")).toBeNull();
    expect((await get("identity, gzip;q=0")).headers.get("Content-Encoding")).toBeNull();
    // A page below the middleware's threshold is sent as it is.
    const { render: small } = renderer();
    await cache.serve(req("/au/offers"), N, small, true);
    expect((await cache.serve(new Request(`${ORIGIN}/au/offers`, { headers: { "Accept-Encoding": "br" } }), N, small, true)).headers.get("Content-Encoding")).toBeNull();
    // Without the option, stored pages go out as they are (compression() encodes them).
    const unencoded = new PageCache(pageKeys);
    await unencoded.serve(req("/au/news"), N, render, true);
    expect((await unencoded.serve(new Request(`${ORIGIN}/au/news`, { headers: { "Accept-Encoding": "br" } }), N, render, true)).headers.get("Content-Encoding")).toBeNull();
  });

  it("stores no page over its entry cap (served, rendered each time)", async () => {
    const cache = new PageCache(pageKeys, { maxEntryBytes: 10_000 });
    const { render, calls } = renderer({ body: (url) => `<html>${"x".repeat(url.pathname === "/au/big" ? 20_000 : 100)}</html>` });
    const first = await cache.serve(req("/au/big"), N, render, true);
    expect(first.status).toBe(200);
    expect((await first.text()).length).toBeGreaterThan(20_000);
    expect((await cache.serve(req("/au/big"), N, render, true)).headers.get("X-Cache")).toBe("MISS");
    expect(calls()).toBe(2);
    await cache.serve(req("/au/small"), N, render, true);
    expect((await cache.serve(req("/au/small"), N, render, true)).headers.get("X-Cache")).toBe("HIT");
  });

  it("serves STALE while one background render refreshes, then the new page", async () => {
    const time = clock();
    const cache = new PageCache(pageKeys, { now: time.now });
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
    const cache = new PageCache(pageKeys, { now: time.now });
    let down = false;
    const { render } = renderer({ fail: () => down });
    await cache.serve(req("/au/offers"), N, render, true);
    down = true;
    time.advance(60 * 60_000);
    const stale = await cache.serve(req("/au/offers"), "fresh-abcdefghijklmnop", render, true);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("X-Cache")).toBe("STALE");
    expect(await stale.text()).toContain("<script>1</script>");
    const uncached = await cache.serve(req("/au/finance"), N, render, true);
    expect(uncached.status).toBe(503);
    expect(cache.size).toBe(1);
  });

  it("never stores Set-Cookie, no-store, private, errors, or ineligible requests; the CMS 404 for a shorter time", async () => {
    const cases: Record<string, string>[] = [{ "Set-Cookie": "a=1" }, { "Cache-Control": "no-store" }, { "Cache-Control": "private, no-store" }];
    for (const headers of cases) {
      const cache = new PageCache(pageKeys);
      const { render } = renderer({ headers });
      await cache.serve(req("/au"), N, render, true);
      expect(cache.size).toBe(0);
    }
    const errors = new PageCache(pageKeys);
    await errors.serve(req("/au"), N, renderer({ status: 500 }).render, true);
    expect(errors.size).toBe(0);
    const ineligible = new PageCache(pageKeys);
    const bypass = await ineligible.serve(req("/au"), N, renderer().render, false);
    expect(bypass.headers.get("X-Cache")).toBe("BYPASS");
    expect(ineligible.size).toBe(0);

    const time = clock();
    const notFound = new PageCache(pageKeys, { now: time.now });
    const { render } = renderer({ status: 404, headers: { "Cache-Control": "public, max-age=60" } });
    await notFound.serve(req("/au/missing"), N, render, true);
    expect((await notFound.serve(req("/au/missing"), N, render, true)).headers.get("X-Cache")).toBe("HIT");
    time.advance(30_001);
    expect((await notFound.serve(req("/au/missing"), N, render, true)).headers.get("X-Cache")).toBe("STALE");
  });

  it("a publish outdates only the pages naming what it changed: STALE while one render replaces each, the rest HIT", async () => {
    const time = clock();
    const cache = new PageCache(pageKeys, { now: time.now });
    let version = 1;
    const keysOf: Record<string, string> = { "/au/news": "site folder-news stories story-1", "/au/offers": "site story-2 story-3", "/au": "site story-1 story-4" };
    const renders: string[] = [];
    const render: Render = async (request) => {
      const path = new URL(request.url).pathname;
      renders.push(path);
      await new Promise((r) => setTimeout(r, 1));
      const headers = { "Content-Type": "text/html", "Cache-Control": "public, max-age=0, s-maxage=60", "Surrogate-Key": keysOf[path] ?? "" };
      return { response: new Response(`<p>${path} v${version}</p>`, { headers }), contentFailures: 0 };
    };
    for (const path of ["/au/news", "/au/offers", "/au"]) for (const cookie of ["", "consent=1"]) await cache.serve(req(path, cookie), N, render, true);
    expect(renders).toHaveLength(6);
    renders.length = 0;
    version = 2;
    time.advance(1_000);
    // Story 1 published: two pages (four entries) show it; story 3's page does not.
    expect(cache.invalidate(["story-1", "stories", "folder-news"])).toBe(4);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.serve(req("/au/news"), N, render, true)));
    expect(answers.map((a) => a.headers.get("X-Cache"))).toEqual(Array(10).fill("STALE"));
    expect(await answers[0].text()).toBe("<p>/au/news v1</p>");
    // Not for a shared cache to keep: the CDN purged by the same publish would store the old page again.
    expect(answers[0].headers.get("Cache-Control")).toBe("no-store");
    const offers = await cache.serve(req("/au/offers"), N, render, true);
    expect(offers.headers.get("X-Cache")).toBe("HIT");
    expect(offers.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    expect(await offers.text()).toBe("<p>/au/offers v1</p>");
    await new Promise((r) => setTimeout(r, 20));
    // One render replaced the outdated entry, however many visitors asked meanwhile.
    expect(renders).toEqual(["/au/news"]);
    const fresh = await cache.serve(req("/au/news"), N, render, true);
    expect([fresh.headers.get("X-Cache"), await fresh.text()]).toEqual(["HIT", "<p>/au/news v2</p>"]);
    expect(fresh.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    // The other variant and page are replaced on their first request, not before.
    expect((await cache.serve(req("/au", "consent=1"), N, render, true)).headers.get("X-Cache")).toBe("STALE");
    await new Promise((r) => setTimeout(r, 20));
    expect(renders).toEqual(["/au/news", "/au"]);
    // Everything (a release merge, a new content version): every page not yet outdated is, none gone.
    expect(cache.invalidate(null)).toBe(4);
    expect(cache.size).toBe(6);
    expect((await cache.serve(req("/au/offers"), N, render, true)).headers.get("X-Cache")).toBe("STALE");
    expect(cache.invalidate(["site"])).toBe(0);
  });

  it("stores a render that a publish overtook as outdated; a page naming no keys, and a 404, are outdated by any publish", async () => {
    const cache = new PageCache(pageKeys);
    let release: () => void = () => undefined;
    const slow: Render = async (request) => {
      await new Promise<void>((r) => (release = r));
      const status = new URL(request.url).pathname === "/au/gone" ? 404 : 200;
      const keys: Record<string, string> = new URL(request.url).pathname === "/au/plain" ? {} : { "Surrogate-Key": "site story-1" };
      return { response: new Response("<p>old</p>", { status, headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=60", ...keys } }), contentFailures: 0 };
    };
    const pending = cache.serve(req("/au/news"), N, slow, true);
    await new Promise((r) => setTimeout(r, 1));
    cache.invalidate(["story-1"]);
    release();
    expect((await pending).headers.get("X-Cache")).toBe("MISS");
    expect((await cache.serve(req("/au/news"), N, slow, true)).headers.get("X-Cache")).toBe("STALE");
    release();
    // An unrelated publish during a render leaves it fresh.
    const other = cache.serve(req("/au/offers"), N, slow, true);
    await new Promise((r) => setTimeout(r, 1));
    cache.invalidate(["story-99"]);
    release();
    await other;
    expect((await cache.serve(req("/au/offers"), N, slow, true)).headers.get("X-Cache")).toBe("HIT");
    for (const path of ["/au/plain", "/au/gone"]) {
      const first = cache.serve(req(path), N, slow, true);
      await new Promise((r) => setTimeout(r, 1));
      release();
      await first;
    }
    expect(cache.invalidate(["story-99"])).toBe(2);
  });

  it("clear() forgets every page and does not store a render in flight", async () => {
    const cache = new PageCache(pageKeys);
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

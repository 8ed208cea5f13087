import { createHash } from "node:crypto";
import { request, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSignature } from "~/content/webhook.server";
import { purgeKeysForPublish } from "~/server/page-cache/surrogate-keys";
import { closeBuild, startTestServer, type TestServer } from "../security/harness";

/**
 * The full-page cache in the whole app (issue 26): variants never leak between visitors, every
 * response has its own nonce, previews are never cached, a publish outdates the pages that show it, tracking
 * parameters share the page's entry and unknown ones create none.
 */

const SECRET = "page-cache-webhook-secret";
const MODEL = "/au/models/suv/tarrak";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ STORYBLOK_WEBHOOK_SECRET: SECRET });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await closeBuild();
});

async function get(path: string, cookie = "", headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { headers: { Cookie: cookie, ...headers } });
  const html = await res.text();
  return { res, html, cache: res.headers.get("x-cache"), csp: res.headers.get("content-security-policy") ?? "" };
}

/** Every nonce attribute of the page, and the CSP's. */
function nonces(html: string, csp: string) {
  const inPage = new Set([...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]));
  const header = /'nonce-([^']+)'/.exec(csp)?.[1];
  return { inPage, header };
}

/** The state the pricing modal's no-JavaScript form has selected. */
const checked = (html: string) => /<option[^>]*value="([A-Z]{2,3})"[^>]*selected|<option[^>]*selected[^>]*value="([A-Z]{2,3})"/.exec(html)?.slice(1).find(Boolean);

describe("page cache in the app", () => {
  it("keeps each visitor's state and consent, on MISS and HIT, with the CSP of its script hashes and no nonce", async () => {
    const nsw = "auState=NSW; isABN=false; _ga=GA1.2.111";
    const wa = "auState=WA; isABN=false; _ga=GA1.2.222";
    const first = await get(MODEL, nsw);
    expect(first.cache).toBe("MISS");
    const other = await get(MODEL, wa);
    expect(other.cache).toBe("MISS");
    const again = await get(MODEL, "isABN=false; auState=NSW; _ga=GA1.2.333; _fbp=x");
    expect(again.cache).toBe("HIT");
    const otherAgain = await get(MODEL, wa);
    expect(otherAgain.cache).toBe("HIT");

    // The pricing modal's no-JavaScript form has each visitor's own state selected.
    expect(checked(first.html)).toBe("NSW");
    expect(checked(again.html)).toBe("NSW");
    expect(checked(other.html)).toBe("WA");
    expect(checked(otherAgain.html)).toBe("WA");
    // The same page as the render; no nonce anywhere, and a policy of the page's script hashes,
    // the same on MISS and HIT, that names every inline script of the page.
    expect(again.html).toBe(first.html);
    expect(again.html).not.toBe(other.html);
    expect(again.csp).toBe(first.csp);
    for (const response of [first, other, again, otherAgain]) {
      const { inPage, header } = nonces(response.html, response.csp);
      expect(header).toBeUndefined();
      expect(inPage.size).toBe(0);
      expect(response.csp).not.toContain("'strict-dynamic'");
      // Data blocks (JSON-LD, islands' props) are not run: no hash needed.
      const scripts = [...response.html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(1);
      for (const script of scripts) expect(response.csp).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    }

    // The banner follows each visitor's consent, on HITs too.
    const noConsent = await get("/au", "");
    const consented = await get("/au", "consent=1");
    const noConsentHit = await get("/au", "");
    const consentedHit = await get("/au", "consent=1");
    expect([noConsent.cache, consented.cache, noConsentHit.cache, consentedHit.cache]).toEqual(["MISS", "MISS", "HIT", "HIT"]);
    expect(noConsent.html).toContain('class="cookie-banner"');
    expect(noConsentHit.html).toContain('class="cookie-banner"');
    expect(consented.html).not.toContain('class="cookie-banner"');
    expect(consentedHit.html).not.toContain('class="cookie-banner"');
  }, 60_000);

  it("answers 304 to a matching If-None-Match on a HIT, without a CSP to replace the stored one", async () => {
    const page = await get("/au/news");
    const etag = page.res.headers.get("etag")!;
    const hit = await get("/au/news");
    expect(hit.cache).toBe("HIT");
    expect(hit.res.headers.get("etag")).toBe(etag);
    const revalidated = await fetch(`${server.url}/au/news`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
  });

  it("sends a HIT encoded from the page's stored copy, as compression() chooses, one entity with the plain page", async () => {
    const plain = await get("/au/offers", "", { "Accept-Encoding": "identity" });
    const raw = (accept: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const { hostname, port } = new URL(server.url);
        const req = request({ hostname, port, path: "/au/offers", headers: { "Accept-Encoding": accept } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on("error", reject);
        req.end();
      });
    const br = await raw("gzip, deflate, br, zstd");
    expect(br.headers["x-cache"]).toBe("HIT");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers.etag).toBe(plain.res.headers.get("etag"));
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.html);
    const gzip = await raw("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(plain.html);
    // deflate is still the middleware's (compressed per response).
    const deflate = await raw("deflate");
    expect(deflate.headers["content-encoding"]).toBe("deflate");
    expect(inflateSync(deflate.body).toString()).toBe(plain.html);
    const revalidated = await fetch(`${server.url}/au/offers`, { headers: { "If-None-Match": br.headers.etag!, "Accept-Encoding": "br" } });
    expect(revalidated.status).toBe(304);
  });

  it("shares one entry across tracking parameters and parameters no page reads; path spellings redirect", async () => {
    await get("/nz");
    for (let i = 0; i < 5; i++) expect((await get(`/nz?utm_source=tv${i}&gclid=${i}`)).cache).toBe("HIT");
    expect((await get("/nz?x=1")).cache).toBe("HIT");
    expect((await get(`/nz?x=${"y".repeat(5000)}&page=abc`)).cache).toBe("HIT");
    for (const spelling of ["/NZ", "/nz/", "//nz", "/Au/NEWS/?page=2"]) {
      const res = await fetch(server.url + spelling, { redirect: "manual" });
      expect(res.status, spelling).toBe(301);
      expect(res.headers.get("location"), spelling).toBe(spelling.startsWith("/Au") ? "/au/news?page=2" : "/nz");
    }
  });

  it("keeps /au a HIT through 1,000 distinct dealer searches and unknown parameters", async () => {
    await get("/au");
    expect((await get("/au")).cache).toBe("HIT");
    const started = Date.now();
    let hits = 0;
    for (let i = 0; i < 1000; i++) {
      // Every twentieth a dealer search (each a render of its own), the rest unknown parameters.
      const path = i % 20 === 0 ? `/au/dealer-locator?q=${encodeURIComponent(`search ${i} ${"z".repeat(200)}`)}` : `/au?scan${i}=${i}`;
      const res = await fetch(server.url + path);
      await res.arrayBuffer();
      if (i % 20 !== 0 && res.headers.get("x-cache") !== "MISS") hits++;
    }
    const home = await get("/au");
    // STALE only when the run outlasts the page's 60 s (a slow machine): still the stored page.
    expect(["HIT", "STALE"]).toContain(home.cache);
    // Every unknown parameter was the page's own entry: no render of its own.
    expect(hits).toBe(950);
    console.log(`[page-cache] 1,000 scans (50 dealer searches, 950 unknown parameters) in ${Date.now() - started} ms: /au ${home.cache}`);
  }, 300_000);

  it("caches the configurator with its calculator open, unless the submit changes the visitor's buyer type", async () => {
    const open = "/au/config/tarrak?calculator=1&term=60&use=Individual&deposit=5000";
    const cookie = "isABN=false";
    const first = await get(open, cookie);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("cache-control")).toMatch(/public/);
    expect(first.html).toContain('name="deposit"');
    expect((await get(open, cookie)).cache).toBe("HIT");
    // Written differently, the same fields: the same entry.
    expect((await get("/au/config/tarrak?calculator=1&term=60&use=Individual&deposit=5%2C000.00", cookie)).cache).toBe("HIT");
    // A Business submit from a private buyer sets the ABN cookie: private, never stored.
    const business = await get("/au/config/tarrak?calculator=1&term=60&use=Business", cookie);
    expect(business.res.headers.get("cache-control")).toMatch(/private/);
    expect((await get("/au/config/tarrak?calculator=1&term=60&use=Business", cookie)).cache).not.toBe("HIT");
  });

  it("never caches a preview, which always shows the draft", async () => {
    const path = "/au/news/dealer-network-expands";
    await get(path);
    expect((await get(path)).cache).toBe("HIT");
    const ts = Math.floor(Date.now() / 1000);
    const token = createHash("sha1").update(`1:kestrel-local-preview:${ts}`).digest("hex");
    const query = `?_storyblok=667959431&_storyblok_tk[space_id]=1&_storyblok_tk[timestamp]=${ts}&_storyblok_tk[token]=${token}`;
    for (let i = 0; i < 2; i++) {
      const preview = await get(path + query);
      expect(preview.cache).toBe("BYPASS");
      expect(preview.res.headers.get("cache-control")).toContain("no-store");
      expect(preview.html).toContain("local-bridge");
    }
    const published = await get(path);
    expect(published.cache).toBe("HIT");
    expect(published.html).not.toContain("local-bridge");
  });

  it("a publish webhook outdates the pages showing the story: STALE while one render replaces them, the rest stay HIT", async () => {
    const ARTICLE = "/au/news/dealer-network-expands";
    await get(ARTICLE);
    await get(MODEL);
    const before = await get(ARTICLE);
    expect(before.cache).toBe("HIT");
    expect((before.res.headers.get("surrogate-key") ?? "").split(" ")).toContain("story-667959431");
    expect((await get(MODEL)).cache).toBe("HIT");
    const body = JSON.stringify({ text: "The user published Dealer network expands", action: "published", space_id: 1, story_id: 667959431, full_slug: "news/dealer-network-expands" });
    const res = await fetch(`${server.url}/api/storyblok-webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(body, SECRET) },
      body,
    });
    expect(res.status).toBe(200);
    const stale = await get(ARTICLE);
    expect(stale.cache).toBe("STALE");
    expect(stale.html).toContain("</html>");
    expect((await get(MODEL)).cache).toBe("HIT");
    await expect.poll(async () => (await get(ARTICLE)).cache, { timeout: 10_000, interval: 50 }).toBe("HIT");
  }, 30_000);

  it("names the content of each page (Surrogate-Key, Cache-Tag) so a publish purges exactly its pages", async () => {
    const article = "/au/news/dealer-network-expands";
    const miss = await get(article, "auState=VIC");
    const hit = await get(article, "auState=VIC");
    expect(hit.cache).toBe("HIT");
    const keys = (miss.res.headers.get("surrogate-key") ?? "").split(" ");
    expect(hit.res.headers.get("surrogate-key")).toBe(keys.join(" "));
    expect(miss.res.headers.get("cache-tag")).toBe(keys.join(","));
    expect(keys[0]).toBe("site");
    // The article's own story (the id the visual editor uses) and the layout's global stories.
    expect(keys).toContain("story-667959431");
    expect(keys.filter((k) => k.startsWith("story-")).length).toBeGreaterThan(3);
    // Publishing the article purges it, not the model pages; a model publish purges those.
    const model = (await get(MODEL)).res.headers.get("surrogate-key")!.split(" ");
    const articlePurge = purgeKeysForPublish({ storyId: 667959431, fullSlug: "news/dealer-network-expands" });
    expect(articlePurge.some((k) => keys.includes(k))).toBe(true);
    expect(articlePurge.some((k) => model.includes(k))).toBe(false);
    expect(purgeKeysForPublish({ storyId: 1, fullSlug: "car-configurator/models/tarrak/au/x" }).some((k) => model.includes(k))).toBe(true);
    // Not on what a shared cache must not store.
    const ts = Math.floor(Date.now() / 1000);
    const token = createHash("sha1").update(`1:kestrel-local-preview:${ts}`).digest("hex");
    const preview = await get(`${article}?_storyblok=667959431&_storyblok_tk[space_id]=1&_storyblok_tk[timestamp]=${ts}&_storyblok_tk[token]=${token}`);
    expect(preview.res.headers.get("surrogate-key")).toBeNull();
  });

  it("stores the CMS 404 page, public for a minute and varying by cookie", async () => {
    const missing = "/nz/no-such-page-here";
    const first = await get(missing);
    expect(first.res.status).toBe(404);
    expect(first.res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(first.res.headers.get("vary")).toContain("Cookie");
    expect(first.cache).toBe("MISS");
    const again = await get(missing);
    expect(again.res.status).toBe(404);
    expect(again.cache).toBe("HIT");
    expect(again.html).toContain(missing);
  });

  it("logs the cache outcome", async () => {
    await get("/au/finance");
    await get("/au/finance");
    const lines = server.logs.map((l) => JSON.parse(l.line) as { path?: string; cache?: string }).filter((l) => l.path === "/au/finance");
    expect(lines.map((l) => l.cache)).toEqual(["MISS", "HIT"]);
  });

  it("keeps crawlers to the base configurator page: build links are nofollow, robots.txt disallows builds", async () => {
    const { html } = await get("/au/config/tarrak");
    const choices = html.match(/<a[^>]*class="config-(choice|accessories__category)[^"]*"[^>]*>/g) ?? [];
    expect(choices.length).toBeGreaterThan(5);
    for (const link of choices) expect(link).toContain('rel="nofollow"');
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /au/config/*?");
    expect(robots).toContain("Disallow: /nz/config/*?");
  });
});

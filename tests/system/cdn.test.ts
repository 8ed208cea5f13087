import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSignature } from "~/content/webhook.server";
import { purgeKeysForPublish } from "~/features/page-cache/surrogate-keys";

/**
 * The CDN recipe, end to end (issue 26 item 5, ADR 034): Varnish (Debian's varnishd, installed by
 * `npm test` through scripts/lib.mjs ensureVarnish) with the shipped deploy/varnish/default.vcl, in
 * front of the production server (server-build/server.js), both on 127.0.0.1 on free ports; the
 * server's CDN_PURGE_URL is the proxy. Through the proxy: a second request is a HIT; visitors with
 * different states, buyer types and consent each get their own page, on HITs too; analytics
 * cookies and tracking parameters share the entry; previews are never stored; a publish webhook
 * to the server purges exactly the pages that name the published story, with its new content.
 * Everything started here is stopped at the end.
 */

const VARNISHD = [process.env.VARNISHD_PATH, "/usr/sbin/varnishd"].find((p): p is string => Boolean(p && existsSync(p)));
const BUILT = existsSync("server-build/server.js") && existsSync("build/server/index.js");
const SECRET = "cdn-test-webhook-secret";
const VCL = path.resolve("deploy/varnish/default.vcl");
const MODEL = "/au/models/suv/tarrak";
const ARTICLE = "/au/news/dealer-network-expands";
const ARTICLE_ID = 667959431;
const ARTICLE_SLUG = "news/dealer-network-expands";
const ARTICLE_TEXT = "Fourteen new dealerships, including Dubbo";
const PUBLISHED_TEXT = "Fifteen new dealerships, including Dubbo";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, fn: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      if (await fn()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ""}`);
}

function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    // varnishd -F stops its cache process on SIGTERM; the server closes.
    child.kill("SIGTERM");
  });
}

function keep(child: ChildProcess, log: string[]) {
  const push = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 300) log.shift();
  };
  child.stdout?.on("data", push);
  child.stderr?.on("data", push);
}

const suite = VARNISHD && BUILT ? describe : describe.skip;

suite("the CDN recipe: Varnish in front of the production server", () => {
  let dir = "";
  let server: ChildProcess | null = null;
  let varnish: ChildProcess | null = null;
  const serverLog: string[] = [];
  const varnishLog: string[] = [];
  let origin = "";
  let proxy = "";

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "cdn-system-"));
    // Run as root, varnishd's cache process drops to its own user (Debian's vcache), which must
    // reach its working folder (-n) inside this one.
    chmodSync(dir, 0o755);
    // A copy of the fixture content: the publish test changes the article.
    cpSync("content-fixtures/stories", path.join(dir, "content", "stories"), { recursive: true });
    cpSync("content-fixtures/datasources", path.join(dir, "content", "datasources"), { recursive: true });
    symlinkSync(path.resolve("content-fixtures/assets"), path.join(dir, "content", "assets"));
    const [serverPort, proxyPort] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${serverPort}`;
    proxy = `http://127.0.0.1:${proxyPort}`;

    server = spawn(process.execPath, ["server-build/server.js"], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: String(serverPort),
        SITE_URL: origin,
        CONTENT_DIR: path.join(dir, "content"),
        LEADS_DB_PATH: path.join(dir, "leads.db"),
        STORYBLOK_WEBHOOK_SECRET: SECRET,
        CDN_PURGE_URL: `${proxy}/`,
        LOG_FORMAT: "json",
        REVERSE_GEOCODE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    keep(server, serverLog);
    await waitFor(`${origin}/healthz`, async () => (await fetch(`${origin}/healthz`)).ok, 30_000);

    // The shipped VCL unchanged; its backend.vcl (found first on vcl_path) names this server.
    writeFileSync(path.join(dir, "backend.vcl"), `backend default {\n    .host = "127.0.0.1";\n    .port = "${serverPort}";\n}\n`);
    varnish = spawn(
      VARNISHD!,
      ["-F", "-a", `127.0.0.1:${proxyPort}`, "-T", "none", "-n", path.join(dir, "varnish"), "-f", VCL, "-p", `vcl_path=${dir}:${path.dirname(VCL)}`, "-s", "malloc,64m"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    keep(varnish, varnishLog);
    await waitFor(`${proxy}/healthz`, async () => (await fetch(`${proxy}/healthz`)).ok, 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${varnishLog.join("")}`);
    });
  });

  afterAll(async () => {
    await stop(varnish);
    await stop(server);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function get(url: string, cookie = "") {
    const res = await fetch(proxy + url, { headers: cookie ? { Cookie: cookie } : {} });
    const html = await res.text();
    return {
      status: res.status,
      html,
      /** HIT, MISS or PASS (deploy/varnish/default.vcl's X-Proxy-Cache). */
      proxy: res.headers.get("x-proxy-cache"),
      /** Two ids on a HIT (this request's and the stored object's), one otherwise. */
      ids: (res.headers.get("x-varnish") ?? "").split(" ").filter(Boolean).length,
      age: Number(res.headers.get("age") ?? "0"),
      keys: (res.headers.get("surrogate-key") ?? "").split(" ").filter(Boolean),
      cacheControl: res.headers.get("cache-control") ?? "",
    };
  }
  /** The buyer choice the page shows ("New South Wales | Private"), and its first price. */
  const choice = (html: string) => /Configure your pricing<!-- -->: <\/span>([^<]+)<\/a>/.exec(html)?.[1];
  const price = (html: string) => /class="vehicle-price__amount"[^>]*>([^<]+)</.exec(html)?.[1];

  it("serves a second request from the proxy's cache", async () => {
    const first = await get("/au/finance");
    expect(first.status).toBe(200);
    expect(first.proxy).toBe("MISS");
    expect(first.ids).toBe(1);
    const second = await get("/au/finance");
    expect(second.proxy).toBe("HIT");
    expect(second.ids).toBe(2);
    expect(second.html).toBe(first.html);
    await new Promise((r) => setTimeout(r, 1_100));
    const later = await get("/au/finance");
    expect(later.proxy).toBe("HIT");
    expect(later.age).toBeGreaterThan(0);
  });

  it("gives visitors with different states and buyer types their own prices, and the banner by consent, on HITs too", async () => {
    const nsw = await get(MODEL, "auState=NSW; isABN=false; _ga=GA1.1.1");
    const wa = await get(MODEL, "_ga=GA1.1.2; auState=WA; isABN=true");
    expect([nsw.proxy, wa.proxy]).toEqual(["MISS", "MISS"]);
    // Other analytics cookies, another order: the same variants, from the cache.
    const nswAgain = await get(MODEL, "_fbp=fb.1.2; isABN=false; _ga=GA1.1.3; auState=NSW");
    const waAgain = await get(MODEL, "isABN=true; auState=WA; _gid=GA1.2.4");
    expect([nswAgain.proxy, waAgain.proxy]).toEqual(["HIT", "HIT"]);
    expect(choice(nsw.html)).toBe("New South Wales | Private");
    expect(choice(nswAgain.html)).toBe("New South Wales | Private");
    expect(choice(wa.html)).toBe("Western Australia | ABN");
    expect(choice(waAgain.html)).toBe("Western Australia | ABN");
    expect(price(nsw.html)).toMatch(/^\$\d/);
    expect(price(wa.html)).not.toBe(price(nsw.html));
    expect(price(nswAgain.html)).toBe(price(nsw.html));
    expect(price(waAgain.html)).toBe(price(wa.html));
    // A third visitor of another state (and the default buyer type, ABN) is served neither.
    const vic = await get(MODEL, "auState=VIC; _ga=GA1.1.5");
    expect(vic.proxy).toBe("MISS");
    expect(choice(vic.html)).toBe("Victoria | ABN");

    const noConsent = await get("/au/offers", "_ga=GA1.1.6");
    const consented = await get("/au/offers", "consent=1; _ga=GA1.1.7");
    const noConsentHit = await get("/au/offers", "_ga=GA1.1.8; _fbp=x");
    const consentedHit = await get("/au/offers", "_gid=1; consent=1");
    expect([noConsent.proxy, consented.proxy, noConsentHit.proxy, consentedHit.proxy]).toEqual(["MISS", "MISS", "HIT", "HIT"]);
    expect(noConsent.html).toContain('class="cookie-banner"');
    expect(noConsentHit.html).toContain('class="cookie-banner"');
    expect(consented.html).not.toContain('class="cookie-banner"');
    expect(consentedHit.html).not.toContain('class="cookie-banner"');
  });

  it("shares one entry across analytics cookies and tracking parameters; NZ pages ignore AU choices", async () => {
    expect((await get("/nz", "_ga=GA1.1.100")).proxy).toBe("MISS");
    for (let i = 0; i < 5; i++) {
      const page = await get(`/nz?utm_source=tv${i}&gclid=${i}`, `_ga=GA1.1.${i}; _gid=GA1.2.${i}; auState=QLD; isABN=${i % 2 === 0}`);
      expect(page.proxy, `visitor ${i}`).toBe("HIT");
    }
  });

  it("stores build assets and media whatever cookies the visitor has", async () => {
    const asset = /<script[^>]*type="module"[^>]*src="(\/assets\/[^"]+\.js)"|<link[^>]*href="(\/assets\/[^"]+\.js)"/.exec((await get("/au")).html)?.slice(1).find(Boolean);
    expect(asset).toBeTruthy();
    for (const url of [asset!, "/media/brand-logo.svg"]) {
      expect((await get(url, "_ga=GA1.1.20")).proxy, url).toBe("MISS");
      expect((await get(url, "_ga=GA1.1.21; consent=1")).proxy, url).toBe("HIT");
    }
  });

  it("never stores a preview, which always shows the draft", async () => {
    await get(ARTICLE);
    expect((await get(ARTICLE)).proxy).toBe("HIT");
    const ts = Math.floor(Date.now() / 1000);
    const token = createHash("sha1").update(`1:kestrel-local-preview:${ts}`).digest("hex");
    const query = `?_storyblok=${ARTICLE_ID}&_storyblok_tk[space_id]=1&_storyblok_tk[timestamp]=${ts}&_storyblok_tk[token]=${token}`;
    for (let i = 0; i < 2; i++) {
      const preview = await get(ARTICLE + query);
      expect(preview.status).toBe(200);
      expect(preview.proxy).not.toBe("HIT");
      expect(preview.ids).toBe(1);
      expect(preview.cacheControl).toContain("no-store");
      expect(preview.html).toContain("local-bridge");
    }
    const published = await get(ARTICLE);
    expect(published.proxy).toBe("HIT");
    expect(published.html).not.toContain("local-bridge");
  });

  it("purges exactly the pages a publish changes, when the server gets the webhook", async () => {
    const pages: [string, string][] = [
      [ARTICLE, ""],
      ["/au/news", ""],
      ["/au", "consent=1"],
      ["/au/offers", ""],
      [MODEL, "auState=NSW; isABN=false"],
      ["/nz", ""],
    ];
    const keys = new Map<string, string[]>();
    for (const [url, cookie] of pages) {
      await get(url, cookie);
      const hit = await get(url, cookie);
      expect(hit.proxy, url).toBe("HIT");
      keys.set(url, hit.keys);
    }
    const purged = purgeKeysForPublish({ storyId: ARTICLE_ID, fullSlug: ARTICLE_SLUG });
    const affected = pages.filter(([url]) => keys.get(url)!.some((k) => purged.includes(k))).map(([url]) => url);
    expect(affected).toContain(ARTICLE);
    expect(affected.length).toBeLessThan(pages.length);

    // The editor publishes a change of the article (the local content API's version is its
    // newest file's time; it rescans its folder at most once a second).
    const file = path.join(dir, "content", "stories", "news", "dealer-network-expands.json");
    writeFileSync(file, readFileSync(file, "utf8").replace(ARTICLE_TEXT, PUBLISHED_TEXT));
    await new Promise((r) => setTimeout(r, 1_100));
    const body = JSON.stringify({ text: "published", action: "published", space_id: 1, story_id: ARTICLE_ID, full_slug: ARTICLE_SLUG });
    const hook = await fetch(`${origin}/api/storyblok-webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(body, SECRET) },
      body,
    });
    expect(hook.status).toBe(200);
    expect(await hook.json()).toMatchObject({ ok: true, cleared: true, cdnPurged: true });
    expect(serverLog.join("")).toContain(`[cdn-purge] purged ${purged.join(" ")}`);

    console.log(`[cdn] publish of story ${ARTICLE_ID} purges ${purged.join(" ")}: ${affected.join(", ")} purged; ${pages.filter(([u]) => !affected.includes(u)).map(([u]) => u).join(", ")} kept`);
    for (const [url, cookie] of pages) {
      const after = await get(url, cookie);
      expect(after.proxy, url).toBe(affected.includes(url) ? "MISS" : "HIT");
    }
    const article = await get(ARTICLE);
    expect(article.proxy).toBe("HIT");
    expect(article.html).toContain(PUBLISHED_TEXT);
    expect(article.html).not.toContain(ARTICLE_TEXT);
  });

  it("refuses a purge without well-formed keys", async () => {
    const none = await fetch(`${proxy}/`, { method: "PURGE" });
    expect(none.status).toBe(400);
    const regex = await fetch(`${proxy}/`, { method: "PURGE", headers: { "Surrogate-Key": "story-.*" } });
    expect(regex.status).toBe(400);
    // Nothing was purged by them.
    expect((await get("/au/finance")).proxy).toBe("HIT");
  });
});

if (!VARNISHD || !BUILT) {
  describe("the CDN recipe: not run", () => {
    it.skip(`needs ${!BUILT ? "the production build (npm run build)" : ""}${!BUILT && !VARNISHD ? " and " : ""}${!VARNISHD ? "varnishd (Debian's varnish package, or VARNISHD_PATH)" : ""}`, () => {});
  });
}

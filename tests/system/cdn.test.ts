import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSignature } from "~/content/webhook.server";
import { purgeKeysForPublish } from "~/server/page-cache/surrogate-keys";

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
const PURGE_SECRET = "cdn-test-purge-secret-0123456789";
/** Writes allowed per client and minute at the origin (the PROXY test counts them). */
const POST_LIMIT = 3;
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
  let admin = "";
  let tlsPort = 0;
  let proxyHost = "";

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "cdn-system-"));
    // Run as root, varnishd's cache process drops to its own user (Debian's vcache), which must
    // reach its working folder (-n) inside this one.
    chmodSync(dir, 0o755);
    // A copy of the fixture content: the publish test changes the article.
    cpSync("content-fixtures/stories", path.join(dir, "content", "stories"), { recursive: true });
    cpSync("content-fixtures/datasources", path.join(dir, "content", "datasources"), { recursive: true });
    symlinkSync(path.resolve("content-fixtures/assets"), path.join(dir, "content", "assets"));
    const [serverPort, proxyPort, adminPort] = [await freePort(), await freePort(), await freePort()];
    tlsPort = await freePort();
    origin = `http://127.0.0.1:${serverPort}`;
    proxyHost = `127.0.0.1:${proxyPort}`;
    proxy = `http://${proxyHost}`;
    admin = `http://127.0.0.1:${adminPort}`;

    server = spawn(process.execPath, ["server-build/server.js"], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: String(serverPort),
        HOST: "127.0.0.1",
        SITE_URL: origin,
        CONTENT_DIR: path.join(dir, "content"),
        LEADS_DB_PATH: path.join(dir, "leads.db"),
        STORYBLOK_WEBHOOK_SECRET: SECRET,
        CDN_PURGE_URL: `${admin}/`,
        CDN_PURGE_SECRET: PURGE_SECRET,
        // TRUST_PROXY is left at its default (loopback): the proxy on this machine names the client.
        POST_RATE_LIMIT: String(POST_LIMIT),
        LOG_FORMAT: "json",
        REVERSE_GEOCODE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    keep(server, serverLog);
    await waitFor(`${origin}/healthz`, async () => (await fetch(`${origin}/healthz`)).ok, 30_000);

    // The shipped VCL unchanged; its backend.vcl and site.vcl (found first on vcl_path) name this
    // server, the site's host and the purge secret.
    writeFileSync(path.join(dir, "backend.vcl"), `backend default {\n    .host = "127.0.0.1";\n    .port = "${serverPort}";\n}\n`);
    writeFileSync(
      path.join(dir, "site.vcl"),
      `sub site_host {\n    set req.http.X-Site-Host = "${proxyHost}";\n}\nsub site_purge_secret {\n    set req.http.X-Purge-Expected = "${PURGE_SECRET}";\n}\n`,
    );
    varnish = spawn(
      VARNISHD!,
      ["-F", "-a", `http=127.0.0.1:${proxyPort}`, "-a", `tls=127.0.0.1:${tlsPort},PROXY`, "-a", `admin=127.0.0.1:${adminPort}`, "-T", "none", "-n", path.join(dir, "varnish"), "-f", VCL, "-p", `vcl_path=${dir}:${path.dirname(VCL)}`, "-s", "malloc,64m"],
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
    // A published page's scripts are the islands' build (/islands/assets/); the configurator's are Remix's (/assets/).
    const asset = /<script[^>]*type="module"[^>]*src="(\/(?:islands\/)?assets\/[^"]+\.js)"|<link[^>]*href="(\/(?:islands\/)?assets\/[^"]+\.js)"/.exec((await get("/au")).html)?.slice(1).find(Boolean);
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
      // Affected: fetched from the server again (PASS when the server's answer was its stale page).
      if (affected.includes(url)) expect(after.proxy, url).toMatch(/^(MISS|PASS)$/);
      else expect(after.proxy, url).toBe("HIT");
    }
    // The server answered the first visitor with its stored page (stale, not for the proxy to
    // keep) while one render replaced it; the proxy then stores the new page, never the old one.
    let article = await get(ARTICLE);
    for (let i = 0; i < 50 && !(article.proxy === "HIT" && article.html.includes(PUBLISHED_TEXT)); i++) {
      expect(article.proxy === "HIT" && article.html.includes(ARTICLE_TEXT), "the proxy kept the old article").toBe(false);
      await new Promise((r) => setTimeout(r, 100));
      article = await get(ARTICLE);
    }
    expect(article.proxy).toBe("HIT");
    expect(article.html).toContain(PUBLISHED_TEXT);
    expect(article.html).not.toContain(ARTICLE_TEXT);
  });

  it("refuses a purge without well-formed keys", async () => {
    const purge = (headers: Record<string, string>) => fetch(`${admin}/`, { method: "PURGE", headers: { "X-Purge-Token": PURGE_SECRET, ...headers } });
    expect((await purge({})).status).toBe(400);
    expect((await purge({ "Surrogate-Key": "story-.*" })).status).toBe(400);
    // Nothing was purged by them.
    expect((await get("/au/finance")).proxy).toBe("HIT");
  });

  it("takes a purge only on the admin listener, with the shared secret", async () => {
    await get("/au/finance");
    expect((await get("/au/finance")).proxy).toBe("HIT");
    // The public listener (what a TLS terminator or a balancer forwards) never purges.
    const publicPurge = await fetch(`${proxy}/`, { method: "PURGE", headers: { "Surrogate-Key": "site", "X-Purge-Token": PURGE_SECRET } });
    expect(publicPurge.status).toBe(405);
    for (const token of [undefined, "", "wrong-secret-0123456789", `${PURGE_SECRET}x`]) {
      const refused = await fetch(`${admin}/`, { method: "PURGE", headers: { "Surrogate-Key": "site", ...(token === undefined ? {} : { "X-Purge-Token": token }) } });
      expect(refused.status, `token ${String(token)}`).toBe(403);
    }
    // The admin listener serves nothing else.
    expect((await fetch(`${admin}/au/finance`)).status).toBe(405);
    expect((await get("/au/finance")).proxy).toBe("HIT");
    const purged = await fetch(`${admin}/`, { method: "PURGE", headers: { "Surrogate-Key": "site", "X-Purge-Token": PURGE_SECRET } });
    expect(purged.status).toBe(200);
    expect((await get("/au/finance")).proxy).toBe("MISS");
  });

  it("keys only on cookie values the site writes, the site's host and the parameters pages read", async () => {
    // Cookie values the site never writes are the page without that cookie.
    expect((await get("/au/offers", "_ga=1")).proxy).toMatch(/HIT|MISS/);
    for (const cookie of ["consent=abc", "consent=0; auState=XX", "isABN=maybe; auState=nsw", `auState=${"A".repeat(500)}`]) {
      const page = await get("/au/offers", cookie);
      expect(page.proxy, cookie).toBe("HIT");
      expect(page.html).toContain('class="cookie-banner"');
    }
    // Parameters no page reads share the page's entry, whatever their number.
    await get("/au/finance");
    for (let i = 0; i < 20; i++) expect((await get(`/au/finance?x${i}=${i}&fbclid=${i}`)).proxy, `x${i}`).toBe("HIT");
    // A parameter name in another spelling may read as a declared one at the origin: not stored.
    expect((await get("/au/finance?%70age=2")).proxy).toBe("PASS");
    expect((await get("/au/finance?%70age=2")).proxy).toBe("PASS");
    // Another Host: passed to the origin, never stored (nor served from the site's entries).
    const withHost = (host: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        // node:http, as fetch does not send a Host of its own.
        const request = httpRequest(`${proxy}/au/finance`, { headers: { Host: host } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.headers["x-proxy-cache"] as string | undefined));
        });
        request.on("error", reject);
        request.end();
      });
    expect([await withHost("attacker.example"), await withHost("attacker.example")]).toEqual(["PASS", "PASS"]);
    // The site's host with a trailing dot is the site's host.
    const port = proxyHost.split(":")[1];
    expect(await withHost(`127.0.0.1.:${port}`)).toBe("HIT");
  });

  /** One request through the PROXY listener, as a TLS terminator would send it for `source`. */
  function viaProxyProtocol(source: string, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(tlsPort, "127.0.0.1", () => {
        socket.write(`PROXY TCP4 ${source} 127.0.0.1 40000 ${tlsPort}\r\n${request}`);
      });
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.setTimeout(10_000, () => socket.destroy(new Error("no answer")));
    });
  }
  const post = (host: string, forwardedFor: string) =>
    `POST /api/consent HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-For: ${forwardedFor}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
  const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

  it("takes the client's address from the PROXY protocol and never from X-Forwarded-For", async () => {
    // A visitor behind the TLS terminator names a new address in X-Forwarded-For each time: the
    // origin still counts every post as the visitor's own (the write limit, POST_LIMIT a minute).
    const statuses: number[] = [];
    for (let i = 0; i <= POST_LIMIT; i++) statuses.push(statusOf(await viaProxyProtocol("198.51.100.7", post(proxyHost, `203.0.113.${i + 1}`))));
    expect(statuses.slice(0, POST_LIMIT).every((s) => s !== 429 && s > 0), statuses.join(",")).toBe(true);
    expect(statuses[POST_LIMIT]).toBe(429);
    // Another visitor (its own PROXY address) is not held to the first one's count, even when it
    // claims the first one's address.
    expect(statusOf(await viaProxyProtocol("198.51.100.8", post(proxyHost, "198.51.100.7")))).not.toBe(429);

    // A TLS terminator on this machine without the PROXY protocol: every visitor is the
    // terminator's address (one client, visibly), never whoever the X-Forwarded-For names.
    const plain: number[] = [];
    for (let i = 0; i <= POST_LIMIT; i++) {
      const res = await fetch(`${proxy}/api/consent`, { method: "POST", headers: { "X-Forwarded-For": `192.0.2.${i + 1}`, "Content-Type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" });
      await res.arrayBuffer();
      plain.push(res.status);
    }
    expect(plain, plain.join(",")).toContain(429);
  });

  it("serves pages whose scripts run with a CSP that is the same on every HIT, without a nonce", async () => {
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
    try {
      const context = await browser.newContext({ baseURL: proxy });
      // Every CSP violation the page reports, and the console's.
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const list = ((window as unknown as { __violations?: string[] }).__violations ??= []);
          list.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      // From an empty cache: the first view is the proxy's MISS.
      expect((await fetch(`${admin}/`, { method: "PURGE", headers: { "Surrogate-Key": "site", "X-Purge-Token": PURGE_SECRET } })).status).toBe(200);
      const seen: { cache: string | null; csp: string | null }[] = [];
      const consoleErrors: string[] = [];
      for (let i = 0; i < 3; i++) {
        const page = await context.newPage();
        page.on("console", (msg) => {
          if (/Content Security Policy|Refused to/i.test(msg.text())) consoleErrors.push(msg.text());
        });
        const response = await page.goto("/au/offers");
        seen.push({ cache: response!.headers()["x-proxy-cache"] ?? null, csp: response!.headers()["content-security-policy"] ?? null });
        await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
        // The header's island hydrates when the visitor heads for it (the pointer over Menu): its
        // scripts ran under the CSP once the menu is enhanced (a summary opens without any script).
        await page.locator("header.site-header .menu-button").hover();
        await page.locator(".mega-menu[data-enhanced]").waitFor({ state: "attached" });
        await page.getByRole("button", { name: "Menu" }).click();
        await page.locator("#mega-menu-panel").waitFor({ state: "visible" });
        expect(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])).toEqual([]);
        expect(await page.locator("script[nonce]:not([nonce=''])").count()).toBe(0);
        await page.close();
      }
      expect(seen.map((s) => s.cache)).toEqual(["MISS", "HIT", "HIT"]);
      const csp = seen[0]!.csp!;
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+ /);
      expect(csp).not.toContain("nonce-");
      expect(seen.every((s) => s.csp === csp)).toBe(true);
      expect(consoleErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90_000);
});

if (!VARNISHD || !BUILT) {
  describe("the CDN recipe: not run", () => {
    it.skip(`needs ${!BUILT ? "the production build (npm run build)" : ""}${!BUILT && !VARNISHD ? " and " : ""}${!VARNISHD ? "varnishd (Debian's varnish package, or VARNISHD_PATH)" : ""}`, () => {});
  });
}

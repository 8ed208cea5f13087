import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, cspDirectives, PERMISSIONS_POLICY, STORYBLOK_EDITOR_ORIGIN } from "~/server/security/csp";
import { applyPreviewPolicy, securityHeaders, staticSecurityHeaders } from "~/server/security/headers.server";
import { hardenSetCookie } from "~/server/security/remix-handler.server";
import { closeBuild, startTestServer, type TestServer } from "./harness";

/**
 * The security headers on pages and APIs of the whole app (production settings, https SITE_URL),
 * the CSP (script hashes on shareable pages, a nonce on private answers), cookies, request ids and what the logs may hold.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FORM_RATE_LIMIT: "1000" });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await closeBuild();
});

function directive(csp: string, name: string): string[] {
  const found = csp.split(";").map((d) => d.trim().split(/\s+/)).find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

function expectBaseline(headers: Headers) {
  expect(headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
  expect(headers.get("permissions-policy")).toContain("geolocation=(self)");
  expect(headers.get("x-powered-by")).toBeNull();
  expect(headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
  const csp = headers.get("content-security-policy") ?? "";
  expect(directive(csp, "frame-ancestors")).toEqual(["'self'", STORYBLOK_EDITOR_ORIGIN]);
  expect(directive(csp, "script-src")).not.toContain("'unsafe-inline'");
  expect(directive(csp, "object-src")).toEqual(["'none'"]);
  return csp;
}

describe("security headers", () => {
  it("a shareable page names its inline scripts' hashes and no nonce; a private answer keeps its own nonce", async () => {
    const first = await fetch(`${server.url}/au`);
    expect(first.status).toBe(200);
    const csp = expectBaseline(first.headers);
    expect(csp).not.toContain("'nonce-");
    const html = await first.text();
    // Data blocks (JSON-LD, islands' props) are not run: no hash needed.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(1);
    for (const script of inline) expect(directive(csp, "script-src")).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    expect(html).toContain("window.ENV=");
    expect(html).not.toMatch(/\son[a-z]+="/i); // no inline event handlers (script-src-attr 'none')
    // Every visitor of the stored page gets the same policy: nothing a shared cache must not replay.
    const second = await fetch(`${server.url}/au`);
    expect(second.headers.get("content-security-policy")).toBe(csp);
    await second.body?.cancel();

    // A calculator submit that sets the visitor's buyer type is private: every inline script carries this response's nonce.
    const own = await fetch(`${server.url}/au/config/tarrak?calculator=1&use=Individual`);
    expect(own.headers.get("cache-control")).toMatch(/no-store|private/);
    const ownCsp = expectBaseline(own.headers);
    const nonce = /'nonce-([^']+)'/.exec(directive(ownCsp, "script-src").join(" "))?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const ownHtml = await own.text();
    // Every script the browser runs; data blocks (JSON-LD, the app's block list) run nothing.
    const scripts = [...ownHtml.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((attrs) => !/type="application\/(?:ld\+)?json"/.test(attrs));
    expect(scripts.length).toBeGreaterThan(2);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${server.url}/au/config/tarrak?calculator=1&use=Individual`);
    expect(/'nonce-([^']+)'/.exec(again.headers.get("content-security-policy") ?? "")?.[1]).not.toBe(nonce);
    await again.body?.cancel();
    // The app's first requests transform its modules: slow on a busy machine.
  }, 30_000);

  it("pages and their data answers say which content version they were built from (X-Content-Version)", async () => {
    const page = await fetch(`${server.url}/au`);
    await page.body?.cancel();
    const version = Number(page.headers.get("x-content-version"));
    expect(version).toBeGreaterThan(0);
    const data = await fetch(`${server.url}/au.data`);
    await data.body?.cancel();
    expect(Number(data.headers.get("x-content-version"))).toBe(version);
  });

  it("APIs, health checks, the content API, the image service and errors carry the same headers", async () => {
    const urls = [
      ["/api/location", 200],
      ["/api/places?country=au&q=ric", 200],
      ["/api/places?country=xx", 400],
      ["/healthz", 200],
      ["/readyz", 200],
      ["/_content/v2/cdn/stories/home?version=published", 200],
      ["/media/missing.jpg/m/10x10", 404],
      ["/sitemap.xml", 200],
    ] as const;
    for (const [url, status] of urls) {
      const res = await fetch(server.url + url);
      expect(res.status, url).toBe(status);
      expectBaseline(res.headers);
      await res.body?.cancel();
    }
  });

  it("cookies are SameSite=Lax and, in production, Secure", async () => {
    const res = await fetch(`${server.url}/api/set-location/nz`);
    expect(res.headers.getSetCookie()).toEqual([expect.stringMatching(/^country=nz;.*SameSite=Lax.*; Secure; HttpOnly$/)]);
    const consent = await fetch(`${server.url}/api/consent`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "returnTo=%2Fau",
    });
    expect(consent.status).toBe(200);
    for (const cookie of consent.headers.getSetCookie()) expect(cookie).toMatch(/SameSite=Lax.*Secure/);
    expect(hardenSetCookie("a=1; Path=/", true)).toBe("a=1; Path=/; SameSite=Lax; Secure");
    expect(hardenSetCookie("a=1; SameSite=Strict; Secure", true)).toBe("a=1; SameSite=Strict; Secure");
    expect(hardenSetCookie("a=1", false)).toBe("a=1; SameSite=Lax");
  });
});

describe("request ids and logs", () => {
  it("echoes a sane X-Request-Id, replaces a hostile one, and logs one JSON line per request with it", async () => {
    const kept = await fetch(`${server.url}/healthz`, { headers: { "X-Request-Id": "trace-1234abcd" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-1234abcd");
    const hostile = await fetch(`${server.url}/api/location`, { headers: { "X-Request-Id": "x\"}<script>alert(1)</script>" } });
    const id = hostile.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await hostile.text();
    const find = () => server.logs.map((l) => JSON.parse(l.line) as Record<string, unknown>).find((l) => l.requestId === id);
    await vi.waitFor(() => expect(find()).toBeDefined());
    const line = find();
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/api/location", status: 200 });
    expect(typeof line?.time).toBe("string");
  });

  it("no personal data in the logs: a stored lead leaves no name, e-mail, phone or postcode query behind", async () => {
    const body = {
      form_id: "contact-us",
      country: "au",
      token: "",
      enquiry_type: "vehicle",
      vehicle_interested_in: "tarrak",
      first_name: "Zelda",
      last_name: "Quokkason",
      mobile_phone: "0412345678",
      Email: "zelda.quokkason@example.com",
      post_code: "3121",
      dealer_code: "AU-VIC-001",
      comments: "Please call me",
    };
    // The app's own console lines (lead stored, outbox) count too.
    const consoleLines: string[] = [];
    const capture = (...args: unknown[]) => void consoleLines.push(args.map(String).join(" "));
    const spies = [vi.spyOn(console, "log").mockImplementation(capture), vi.spyOn(console, "error").mockImplementation(capture)];
    const res = await fetch(`${server.url}/api/form/`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    for (const spy of spies) spy.mockRestore();
    expect(consoleLines.join("\n")).toMatch(/\[leads\] stored [0-9a-f-]{36} \(form contact-us, au\)/);
    const lookup = await fetch(`${server.url}/api/dealers-for-postcode?country=au&postcode=3121`);
    expect(lookup.status).toBe(200);
    await lookup.text();
    await vi.waitFor(() => expect(server.logs.some((l) => l.line.includes("/api/dealers-for-postcode"))).toBe(true));
    const all = [...server.logs.map((l) => l.line), ...consoleLines].join("\n");
    expect(all).toContain('"path":"/api/form/"');
    expect(all).toContain('"path":"/api/dealers-for-postcode"');
    // The phone by its own digits, not "0412" alone, which a lead's random id may contain.
    for (const secret of ["Zelda", "Quokkason", "zelda.quokkason", "0412345", "412345678", "postcode=3121"]) expect(all).not.toContain(secret);
  });
});

describe("the Storyblok preview widens the CSP for that response only", () => {
  it("adds the bridge's script, API and frame origins when res.locals.preview is true", async () => {
    const options = { production: true, https: true };
    const app = express();
    app.use(securityHeaders(options));
    app.use((req, res, next) => {
      res.locals.preview = req.query.preview === "1";
      next();
    });
    app.get("/", (_req, res) => {
      applyPreviewPolicy(res, options);
      res.send("ok");
    });
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((r) => listener.once("listening", r));
    const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    try {
      const normal = (await fetch(`${base}/`)).headers.get("content-security-policy") ?? "";
      const preview = (await fetch(`${base}/?preview=1`)).headers.get("content-security-policy") ?? "";
      expect(directive(normal, "script-src")).not.toContain(STORYBLOK_EDITOR_ORIGIN);
      expect(directive(preview, "script-src")).toContain(STORYBLOK_EDITOR_ORIGIN);
      expect(directive(preview, "connect-src")).toContain("https://api.storyblok.com");
      expect(directive(preview, "frame-src")).toContain(STORYBLOK_EDITOR_ORIGIN);
      expect(directive(preview, "script-src").some((v) => v.startsWith("'nonce-"))).toBe(true);
      expect(directive(preview, "script-src")).not.toContain("'unsafe-inline'");
    } finally {
      listener.close();
    }
  });

  it("answers written before Express (a client's fast 503) carry the same headers, with a policy that names no nonce", async () => {
    const options = { production: true, https: true };
    const app = express();
    app.use(securityHeaders(options));
    app.get("/", (_req, res) => res.end("ok"));
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listener.once("listening", resolve));
    try {
      const live = await fetch(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/`);
      const fixed = new Headers(staticSecurityHeaders(options));
      const names = (headers: Headers) => [...headers.keys()].filter((name) => !["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(name)).sort();
      expect(names(fixed)).toEqual(names(live.headers));
      for (const name of names(fixed)) if (name !== "content-security-policy") expect(fixed.get(name), name).toBe(live.headers.get(name));
      const csp = fixed.get("content-security-policy")!;
      expect(csp).toBe(contentSecurityPolicy({ scriptHashes: [], https: true }));
      expect(csp).not.toContain("'nonce-");
      expect(directive(csp, "script-src")).not.toContain("'unsafe-inline'");
    } finally {
      listener.close();
    }
  });

  it("development adds only Vite's websocket; https adds upgrade-insecure-requests", () => {
    const dev = cspDirectives({ nonce: "n", dev: true });
    expect(dev["connect-src"]).toEqual(expect.arrayContaining(["ws:", "wss:"]));
    expect(dev["script-src"]).not.toContain("'unsafe-inline'");
    expect(contentSecurityPolicy({ nonce: "n" })).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ nonce: "n", https: true })).toContain("upgrade-insecure-requests");
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, clientOfConnection, earlyRefusal, type EarlyRefusalOptions, type TrustProxyFn } from "~/server/http/early-refusal.server";
import { RenderLimiter } from "~/server/http/render-limit.server";

/**
 * A client past its render share is answered before Express (a crawl's thousands of fast 503s a
 * second cost the rest of the app's CPU otherwise): the same 503 with Retry-After, for exactly the
 * requests the Remix handler would refuse; everything else goes on to the app.
 */

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("clientAddress", () => {
  it("names the client as Express's req.ip does, whatever the trusted proxies and X-Forwarded-For", async () => {
    const headers = [undefined, "", "203.0.113.9", "198.51.100.1, 203.0.113.9", " 198.51.100.1 ,, 203.0.113.9 ", "10.0.0.1, 127.0.0.1", "2001:db8::1, ::1", "garbage, 203.0.113.9", ","];
    for (const setting of [["loopback"], 1, 2, 0, ["loopback", "10.0.0.0/8"], ["203.0.113.0/24", "loopback"]] as const) {
      const app = express();
      app.set("trust proxy", setting);
      const trust = app.get("trust proxy fn") as TrustProxyFn;
      app.get("/", (req, res) => {
        res.json({ express: req.ip ?? null, ours: clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trust) ?? null });
      });
      const base = await listen(app);
      for (const header of headers) {
        const body = (await (await fetch(base, { headers: header === undefined ? {} : { "x-forwarded-for": header } })).json()) as { express: string; ours: string };
        expect(body.ours, `${JSON.stringify(setting)} ${JSON.stringify(header)}`).toBe(body.express);
      }
      server!.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
      server = null;
    }
  });
});

describe("clientOfConnection", () => {
  it("names a connection's client once while its X-Forwarded-For stays the same, afresh when it changes", () => {
    const trusted: string[] = [];
    const trust: TrustProxyFn = (address) => (trusted.push(address), address === "127.0.0.1");
    const clientOf = clientOfConnection(trust, (address) => `key:${address}`);
    const socket = { remoteAddress: "127.0.0.1" } as Socket;
    const other = { remoteAddress: "203.0.113.7" } as Socket;
    const req = (on: Socket, forwarded?: string) => ({ socket: on, headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded } }) as IncomingMessage;
    expect(clientOf(req(socket, "198.51.100.1"))).toBe("key:198.51.100.1");
    const asked = trusted.length;
    expect(clientOf(req(socket, "198.51.100.1"))).toBe("key:198.51.100.1");
    expect(trusted.length).toBe(asked);
    // A proxy's connection carrying another client: named afresh.
    expect(clientOf(req(socket, "198.51.100.2"))).toBe("key:198.51.100.2");
    expect(clientOf(req(socket))).toBe("key:127.0.0.1");
    expect(clientOf(req(other, "198.51.100.1"))).toBe("key:203.0.113.7");
  });
});

describe("earlyRefusal", () => {
  async function setUp(overrides: Partial<EarlyRefusalOptions> = {}) {
    const limiter = new RenderLimiter({ concurrency: 8, queue: 32, queueTimeoutMs: 60_000, perClientConcurrency: 1, perClientQueue: 1 });
    // The crawler holds its slot and its queue place: its next request would be refused.
    const held = (await limiter.acquire(undefined, "203.0.113.50"))!;
    const waiting = limiter.acquire(undefined, "203.0.113.50");
    const refused: { pathname: string; seconds: number }[] = [];
    const passed: string[] = [];
    const refuse = earlyRefusal({
      limiter,
      clientOf: (req) => String(req.headers["x-client"] ?? "unknown"),
      answeredWithoutRender: (req) => req.headers["x-cached"] === "1",
      headers: { "Content-Security-Policy": "default-src 'self'", "X-Content-Type-Options": "nosniff" },
      requestId: () => "request-id-0001",
      onRefused: (pathname, seconds) => refused.push({ pathname, seconds }),
      ...overrides,
    });
    const base = await listen((req, res) => {
      if (refuse(req, res)) return;
      passed.push(`${req.method} ${req.url}`);
      res.end("app");
    });
    const release = async () => {
      held();
      (await waiting)?.();
    };
    return { limiter, base, refused, passed, release };
  }

  it("answers the over-share client's page with the fast 503 before the app, counted", async () => {
    const { limiter, base, refused, passed, release } = await setUp();
    const res = await fetch(`${base}/au/dealer-locator?q=1`, { headers: { "x-client": "203.0.113.50" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toBe("request-id-0001");
    expect(await res.text()).toContain("This page is temporarily unavailable");
    const head = await fetch(`${base}/nz/offers.data`, { method: "HEAD", headers: { "x-client": "203.0.113.50" } });
    expect(head.status).toBe(503);
    expect(passed).toEqual([]);
    expect(refused.map((r) => r.pathname)).toEqual(["/au/dealer-locator", "/nz/offers.data"]);
    expect(limiter.refusals.client_share).toBe(2);
    await release();
  });

  it("leaves to the app everything the Remix handler would not refuse", async () => {
    const { base, refused, passed, release } = await setUp();
    const crawler = { "x-client": "203.0.113.50" };
    const asks: [string, RequestInit][] = [
      // Another client, within its share.
      ["/au/dealer-locator?q=2", { headers: { "x-client": "198.51.100.20" } }],
      // Not a page of a country: health checks, static files, images, the content API.
      ["/healthz", { headers: crawler }],
      ["/favicon.ico", { headers: crawler }],
      ["/media/a.jpg/m/100x100", { headers: crawler }],
      ["/auction", { headers: crawler }],
      // A write (its own limits apply in the app).
      ["/au/contact", { method: "POST", body: "x", headers: crawler }],
      // One the app answers without a render (the page cache, a redirect).
      ["/au/news", { headers: { ...crawler, "x-cached": "1" } }],
    ];
    for (const [path, init] of asks) expect((await fetch(base + path, init)).status, path).toBe(200);
    expect(passed).toHaveLength(asks.length);
    expect(refused).toEqual([]);
    await release();
  });

  it("costs nothing while nobody waits for a slot: the client is not even named", async () => {
    const limiter = new RenderLimiter({ concurrency: 8, queue: 32 });
    let named = 0;
    const refuse = earlyRefusal({
      limiter,
      clientOf: () => (named++, "a"),
      answeredWithoutRender: () => false,
      headers: {},
      requestId: () => "id",
    });
    const base = await listen((req, res) => {
      if (!refuse(req, res)) res.end("app");
    });
    expect((await fetch(`${base}/au`)).status).toBe(200);
    expect(named).toBe(0);
  });
});

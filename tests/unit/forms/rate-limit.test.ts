import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { rateLimitMessage } from "~/features/forms/messages";
import {
  FORM_POST_PATH,
  FORM_RATE_LIMITED,
  clientKey,
  createLimiter,
  createRateLimitPool,
  formPostRateLimit,
  rateLimitHeaders,
} from "~/features/forms/rate-limit.server";
import { parseTrustProxy } from "~/features/http/trust-proxy";

const DATABASE_URL = (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL)?.trim();

describe("rate limits: counting, keys, headers, message", () => {
  it("allows `limit` posts per client in the window, then refuses with the time to its reset", async () => {
    const limiter = createLimiter("t1", { limit: 3, windowMs: 60_000 });
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await limiter.hit("a"));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits.map((h) => h.remaining)).toEqual([2, 1, 0, 0]);
    expect(hits[3].resetSeconds).toBeGreaterThan(55);
    expect(hits[3].resetSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit("b")).allowed).toBe(true);
  });

  it("counts IPv6 clients by /56 prefix, IPv4 (also IPv4-mapped) by address", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    const a = clientKey("2001:db8:1:1a2b::1");
    expect(a).toBe("2001:db8:1:1a00::/56");
    // The same subscriber's other addresses share the key; the next /56 does not.
    expect(clientKey("2001:0db8:0001:1aff:ffff:ffff:ffff:ffff")).toBe(a);
    expect(clientKey("2001:db8:1:1b00::1")).not.toBe(a);
    expect(clientKey("::1")).toBe("0:0:0:0::/56");
    expect(clientKey(undefined)).toBe("unknown");
  });

  it("sends the standard RateLimit headers", () => {
    expect(rateLimitHeaders({ allowed: true, limit: 20, remaining: 7, resetSeconds: 312 }, { limit: 20, windowMs: 600_000 })).toEqual({
      "RateLimit-Policy": "20;w=600",
      "RateLimit-Limit": "20",
      "RateLimit-Remaining": "7",
      "RateLimit-Reset": "312",
    });
  });

  it("tells the visitor how long to wait, from the limiter's reset", () => {
    expect(rateLimitMessage(1)).toBe("Too many form submissions from your connection. Please wait 1 second and try again.");
    expect(rateLimitMessage(45)).toBe("Too many form submissions from your connection. Please wait 45 seconds and try again.");
    expect(rateLimitMessage(60)).toBe("Too many form submissions from your connection. Please wait 1 minute and try again.");
    expect(rateLimitMessage(541)).toBe("Too many form submissions from your connection. Please wait 10 minutes and try again.");
  });

  it("reads TRUST_PROXY as a hop count or a list of addresses and ranges; refuses anything else", () => {
    expect(parseTrustProxy(undefined)).toEqual(["loopback"]);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("10.0.0.0/8, 2001:db8::/32, uniquelocal")).toEqual(["10.0.0.0/8", "2001:db8::/32", "uniquelocal"]);
    for (const bad of ["true", "*", "10.0.0.0/33", "example.com", "99"]) expect(parseTrustProxy(bad)).toBeNull();
  });

  it("applies to the form APIs and to posts to country pages only", () => {
    for (const p of ["/api/form", "/api/form/", "/api/competition/", "/au/contact-us", "/nz/finance/contact", "/au", "/au/contact-us.data"]) {
      expect(FORM_POST_PATH.test(p)).toBe(true);
    }
    for (const p of ["/api/consent", "/api/formx", "/aus/x", "/healthz"]) expect(FORM_POST_PATH.test(p)).toBe(false);
  });
});

describe("the form-post limit as Express middleware, behind a proxy", () => {
  it("keys on the client named by a trusted proxy, answers the APIs 429 JSON, and hands page posts to the action", async () => {
    const app = express();
    app.set("trust proxy", parseTrustProxy("1"));
    app.use(formPostRateLimit(createLimiter("t2", { limit: 2, windowMs: 600_000 })));
    app.post("*", (_req, res) => res.status(res.locals[FORM_RATE_LIMITED] ? 429 : 201).json({ limited: res.locals[FORM_RATE_LIMITED] ?? null }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = (p: string, client: string) =>
        fetch(base + p, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": client } });
      // One balancer in front: every request comes from it, each names its own client.
      expect((await post("/api/form/", "198.51.100.1")).status).toBe(201);
      const second = await post("/au/contact-us", "198.51.100.1");
      expect(second.status).toBe(201);
      expect(second.headers.get("ratelimit-remaining")).toBe("0");
      expect(second.headers.get("ratelimit-policy")).toBe("2;w=600");
      // Another visitor behind the same balancer is not limited by the first.
      expect((await post("/api/form/", "198.51.100.2")).status).toBe(201);
      // The same /56 counts together.
      expect((await post("/api/form/", "2001:db8:1:100::1")).status).toBe(201);
      expect((await post("/api/form/", "2001:db8:1:1ff::2")).status).toBe(201);
      expect((await post("/api/form/", "2001:db8:1:1aa::3")).status).toBe(429);

      const json = await post("/api/form/", "198.51.100.1");
      expect(json.status).toBe(429);
      const wait = Number(json.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(590);
      expect(json.headers.get("ratelimit-reset")).toBe(String(wait));
      expect(await json.json()).toEqual({ error: rateLimitMessage(wait) });
      // A page post goes on to the action, which answers in the site's layout.
      const page = await post("/au/contact-us", "198.51.100.1");
      expect(page.status).toBe(429);
      expect((await page.json()).limited).toEqual({ retryAfterSeconds: expect.any(Number), message: expect.stringMatching(/Please wait 10 minutes/) });
    } finally {
      server.close();
    }
  });
});

if (DATABASE_URL) {
  describe("rate limits in Postgres (several instances)", () => {
    it("two instances share one count per client", async () => {
      const name = `forms_${randomBytes(4).toString("hex")}`;
      const pools = [await createRateLimitPool(DATABASE_URL), await createRateLimitPool(DATABASE_URL)];
      try {
        const [a, b] = pools.map((pool) => createLimiter(name, { limit: 3, windowMs: 60_000 }, pool));
        const results = [];
        for (const limiter of [a, b, a, b, a]) results.push(await limiter.hit("203.0.113.9"));
        expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
        expect((await b.hit("203.0.113.10")).allowed).toBe(true);
      } finally {
        await Promise.all(pools.map((p) => p.end()));
      }
    });
  });
} else {
  describe("rate limits in Postgres: not run, because TEST_DATABASE_URL is not set", () => {
    it.skip("run `npm run test:pg -- npx vitest run tests/unit/forms/rate-limit.test.ts`", () => {});
  });
}

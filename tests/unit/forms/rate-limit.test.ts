import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rateLimitMessage } from "~/features/forms/messages";
import {
  FORM_POST_PATH,
  FORM_RATE_LIMITED,
  POSTGRES_RETRY_MS,
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
    // Each test gets a new database, as a first deployment has: the counters' table does not exist yet.
    let databaseUrl = "";
    let database = "";
    const admin = async (sql: string) => {
      const pool = await createRateLimitPool(DATABASE_URL);
      try {
        await pool.query(sql);
      } finally {
        await pool.end();
      }
    };
    beforeEach(async () => {
      database = `limits_${randomBytes(5).toString("hex")}`;
      await admin(`CREATE DATABASE ${database}`);
      const url = new URL(DATABASE_URL);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    });
    afterEach(async () => {
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    });

    it("two instances starting together on a new database share one count per client", async () => {
      const pools = await Promise.all([1, 2, 3].map(() => createRateLimitPool(databaseUrl)));
      try {
        // Connected already, so the creators below really run at the same moment.
        await Promise.all(pools.map((pool) => pool.query("SELECT 1")));
        const limiters = pools.flatMap((pool) => [
          createLimiter("forms", { limit: 3, windowMs: 60_000 }, pool),
          createLimiter("writes", { limit: 3, windowMs: 60_000 }, pool),
        ]);
        // Every limiter's first request at once: each would create the table.
        const first = await Promise.all(limiters.map((limiter) => limiter.hit("198.51.100.7")));
        expect(first.map((r) => r.allowed)).toEqual(limiters.map(() => true));
        // All six counted in Postgres (none fell back to its own memory).
        const counted = await pools[0].query("SELECT key, points FROM rate_limits ORDER BY key");
        expect(counted.rows).toEqual([
          { key: "forms:198.51.100.7", points: 3 },
          { key: "writes:198.51.100.7", points: 3 },
        ]);
        const [a, , b] = limiters;
        const results = [];
        for (const limiter of [a, b, a, b]) results.push(await limiter.hit("203.0.113.9"));
        expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
        expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
        expect((await b.hit("203.0.113.10")).allowed).toBe(true);
        const rows = await pools[0].query("SELECT key, points FROM rate_limits WHERE key = $1", ["forms:203.0.113.9"]);
        expect(rows.rows).toEqual([{ key: "forms:203.0.113.9", points: 4 }]);
      } finally {
        await Promise.all(pools.map((p) => p.end()));
      }
    });

    it("counts in memory while Postgres cannot be reached, and shares the count again once it can", async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      let clock = 1_000_000;
      const unreachable = await createRateLimitPool("postgres://nobody@127.0.0.1:1/none");
      const shared = await createRateLimitPool(databaseUrl);
      let pool = unreachable;
      // The same limiter object throughout; only the pool it is handed changes, as a restarted database would.
      const pools = { then: (resolve: (p: typeof pool) => void) => resolve(pool) } as unknown as Promise<typeof pool>;
      try {
        const limiter = createLimiter("forms", { limit: 2, windowMs: 60_000 }, pools, () => clock);
        expect((await limiter.hit("203.0.113.20")).allowed).toBe(true);
        expect(errors.mock.calls.some(([m]) => String(m).includes("counting in memory for now"))).toBe(true);
        pool = shared;
        // Within the retry delay, still in memory: the second request is this instance's second.
        expect((await limiter.hit("203.0.113.20")).remaining).toBe(0);
        clock += POSTGRES_RETRY_MS;
        const other = createLimiter("forms", { limit: 2, windowMs: 60_000 }, shared);
        expect((await other.hit("203.0.113.21")).remaining).toBe(1);
        // After it, the shared count: the other instance's request is seen.
        expect((await limiter.hit("203.0.113.21")).remaining).toBe(0);
      } finally {
        errors.mockRestore();
        await Promise.all([unreachable.end(), shared.end()]);
      }
    });
  });
} else {
  describe("rate limits in Postgres: not run, because TEST_DATABASE_URL is not set", () => {
    it.skip("run `npm run test:pg -- npx vitest run tests/unit/forms/rate-limit.test.ts`", () => {});
  });
}

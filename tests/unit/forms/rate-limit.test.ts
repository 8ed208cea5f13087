import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rateLimitMessage } from "~/features/forms/messages";
import {
  DEFAULT_CONTACT_RATE_LIMIT,
  DEFAULT_RATE_LIMIT,
  POSTGRES_RETRY_MS,
  clientKey,
  contactKeys,
  contactRateLimitConfigFromEnv,
  createLimiter,
  createRateLimitPool,
  leadLimitCheck,
  rateLimitConfigFromEnv,
  rateLimitHeaders,
} from "~/features/forms/rate-limit.server";
import { parseTrustProxy } from "~/server/http/trust-proxy";

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

  it("counts a lead under its e-mail address and phone number, hashed, however they are written", () => {
    const keys = contactKeys({ Email: "Ann.Buyer+cars@Example.com", mobile_phone: "61412345678", first_name: "Ann" });
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^c:[0-9a-f]{32}$/);
    // No personal data in the shared counters' keys.
    expect(keys.join()).not.toMatch(/ann|example|412345678/i);
    expect(contactKeys({ email: " ann.buyer@example.com ", mobile: "+61 412 345 678" })).toEqual(keys);
    expect(contactKeys({ Email: "someone.else@example.com", mobile_phone: "61412345678" })[1]).toBe(keys[1]);
    expect(contactKeys({ first_name: "Ann", comments: "no contact" })).toEqual([]);
  });

  it("reads the limits: FORM_RATE_LIMIT per address (generous), FORM_CONTACT_RATE_LIMIT per contact, one window", () => {
    expect(rateLimitConfigFromEnv({ FORM_RATE_LIMIT: undefined, FORM_RATE_WINDOW_SECONDS: undefined })).toEqual(DEFAULT_RATE_LIMIT);
    expect(DEFAULT_RATE_LIMIT.limit).toBeGreaterThanOrEqual(100);
    expect(contactRateLimitConfigFromEnv({ FORM_CONTACT_RATE_LIMIT: undefined, FORM_RATE_WINDOW_SECONDS: "60" })).toEqual({ limit: DEFAULT_CONTACT_RATE_LIMIT, windowMs: 60_000 });
    expect(contactRateLimitConfigFromEnv({ FORM_CONTACT_RATE_LIMIT: "3", FORM_RATE_WINDOW_SECONDS: undefined })).toEqual({ limit: 3, windowMs: 600_000 });
  });
});

describe("lead limits: per address and per contact", () => {
  const limiters = (perAddress: number, perContact: number) => ({
    perAddress: createLimiter(`addr-${Math.random()}`, { limit: perAddress, windowMs: 600_000 }),
    perContact: createLimiter(`contact-${Math.random()}`, { limit: perContact, windowMs: 600_000 }),
  });
  const buyer = (n: number) => contactKeys({ Email: `buyer${n}@example.com`, mobile_phone: `614000000${String(n).padStart(2, "0")}` });

  it("many buyers behind one carrier-grade NAT address are not refused; one contact's leads past its limit are held, from any address", async () => {
    const l = limiters(50, 3);
    const nat = leadLimitCheck(l, "100.64.0.1");
    // 40 different buyers, one shared address: every lead accepted.
    const verdicts = [];
    for (let n = 0; n < 40; n++) verdicts.push(await nat(buyer(n)));
    expect(verdicts.every((v) => v.allowed && !v.held)).toBe(true);
    // One contact's fourth lead is held for review, never refused, whichever address it comes from:
    // a stranger naming someone cannot lock that person out of their own enquiry.
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) expect(await leadLimitCheck(l, address)(buyer(99))).toMatchObject({ allowed: true, held: false });
    expect(await leadLimitCheck(l, "198.51.100.4")(buyer(99))).toMatchObject({ allowed: true, held: true });
    // The same phone with another e-mail address is the same contact.
    expect(await leadLimitCheck(l, "198.51.100.5")(contactKeys({ Email: "new@example.com", mobile_phone: "61400000099" }))).toMatchObject({ allowed: true, held: true });
  });

  it("one address past its (generous) limit is refused with the time to wait and RateLimit headers", async () => {
    const l = limiters(3, 100);
    const check = leadLimitCheck(l, "::ffff:203.0.113.7");
    for (let n = 0; n < 3; n++) expect((await check(buyer(n))).allowed).toBe(true);
    const refused = await leadLimitCheck(l, "203.0.113.7")(buyer(3));
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused.message).toBe(rateLimitMessage(refused.retryAfterSeconds));
    expect(refused.headers).toMatchObject({ "RateLimit-Policy": "3;w=600", "RateLimit-Remaining": "0" });
  });

  it("never refuses a lead because counting failed", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = { name: "broken", config: { limit: 1, windowMs: 1000 }, hit: async () => Promise.reject(new Error("down")) };
    try {
      expect((await leadLimitCheck({ perAddress: broken, perContact: broken }, "203.0.113.8")(buyer(1))).allowed).toBe(true);
    } finally {
      errors.mockRestore();
    }
  });
});

describe("the lead limit behind a proxy", () => {
  it("keys on the client a trusted proxy names", async () => {
    const l = limiters2();
    const app = express();
    app.set("trust proxy", parseTrustProxy("1"));
    app.post("*", async (req, res) => {
      const verdict = await leadLimitCheck(l, req.ip)([]);
      res.status(verdict.allowed ? 201 : 429).set(verdict.headers).end();
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = (client: string) => fetch(base + "/api/form/", { method: "POST", headers: { "x-forwarded-for": client } });
      expect((await post("198.51.100.1")).status).toBe(201);
      const second = await post("198.51.100.1");
      expect(second.status).toBe(201);
      expect(second.headers.get("ratelimit-remaining")).toBe("0");
      // Another visitor behind the same balancer is not limited by the first.
      expect((await post("198.51.100.2")).status).toBe(201);
      expect((await post("198.51.100.1")).status).toBe(429);
      // The same /56 counts together.
      expect((await post("2001:db8:1:100::1")).status).toBe(201);
      expect((await post("2001:db8:1:1ff::2")).status).toBe(201);
      expect((await post("2001:db8:1:1aa::3")).status).toBe(429);
    } finally {
      server.close();
    }
  });
  function limiters2() {
    return {
      perAddress: createLimiter("proxy-addr", { limit: 2, windowMs: 600_000 }),
      perContact: createLimiter("proxy-contact", { limit: 2, windowMs: 600_000 }),
    };
  }
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

    it("two instances share one contact's lead count and one client's byte budget (points of any size)", async () => {
      const pools = await Promise.all([1, 2].map(() => createRateLimitPool(databaseUrl)));
      try {
        const [a, b] = pools.map((pool) => ({
          perAddress: createLimiter("forms", { limit: 100, windowMs: 600_000 }, pool),
          perContact: createLimiter("form-contacts", { limit: 2, windowMs: 600_000 }, pool),
        }));
        const contact = contactKeys({ Email: "shared.buyer@example.com" });
        expect((await leadLimitCheck(a, "198.51.100.30")(contact)).allowed).toBe(true);
        expect((await leadLimitCheck(b, "198.51.100.31")(contact)).allowed).toBe(true);
        expect(await leadLimitCheck(a, "198.51.100.32")(contact)).toMatchObject({ allowed: true, held: true });
        const rows = await pools[0].query("SELECT points FROM rate_limits WHERE key = $1", [`form-contacts:${contact[0]}`]);
        expect(rows.rows).toEqual([{ points: 3 }]);
        // A byte budget counts kilobytes: 600 + 400 fit in 1000, 1 more does not, on either instance.
        const [bytesA, bytesB] = pools.map((pool) => createLimiter("downloads", { limit: 1000, windowMs: 3_600_000 }, pool));
        expect((await bytesA.hit("203.0.113.60", 600)).allowed).toBe(true);
        expect((await bytesB.hit("203.0.113.60", 400)).allowed).toBe(true);
        expect((await bytesA.hit("203.0.113.60", 1)).allowed).toBe(false);
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

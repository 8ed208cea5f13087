import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { RATE_LIMIT_MESSAGE } from "~/features/forms/messages";
import { FORM_POST_PATH, RateLimiter, formPostRateLimit } from "~/features/forms/rate-limit.server";

describe("rate limit on form posts", () => {
  it("allows `limit` posts per client in the window, then refuses until the oldest leaves it", () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 }, () => now);
    expect([1, 2, 3].map(() => limiter.hit("a").allowed)).toEqual([true, true, true]);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 60, remaining: 0 });
    expect(limiter.hit("b").allowed).toBe(true);
    now = 30_000;
    expect(limiter.hit("a").retryAfterSeconds).toBe(30);
    now = 60_001;
    expect(limiter.hit("a").allowed).toBe(true);
  });

  it("applies to the form APIs and to posts to country pages only", () => {
    for (const p of ["/api/form", "/api/form/", "/api/competition/", "/au/contact-us", "/nz/finance/contact", "/au", "/au/contact-us.data"]) {
      expect(FORM_POST_PATH.test(p)).toBe(true);
    }
    for (const p of ["/api/consent", "/api/formx", "/aus/x", "/healthz"]) expect(FORM_POST_PATH.test(p)).toBe(false);
  });

  it("as Express middleware answers 429 with Retry-After and a clear message, per client address", async () => {
    const app = express();
    app.use(formPostRateLimit({ limit: 2, windowMs: 60_000 }));
    app.post("*", (_req, res) => res.status(201).json({ ok: true }));
    app.get("*", (_req, res) => res.json({ ok: true }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { method: "POST", headers });
      expect((await post("/api/form/", { "content-type": "application/json" })).status).toBe(201);
      expect((await post("/au/contact-us")).status).toBe(201);
      const json = await post("/api/form/", { "content-type": "application/json" });
      expect(json.status).toBe(429);
      expect(json.headers.get("retry-after")).toBe("60");
      expect(await json.json()).toEqual({ error: RATE_LIMIT_MESSAGE });
      const html = await post("/au/contact-us", { "content-type": "application/x-www-form-urlencoded" });
      expect(html.status).toBe(429);
      expect(await html.text()).toContain(RATE_LIMIT_MESSAGE);
      // Reading pages and other posts are not limited.
      expect((await fetch(base + "/au/contact-us")).status).toBe(200);
      expect((await post("/api/consent")).status).toBe(201);
    } finally {
      server.close();
    }
  });
});

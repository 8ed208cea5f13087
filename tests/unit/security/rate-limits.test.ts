import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_SERVICE_PATH, TOO_MANY_REQUESTS_MESSAGE, perMinuteFromEnv } from "~/features/forms/rate-limit.server";
import { rateLimitMessage } from "~/features/forms/messages";
import { closeBuild, startTestServer, type TestServer } from "./harness";

describe("limit helpers", () => {
  it("matches image-service URLs only, and reads limits per minute from the environment", () => {
    expect(IMAGE_SERVICE_PATH.test("/media/a.jpg/m/100x100")).toBe(true);
    expect(IMAGE_SERVICE_PATH.test("/media/a.jpg/m/")).toBe(true);
    expect(IMAGE_SERVICE_PATH.test("/media/a.jpg")).toBe(false);
    expect(perMinuteFromEnv("30", { limit: 1, windowMs: 1 })).toEqual({ limit: 30, windowMs: 60_000 });
    expect(perMinuteFromEnv("x", { limit: 1, windowMs: 1 })).toEqual({ limit: 1, windowMs: 1 });
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FORM_RATE_LIMIT: "2", POST_RATE_LIMIT: "5", IMAGE_RATE_LIMIT: "3" });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await closeBuild();
});

describe("per-client limits of the running app", () => {
  it("form posts: the third in the window is a 429 with Retry-After", async () => {
    const post = () => fetch(`${server.url}/api/form/`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect((await post()).status).toBe(400);
    expect((await post()).status).toBe(400);
    const limited = await post();
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: rateLimitMessage(wait) });
  });

  it("a form post without JavaScript over the limit: the page itself, in the site's layout, with the time to wait", async () => {
    const body = new URLSearchParams({ form_id: "contact-us", first_name: "Ann", idempotency_key: "limited-key-0001" });
    const res = await fetch(`${server.url}/au/contact-us`, { method: "POST", body, redirect: "manual" });
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toContain("text/html");
    const wait = Number(res.headers.get("ratelimit-reset"));
    expect(wait).toBeGreaterThan(0);
    const html = await res.text();
    // The layout (header, footer) around the form, its alert with the message, the value kept.
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<footer[\s>]/);
    expect(html).toContain('role="alert"');
    expect(html).toMatch(new RegExp(rateLimitMessage(wait).replace(/[.]/g, "\\.").replace(/\d+ minutes?/, "\\d+ minutes?")));
    expect(html).toContain('value="Ann"');
  });

  it("any other POST: limited per minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/api/consent`, { method: "POST", headers: { Accept: "application/json" } });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    // The two form posts above count too: 5 writes per minute in all.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    const limited = await fetch(`${server.url}/api/consent`, { method: "POST" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: TOO_MANY_REQUESTS_MESSAGE });
    // Reading is not limited.
    expect((await fetch(`${server.url}/api/location`)).status).toBe(200);
  });

  it("the image service: limited per minute, plain files are not", async () => {
    const statuses: number[] = [];
    // Sizes the site asks for (others redirect to them, ADR 039).
    for (const size of ["320x240", "640x480", "768x576", "1024x768"]) {
      const res = await fetch(`${server.url}/media/accessory-canopy.jpg/m/${size}`);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const original = await fetch(`${server.url}/media/accessory-canopy.jpg`);
    expect(original.status).toBe(200);
    await original.body?.cancel();
  });
});

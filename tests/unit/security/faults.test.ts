import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createContentClient } from "~/content/client.server";
import type { Env } from "~/server/env.server";
import { createOutboxWorker, outboxConfigFromEnv } from "~/features/forms/outbox.server";
import { getLeadStore } from "~/features/forms/store.server";
import { submittedKey } from "../../support/leads";
import { createImageService } from "~/server/images/image-service.server";
import { isContentOutage } from "~/server/observability/request-context.server";
import { startCrmStub, type CrmStub } from "../forms/crm-stub";
import { contactUsLead, type LeadSender } from "../../support/leads";
import { closeBuild, startTestServer, type TestServer } from "./harness";

/**
 * Faults: the CRM down while leads arrive (kept, delivered after recovery, none twice), a storm of
 * 429s from the content API (retried with a delay), and a disk that refuses the image cache
 * (images still served). The content API outage has its own file (content-outage.test.ts); the
 * crash during load runs against the built server (tests/e2e/security.spec.ts).
 */

let server: TestServer;
let crm: CrmStub;
beforeAll(async () => {
  crm = await startCrmStub();
  server = await startTestServer({ FORM_RATE_LIMIT: "100000", CRM_BASE_URL: crm.url });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await crm?.close();
  await closeBuild();
  vi.unstubAllGlobals();
});

const FAULT_SENDER: LeadSender = { firstName: "Fault", lastName: "Tester", emailUser: "fault", comments: "CRM outage test" };
const lead = (n: number) => contactUsLead(n, FAULT_SENDER);

describe("CRM outage", () => {
  it("keeps every lead while the CRM is down and delivers each exactly once after it recovers", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    crm.alwaysStatus = 503;
    const keys = Array.from({ length: 6 }, (_, i) => `crm-outage-${i}-${Date.now()}`);
    for (const [i, key] of keys.entries()) {
      const res = await fetch(`${server.url}/api/form/`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": key },
        body: JSON.stringify(lead(i)),
      });
      expect(res.status).toBe(201);
    }
    // A client retrying a post it never heard back from stores nothing new.
    const retry = await fetch(`${server.url}/api/form/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": keys[0] },
      body: JSON.stringify(lead(0)),
    });
    expect(retry.status).toBe(200);

    const store = await getLeadStore();
    const config = { ...outboxConfigFromEnv({ CRM_BASE_URL: crm.url }), baseDelayMs: 20, maxDelayMs: 40, pollMs: 10, maxAttempts: 100, timeoutMs: 2_000 };
    const worker = createOutboxWorker({ store, config });
    try {
      await vi.waitFor(async () => expect(crm.requests.length).toBeGreaterThanOrEqual(keys.length * 2), { timeout: 10_000 });
      const during = (await store.list()).filter((l) => keys.includes(submittedKey(l.idempotencyKey)));
      expect(during).toHaveLength(keys.length);
      expect(during.every((l) => l.status === "pending" && l.attempts >= 1 && l.lastError === "HTTP 503")).toBe(true);

      crm.alwaysStatus = null;
      crm.failFirst = 0;
      await vi.waitFor(
        async () => {
          const leads = (await store.list()).filter((l) => keys.includes(submittedKey(l.idempotencyKey)));
          expect(leads.map((l) => l.status)).toEqual(keys.map(() => "delivered"));
        },
        { timeout: 10_000 },
      );
      for (const key of keys) expect([...crm.successes].filter(([k]) => submittedKey(k) === key).map(([, n]) => n)).toEqual([1]);
      expect([...crm.processed].filter((k) => keys.includes(submittedKey(k)))).toHaveLength(keys.length);
    } finally {
      await worker.stop();
      vi.mocked(console.log).mockRestore();
    }
  }, 30_000);
});

describe("429 storm from the content API", () => {
  const env = { STORYBLOK_TOKEN: "public-token", STORYBLOK_REGION: "eu", CONTENT_DIR_ABS: "", NODE_ENV: "production" } as unknown as Env;
  const story = { story: { name: "Home", slug: "home", full_slug: "home", uuid: "u1", id: 1, content: { component: "page" } }, cv: 1, rels: [], links: [] };

  function stubFetch(rateLimited: number) {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        if (calls.length <= rateLimited) return new Response(JSON.stringify({ error: "Too Many Requests" }), { status: 429, statusText: "Too Many Requests" });
        return Response.json(story, { headers: { total: "1" } });
      }),
    );
    return calls;
  }

  it("retries after a delay until Storyblok answers (the client's maxRetries 10, 300 ms apart)", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const calls = stubFetch(4);
    const started = Date.now();
    const res = await createContentClient(env).get("cdn/stories/home", { version: "published" });
    expect((res.data as typeof story).story.slug).toBe("home");
    expect(calls).toHaveLength(5);
    expect(calls[0]).toContain("api.storyblok.com/v2/cdn/stories/home");
    // Four waits of about 300 ms: retried with a delay, not in a tight loop.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 250);
    vi.unstubAllGlobals();
  }, 20_000);

  it("gives up after 10 retries with a 429 the pages treat as an outage (503), not as a missing page", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const calls = stubFetch(1_000);
    const error = await createContentClient(env)
      .get("cdn/stories/home", { version: "published" })
      .then(() => null, (e: unknown) => e);
    expect(calls).toHaveLength(11);
    expect((error as { status?: number }).status).toBe(429);
    expect(isContentOutage(error)).toBe(true);
    expect(isContentOutage({ status: 404 })).toBe(false);
    expect(isContentOutage(new TypeError("fetch failed"))).toBe(true);
    vi.unstubAllGlobals();
  }, 20_000);
});

describe("disk full on the image cache", () => {
  it("serves the image uncached when the cache cannot be written", async () => {
    // The cache folder's parent is a file: every mkdir/write into the cache fails, like a full disk.
    const blocker = path.join(server.dir, "not-a-folder");
    writeFileSync(blocker, "");
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.join(" ")));
    const images = createImageService({ assetsDir: path.resolve("content-fixtures/assets"), cacheDir: path.join(blocker, "images") });
    const file = "accessory-canopy.jpg";
    for (let i = 0; i < 2; i++) {
      const res = await images(`${file}/m/160x90`);
      expect(res.status).toBe(200);
      if (res.status !== 200) return;
      expect(res.cache).toBe("bypass");
      expect(res.contentType).toBe("image/jpeg");
      const meta = await sharp(res.body).metadata();
      expect([meta.width, meta.height]).toEqual([160, 90]);
    }
    expect(errors.some((e) => e.includes("[images] cache write failed"))).toBe(true);
    vi.mocked(console.error).mockRestore();
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ContentCache } from "~/content/cache.server";
import {
  INVALIDATION_CHANNEL,
  invalidateEverywhere,
  onContentInvalidated,
  parseNotification,
  startInvalidationChannel,
  type ContentInvalidation,
} from "~/content/invalidation.server";

const DATABASE_URL = (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL)?.trim();
const unsubscribe: (() => void)[] = [];
afterEach(() => {
  for (const u of unsubscribe.splice(0)) u();
});

describe("content invalidation", () => {
  it("a webhook's invalidation keeps entries as stale fallbacks; the new cv is remembered", async () => {
    const cache = new ContentCache();
    await cache.read({ name: "t", ttlMs: 60_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 60_000 }, "k", async () => ({ value: "old", cv: 5 }));
    cache.invalidate();
    expect(cache.size).toBe(1);
    expect(cache.version).toBe(0);
    const fail = async (): Promise<never> => {
      throw Object.assign(new Error("down"), { status: 503 });
    };
    // Outdated: read again, and on failure the old value still serves.
    expect(await cache.read({ name: "t", ttlMs: 60_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 60_000 }, "k", fail)).toBe("old");
    cache.noteCv(6);
    expect(cache.version).toBe(6);
  });

  it("runs this instance's subscribers first (without a version), then with the version read", async () => {
    const events: ContentInvalidation[] = [];
    unsubscribe.push(onContentInvalidated((e) => events.push(e)));
    const cv = await invalidateEverywhere("published", async () => {
      events.push({ cv: -1, reason: "reading the version", keys: null });
      return 42;
    }, ["story-7", "stories"]);
    expect(cv).toBe(42);
    expect(events).toEqual([{ cv: null, reason: "published", keys: ["story-7", "stories"] }, { cv: -1, reason: "reading the version", keys: null }]);
  });

  it("ignores its own notifications and malformed ones", () => {
    expect(parseNotification(JSON.stringify({ cv: 7, reason: "published", origin: "me" }), "me")).toBeNull();
    expect(parseNotification(JSON.stringify({ cv: 7, reason: "published", origin: "other" }), "me")).toEqual({ cv: 7, reason: "published", keys: null });
    expect(parseNotification(JSON.stringify({ cv: "x", origin: "other" }), "me")).toEqual({ cv: null, reason: "remote", keys: null });
  });

  it("carries the surrogate keys of what changed; keys it cannot trust mean everything", () => {
    const keys = ["story-9", "stories", "folder-news"];
    expect(parseNotification(JSON.stringify({ cv: 7, reason: "published", origin: "other", keys }), "me")).toEqual({ cv: 7, reason: "published", keys });
    for (const bad of [[], ["story 9"], [9], "story-9", ["x".repeat(201)]]) {
      expect(parseNotification(JSON.stringify({ cv: 7, reason: "published", origin: "other", keys: bad }), "me")?.keys).toBeNull();
    }
    expect(parseNotification("not json", "me")).toBeNull();
    expect(parseNotification(undefined, "me")).toBeNull();
  });
});

if (DATABASE_URL) {
  describe("content invalidation between instances (Postgres LISTEN/NOTIFY)", () => {
    it("another instance's invalidation reaches this one's subscribers within 2 s, and this one's reaches the others", async () => {
      const pg = await import("pg");
      const channel = await startInvalidationChannel(DATABASE_URL);
      const other = new pg.default.Client({ connectionString: DATABASE_URL });
      await other.connect();
      try {
        const received: ContentInvalidation[] = [];
        unsubscribe.push(onContentInvalidated((e) => received.push(e)));
        // Another instance publishes.
        const sent = Date.now();
        await other.query("SELECT pg_notify($1, $2)", [INVALIDATION_CHANNEL, JSON.stringify({ cv: 99, reason: "published", origin: "instance-b" })]);
        await vi.waitFor(() => expect(received).toEqual([{ cv: 99, reason: "published", keys: null }]), { timeout: 2_000, interval: 20 });
        expect(Date.now() - sent).toBeLessThan(2_000);

        // This instance publishes: the other instance hears it with the version; this one does not hear itself twice.
        const heard: string[] = [];
        other.on("notification", (m) => heard.push(m.payload ?? ""));
        await other.query(`LISTEN ${INVALIDATION_CHANNEL}`);
        received.length = 0;
        await invalidateEverywhere("unpublished", async () => 100, ["story-5", "stories"]);
        await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 2_000, interval: 20 });
        expect(JSON.parse(heard[0])).toMatchObject({ cv: 100, reason: "unpublished", keys: ["story-5", "stories"] });
        await new Promise((r) => setTimeout(r, 100));
        expect(received).toEqual([{ cv: null, reason: "unpublished", keys: ["story-5", "stories"] }]);
      } finally {
        await other.end();
        await channel.stop();
      }
    });
  });
} else {
  describe("content invalidation between instances: not run, because TEST_DATABASE_URL is not set", () => {
    it.skip("run `npm run test:pg -- npx vitest run tests/unit/content/invalidation.test.ts`", () => {});
  });
}

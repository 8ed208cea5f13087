import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  MemoryHandledWebhooks,
  PostgresHandledWebhooks,
  WebhookCoalescer,
  WebhookReplays,
  authenticateWebhook,
  handledWebhooks,
  parseWebhookEvent,
  verifyWebhookSignature,
  verifyWebhookToken,
  webhookCoalescer,
  webhookSignature,
} from "~/content/webhook.server";
import { onContentInvalidated } from "~/content/invalidation.server";
import { parseEnv } from "~/server/env.server";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
process.env.STORYBLOK_WEBHOOK_SECRET = "s3cret";

type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;
let action: Action;
let stories: typeof import("~/content/stories.server");
let client: typeof import("~/content/client.server");
let cache: typeof import("~/content/cache.server");
beforeAll(async () => {
  action = (await import("~/routes/api.storyblok-webhook")).action as unknown as Action;
  stories = await import("~/content/stories.server");
  client = await import("~/content/client.server");
  cache = await import("~/content/cache.server");
});
afterEach(() => {
  client.setContentFetchInterceptor(null);
  vi.restoreAllMocks();
  webhookCoalescer.clear();
  handledWebhooks.clear();
});

const post = (body: string, headers: Record<string, string> = {}) =>
  action({
    request: new Request("http://localhost/api/storyblok-webhook", { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } }),
    params: {},
    context: {},
  });
const signed = (body: string, secret = "s3cret") => post(body, { "webhook-signature": webhookSignature(body, secret) });
const published = JSON.stringify({ text: "The user published the Story Home", action: "published", space_id: 1, story_id: 42, full_slug: "home" });

describe("webhook signature", () => {
  it("is the HMAC-SHA1 hex of the raw body with the secret", () => {
    // Known vector: HMAC-SHA1("key", "The quick brown fox jumps over the lazy dog").
    expect(webhookSignature("The quick brown fox jumps over the lazy dog", "key")).toBe("de7c9b85b8b78aa6bc8a7a36f70a90701c9db4d9");
    expect(verifyWebhookSignature(published, webhookSignature(published, "s3cret"), "s3cret")).toBe(true);
    expect(verifyWebhookSignature(published, webhookSignature(published, "other"), "s3cret")).toBe(false);
    expect(verifyWebhookSignature(`${published} `, webhookSignature(published, "s3cret"), "s3cret")).toBe(false);
    expect(verifyWebhookSignature(published, "not-hex", "s3cret")).toBe(false);
    expect(verifyWebhookSignature(published, null, "s3cret")).toBe(false);
  });
  it("reads the action of a payload, and nothing else", () => {
    expect(parseWebhookEvent(published)).toEqual({ action: "published", storyId: 42, fullSlug: "home" });
    expect(parseWebhookEvent("[]")).toBeNull();
    expect(parseWebhookEvent("{}")).toBeNull();
    expect(parseWebhookEvent("not json")).toBeNull();
  });
});

describe("POST /api/storyblok-webhook", () => {
  it("refuses unsigned and wrongly signed requests with 401 JSON, and malformed payloads with 400", async () => {
    const unsigned = await post(published);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: "Missing webhook-signature header" });
    const wrong = await signed(published, "guess");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid signature" });
    const malformed = await signed("not json");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatch(/JSON webhook payload/);
    expect(unsigned.headers.get("Cache-Control")).toBe("no-store");
  });

  it("on publish clears the content cache and refreshes the cv; the next read asks the content service again", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const requests: string[] = [];
    const urls: URL[] = [];
    client.setContentFetchInterceptor((request, next) => {
      urls.push(new URL(request.url));
      requests.push(new URL(request.url).pathname);
      return next(request);
    });
    await stories.getStory("global/footer", { country: "au", version: "published" });
    await stories.getStory("global/footer", { country: "au", version: "published" });
    expect(requests.filter((p) => p.endsWith("/cdn/stories/global/footer"))).toHaveLength(1);

    const res = await signed(published);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { cleared: boolean; cv: number };
    expect(body).toMatchObject({ ok: true, action: "published", cleared: true });
    expect(body.cv).toBeGreaterThan(0);
    expect(requests).toContain("/v2/cdn/spaces/me");
    expect(cache.getContentCache().currentCv()).toBe(body.cv);

    await stories.getStory("global/footer", { country: "au", version: "published" });
    expect(requests.filter((p) => p.endsWith("/cdn/stories/global/footer"))).toHaveLength(2);
    // The remembered cv is sent on later requests (spec site.md section 4).
    expect(urls.at(-1)!.searchParams.get("cv")).toBe(String(body.cv));
  });

  it("marks cached entries stale instead of deleting them: an outage right after a publish still serves them", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let down = false;
    client.setContentFetchInterceptor((request, next) => {
      const isVersion = new URL(request.url).pathname.endsWith("/cdn/spaces/me");
      return down && !isVersion ? Promise.resolve(Response.json({ error: "Service Unavailable" }, { status: 503 })) : next(request);
    });
    expect((await stories.getStory("global/footer", { country: "au", version: "published" }))?.full_slug).toBe("au/global/footer");
    expect((await signed(published)).status).toBe(200);
    down = true;
    expect((await stories.getStory("global/footer", { country: "au", version: "published" }))?.full_slug).toBe("au/global/footer");
  });

  it("acknowledges other events without clearing", async () => {
    const body = JSON.stringify({ text: "The user moved the story to the stage Review", action: "stage.changed", space_id: 1, story_id: 42 });
    const res = await signed(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, action: "stage.changed", cleared: false });
  });

  it("invalidates like a publish on release merges, pipeline deploys and datasource saves (current and legacy names)", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    // The payloads of Storyblok's webhook docs: a release or a deploy names no story.
    const payloads = [
      { text: "The user merged the release Spring into the current version", action: "merged", space_id: 1, release_id: 7 },
      { text: "The user merged the release Spring", action: "release_merged", space_id: 1, release_id: 7 },
      { text: "The user deployed the pipeline stage Production", action: "deployed", space_id: 1, branch_id: 3 },
      { text: "The user deployed the branch Production", action: "branch_deployed", space_id: 1, branch_id: 3 },
      { text: "The user saved entries of the datasource Colours", action: "entries_updated", space_id: 1, datasource_slug: "colours" },
      { text: "The user saved an entry of the datasource Colours", action: "datasource_entry_saved", space_id: 1, datasource_slug: "colours" },
    ];
    for (const payload of payloads) {
      webhookCoalescer.clear();
      let invalidations = 0;
      const off = onContentInvalidated(() => invalidations++);
      await stories.getStory("global/footer", { country: "au", version: "published" });
      const res = await signed(JSON.stringify(payload));
      off();
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true, action: payload.action, cleared: true });
      expect(invalidations, payload.action).toBe(1);
    }
  });

  it("coalesces a burst: the same story's repeated or replayed event costs one invalidation now, one at the window's end", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    let invalidations = 0;
    const off = onContentInvalidated(() => invalidations++);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => signed(published).then((r) => r.json())));
      expect(answers.filter((a) => a.cleared === true)).toHaveLength(1);
      expect(answers.filter((a) => a.coalesced === true)).toHaveLength(19);
      expect(invalidations).toBe(1);
      // Another story is not held back by the first one's window.
      const other = await signed(JSON.stringify({ action: "published", space_id: 1, story_id: 43, full_slug: "news" }));
      expect(await other.json()).toMatchObject({ cleared: true });
      expect(invalidations).toBe(2);
    } finally {
      off();
    }
  });

  it("recognises a replayed body already handled: no invalidation, no version change, no content read; a real re-publish still invalidates", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    let version: number | null = null;
    const requests: string[] = [];
    client.setContentFetchInterceptor(async (request, next) => {
      requests.push(new URL(request.url).pathname);
      const res = await next(request);
      if (version === null || !new URL(request.url).pathname.endsWith("/cdn/spaces/me")) return res;
      const data = (await res.json()) as { space: Record<string, unknown> };
      return Response.json({ ...data, space: { ...data.space, version } });
    });
    version = 1_700_000_001;
    let invalidations = 0;
    const off = onContentInvalidated(() => invalidations++);
    try {
      expect(await (await signed(published)).json()).toMatchObject({ cleared: true, cv: 1_700_000_001 });
      expect(invalidations).toBe(1);
      // Replayed every few seconds, after the coalescing window: recognised each time.
      for (let i = 0; i < 5; i++) {
        webhookCoalescer.clear();
        requests.length = 0;
        expect(await (await signed(published)).json()).toEqual({ ok: true, action: "published", cleared: false, replayed: true });
        expect(requests).toEqual(["/v2/cdn/spaces/me"]);
      }
      expect(invalidations).toBe(1);
      expect(cache.getContentCache().version).toBe(1_700_000_001);
      // The editor publishes the same story again: the same body, but content changed since.
      version = 1_700_000_002;
      webhookCoalescer.clear();
      expect(await (await signed(published)).json()).toMatchObject({ cleared: true, cv: 1_700_000_002 });
      expect(invalidations).toBe(2);
      webhookCoalescer.clear();
      expect(await (await signed(published)).json()).toMatchObject({ replayed: true });
      // A body never handled is not a replay, whatever the version.
      webhookCoalescer.clear();
      const other = JSON.stringify({ text: "The user published the Story News", action: "published", space_id: 1, story_id: 43, full_slug: "news" });
      expect(await (await signed(other)).json()).toMatchObject({ cleared: true });
      expect(invalidations).toBe(3);
    } finally {
      off();
    }
  });

  it("remembers handled bodies for two hours, at most its bound, and asks the version once for concurrent repeats", async () => {
    let t = 0;
    const memory = new MemoryHandledWebhooks(2 * 60 * 60_000, 3, () => t);
    await memory.remember("a", 5);
    t += 2 * 60 * 60_000 - 1;
    expect(await memory.versionHandledAt("a")).toBe(5);
    t += 1;
    expect(await memory.versionHandledAt("a")).toBeUndefined();
    for (const d of ["b", "c", "d", "e"]) await memory.remember(d, null);
    expect(await memory.versionHandledAt("b")).toBeUndefined();
    expect(await memory.versionHandledAt("e")).toBeNull();

    let reads = 0;
    const store = new MemoryHandledWebhooks();
    const replays = new WebhookReplays(
      () => [store],
      async () => {
        reads++;
        await new Promise((r) => setTimeout(r, 5));
        return 9;
      },
    );
    // A body never handled costs no version read.
    expect(await replays.isReplay("x")).toBe(false);
    expect(reads).toBe(0);
    await replays.remember("x", 9);
    expect(await Promise.all(Array.from({ length: 20 }, () => replays.isReplay("x")))).toEqual(Array(20).fill(true));
    expect(reads).toBe(1);
    // The version cannot be read, or the body was handled at an unknown one: handled again (never lose a publish).
    expect(await new WebhookReplays(() => [store], async () => null).isReplay("x")).toBe(false);
    await replays.remember("y", null);
    expect(await replays.isReplay("y")).toBe(false);
  });

  it("answers 401 when no secret is configured, and 405 to GET", async () => {
    const mod = await import("~/server/env.server");
    const env = mod.getEnv();
    const saved = env.STORYBLOK_WEBHOOK_SECRET;
    env.STORYBLOK_WEBHOOK_SECRET = undefined;
    try {
      const res = await signed(published);
      expect(res.status).toBe(401);
      expect((await res.json()).error).toMatch(/STORYBLOK_WEBHOOK_SECRET is not set, nor STORYBLOK_WEBHOOK_TOKEN/);
    } finally {
      env.STORYBLOK_WEBHOOK_SECRET = saved;
    }
    const loader = (await import("~/routes/api.storyblok-webhook")).loader as unknown as () => Response;
    expect(loader().status).toBe(405);
  });

  it("accepts a long URL token instead of a signature on plans without webhook secrets", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const env = (await import("~/server/env.server")).getEnv();
    const saved = { secret: env.STORYBLOK_WEBHOOK_SECRET, token: env.STORYBLOK_WEBHOOK_TOKEN };
    const token = "Zq3v9LkR2mXw8TbN5cYh7JdP4sFg6AeU1oKi0WnB";
    env.STORYBLOK_WEBHOOK_SECRET = undefined;
    env.STORYBLOK_WEBHOOK_TOKEN = token;
    const withQuery = (query: string) =>
      action({
        request: new Request(`http://localhost/api/storyblok-webhook${query}`, { method: "POST", body: published, headers: { "Content-Type": "application/json" } }),
        params: {},
        context: {},
      });
    try {
      const ok = await withQuery(`?token=${token}`);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ ok: true, action: "published", cleared: true });
      for (const [query, error] of [
        ["", "Missing token parameter"],
        [`?token=${token.slice(0, -1)}`, "Invalid token"],
        [`?token=${token}x`, "Invalid token"],
        ["?token=", "Missing token parameter"],
      ] as const) {
        const refused = await withQuery(query);
        expect(refused.status, query).toBe(401);
        expect((await refused.json()).error).toBe(error);
      }
    } finally {
      env.STORYBLOK_WEBHOOK_SECRET = saved.secret;
      env.STORYBLOK_WEBHOOK_TOKEN = saved.token;
    }
  });
});

describe("webhook authentication and coalescing (pure)", () => {
  const token = "a".repeat(16) + "B".repeat(16);
  it("a signature or the token suffices; a wrong signature is refused even with a token configured", () => {
    const body = published;
    const signature = webhookSignature(body, "s3cret");
    expect(authenticateWebhook({ body, signature, urlToken: null, secret: "s3cret" })).toEqual({ ok: true, by: "signature" });
    expect(authenticateWebhook({ body, signature: null, urlToken: token, token })).toEqual({ ok: true, by: "token" });
    expect(authenticateWebhook({ body, signature: null, urlToken: token, secret: "s3cret", token })).toEqual({ ok: true, by: "token" });
    expect(authenticateWebhook({ body, signature: "0".repeat(40), urlToken: token, secret: "s3cret", token })).toEqual({ ok: false, error: "Invalid signature" });
    expect(authenticateWebhook({ body, signature, urlToken: token })).toMatchObject({ ok: false });
    expect(verifyWebhookToken(token, token)).toBe(true);
    expect(verifyWebhookToken("short", "short")).toBe(false);
  });

  it("the token must be at least 32 characters, from a URL-safe alphabet", () => {
    expect(() => parseEnv({ STORYBLOK_WEBHOOK_TOKEN: "too-short" })).toThrow(/STORYBLOK_WEBHOOK_TOKEN must be at least 32 characters/);
    expect(() => parseEnv({ STORYBLOK_WEBHOOK_TOKEN: `${"x".repeat(32)}&y=1` })).toThrow(/STORYBLOK_WEBHOOK_TOKEN/);
    expect(parseEnv({ STORYBLOK_WEBHOOK_TOKEN: token }).STORYBLOK_WEBHOOK_TOKEN).toBe(token);
  });

  it("runs the first event at once and folds the repeats of its window into one run at the window's end", async () => {
    vi.useFakeTimers();
    try {
      let now = 1_000_000;
      const coalescer = new WebhookCoalescer(5000, () => now);
      const later = vi.fn(async () => undefined);
      expect(coalescer.admit("story-1", later)).toBe("now");
      for (let i = 0; i < 10; i++) {
        now += 300;
        expect(coalescer.admit("story-1", later)).toBe("coalesced");
      }
      expect(coalescer.admit("story-2", later)).toBe("now");
      expect(later).not.toHaveBeenCalled();
      now = 1_005_000;
      await vi.advanceTimersByTimeAsync(5000);
      expect(later).toHaveBeenCalledTimes(1);
      // The trailing run opened a new window: a repeat right after it waits again.
      expect(coalescer.admit("story-1", later)).toBe("coalesced");
      now = 1_010_001;
      await vi.advanceTimersByTimeAsync(5001);
      expect(later).toHaveBeenCalledTimes(2);
      now += 5001;
      expect(coalescer.admit("story-1", later)).toBe("now");
    } finally {
      vi.useRealTimers();
    }
  });
});


const DATABASE_URL = process.env.TEST_DATABASE_URL;
if (DATABASE_URL) {
  describe("handled webhook bodies in Postgres", () => {
    it("a body handled by one instance is a replay on another, until its memory runs out", async () => {
      const pg = await import("pg");
      const a = new pg.default.Client({ connectionString: DATABASE_URL });
      const b = new pg.default.Client({ connectionString: DATABASE_URL });
      await Promise.all([a.connect(), b.connect()]);
      try {
        await a.query("DROP TABLE IF EXISTS kestrel_webhooks_handled");
        const one = new PostgresHandledWebhooks((text, values) => a.query(text, values));
        const two = new PostgresHandledWebhooks((text, values) => b.query(text, values));
        const first = new WebhookReplays(() => [new MemoryHandledWebhooks(), one], async () => 77);
        const second = new WebhookReplays(() => [new MemoryHandledWebhooks(), two], async () => 77);
        expect(await second.isReplay(published)).toBe(false);
        await first.remember(published, 77);
        expect(await second.isReplay(published)).toBe(true);
        expect(await new WebhookReplays(() => [two], async () => 78).isReplay(published)).toBe(false);
        // Past its memory (here a second), forgotten.
        const short = new PostgresHandledWebhooks((text, values) => b.query(text, values), 1_000);
        await new Promise((r) => setTimeout(r, 1_100));
        expect(await short.versionHandledAt("0".repeat(64))).toBeUndefined();
        expect(await new WebhookReplays(() => [short], async () => 77).isReplay(published)).toBe(false);
      } finally {
        await a.query("DROP TABLE IF EXISTS kestrel_webhooks_handled");
        await Promise.all([a.end(), b.end()]);
      }
    });
  });
} else {
  describe("handled webhook bodies in Postgres: not run, because TEST_DATABASE_URL is not set", () => {
    it.skip("run `npm run test:pg -- npx vitest run tests/unit/content/webhook.test.ts`", () => {});
  });
}

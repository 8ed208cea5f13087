import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyWebhookSignature, webhookSignature, parseWebhookEvent } from "~/content/webhook.server";

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
    expect((await stories.getStory("global/footer", { country: "au", version: "published" }))?.full_slug).toBe("global/footer");
    expect((await signed(published)).status).toBe(200);
    down = true;
    expect((await stories.getStory("global/footer", { country: "au", version: "published" }))?.full_slug).toBe("global/footer");
  });

  it("acknowledges other events without clearing", async () => {
    const body = JSON.stringify({ action: "release_merged", space_id: 1 });
    const res = await signed(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, action: "release_merged", cleared: false });
  });

  it("answers 401 when no secret is configured, and 405 to GET", async () => {
    const mod = await import("~/env.server");
    const env = mod.getEnv();
    const saved = env.STORYBLOK_WEBHOOK_SECRET;
    env.STORYBLOK_WEBHOOK_SECRET = undefined;
    try {
      const res = await signed(published);
      expect(res.status).toBe(401);
      expect((await res.json()).error).toMatch(/STORYBLOK_WEBHOOK_SECRET is not set/);
    } finally {
      env.STORYBLOK_WEBHOOK_SECRET = saved;
    }
    const loader = (await import("~/routes/api.storyblok-webhook")).loader as unknown as () => Response;
    expect(loader().status).toBe(405);
  });
});

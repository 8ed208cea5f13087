import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { handledWebhooks, webhookCoalescer, webhookSignature } from "~/content/webhook.server";
import { purgeCdn } from "~/server/page-cache/cdn-purge.server";

/**
 * The publish webhook purges the CDN (issue 26 item 5, ADR 034): a local HTTP server stands in
 * for the CDN's purge endpoint and records what it gets; it can be told to fail or to hang.
 */

interface Recorded {
  method: string;
  url: string;
  keys: string | undefined;
  token?: string;
}
type Behaviour = (req: IncomingMessage, res: ServerResponse, attempt: number) => void;

let cdn: Server;
let cdnUrl = "";
let recorded: Recorded[] = [];
let behaviour: Behaviour = (_req, res) => res.writeHead(200).end("purged");
const hanging = new Set<ServerResponse>();

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
process.env.STORYBLOK_WEBHOOK_SECRET = "purge-secret";

type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;
let action: Action;

beforeAll(async () => {
  cdn = createServer((req, res) => {
    const token = req.headers["x-purge-token"] as string | undefined;
    recorded.push({ method: req.method ?? "", url: req.url ?? "", keys: req.headers["surrogate-key"] as string | undefined, ...(token === undefined ? {} : { token }) });
    req.resume();
    behaviour(req, res, recorded.length);
  });
  await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/`;
  // Read once by getEnv(), on the webhook's first call.
  process.env.CDN_PURGE_URL = cdnUrl;
  process.env.CDN_PURGE_SECRET = "purge-token-0123456789abcdef";
  action = (await import("~/routes/api.storyblok-webhook")).action as unknown as Action;
});
afterEach(() => {
  webhookCoalescer.clear();
  handledWebhooks.clear();
  recorded = [];
  behaviour = (_req, res) => res.writeHead(200).end("purged");
  for (const res of hanging) res.destroy();
  hanging.clear();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await new Promise<void>((resolve) => cdn.close(() => resolve()));
});

const quiet = () => {
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
  return { log, error };
};

describe("purgeCdn", () => {
  it("sends PURGE with the keys space-separated, once, and logs it", async () => {
    const { log } = quiet();
    const result = await purgeCdn(cdnUrl, ["story-42", "stories", "folder-news", "stories"]);
    expect(result).toEqual({ ok: true, attempts: 1, status: 200 });
    expect(recorded).toEqual([{ method: "PURGE", url: "/", keys: "story-42 stories folder-news" }]);
    expect(log.mock.calls.flat().join("\n")).toContain("[cdn-purge] purged story-42 stories folder-news");
  });

  it("sends the shared secret the CDN requires of a purge", async () => {
    quiet();
    await purgeCdn(cdnUrl, ["site"], { secret: "purge-token-0123456789abcdef" });
    expect(recorded).toEqual([{ method: "PURGE", url: "/", keys: "site", token: "purge-token-0123456789abcdef" }]);
  });

  it("tries a failing CDN (5xx) once more, and not a refusal (4xx)", async () => {
    quiet();
    behaviour = (_req, res, attempt) => res.writeHead(attempt === 1 ? 503 : 200).end();
    expect(await purgeCdn(cdnUrl, ["site"], { retryDelayMs: 10 })).toEqual({ ok: true, attempts: 2, status: 200 });
    expect(recorded.map((r) => r.keys)).toEqual(["site", "site"]);

    recorded = [];
    behaviour = (_req, res) => res.writeHead(405).end();
    const { error } = quiet();
    expect(await purgeCdn(cdnUrl, ["site"], { retryDelayMs: 10 })).toEqual({ ok: false, attempts: 1, status: 405 });
    expect(recorded).toHaveLength(1);
    expect(error.mock.calls.flat().join("\n")).toMatch(/\[cdn-purge\] purging site failed after 1 attempt\(s\): the CDN answered 405/);
  });

  it("gives up on a CDN that does not answer after its deadline and one retry, without throwing", async () => {
    const { error } = quiet();
    behaviour = (_req, res) => void hanging.add(res);
    const started = Date.now();
    const result = await purgeCdn(cdnUrl, ["story-1"], { timeoutMs: 150, retryDelayMs: 10 });
    expect(result).toEqual({ ok: false, attempts: 2, error: "no answer within 150 ms" });
    expect(recorded).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toHaveBeenCalled();

    // Nothing listening at all.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await purgeCdn(`http://127.0.0.1:${port}/`, ["story-1"], { retryDelayMs: 10 });
    expect(refused.ok).toBe(false);
    expect(refused.attempts).toBe(2);
  });
});

describe("the publish webhook with CDN_PURGE_URL", () => {
  const post = (payload: object) => {
    const body = JSON.stringify(payload);
    return action({
      request: new Request("http://localhost/api/storyblok-webhook", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(body, "purge-secret") },
      }),
      params: {},
      context: {},
    });
  };

  it("purges the keys of the published story and its folders", async () => {
    quiet();
    const res = await post({ action: "published", space_id: 1, story_id: 42, full_slug: "au/news/dealer-network-expands" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, cleared: true, cdnPurged: true });
    expect(recorded).toEqual([{ method: "PURGE", url: "/", keys: "story-42 stories folder-news", token: "purge-token-0123456789abcdef" }]);
  });

  it("purges everything for a datasource, a release merge or a deploy, and nothing for an event that changes no content", async () => {
    quiet();
    await (await post({ action: "entries_updated", space_id: 1, datasource_slug: "colours" })).json();
    expect(recorded.map((r) => r.keys)).toEqual(["site"]);
    for (const payload of [
      { action: "branch_deployed", space_id: 1, branch_id: 3 },
      // A release merge names no single story, even when its payload carries one.
      { action: "release_merged", space_id: 1, release_id: 7, story_id: 42, full_slug: "au/news/dealer-network-expands" },
    ]) {
      webhookCoalescer.clear();
      recorded = [];
      await (await post(payload)).json();
      expect(recorded.map((r) => r.keys), payload.action).toEqual(["site"]);
    }
    recorded = [];
    await (await post({ action: "stage.changed", space_id: 1, story_id: 42 })).json();
    expect(recorded).toEqual([]);
  });

  it("purges nothing for a replay of a body already handled (nothing published since)", async () => {
    quiet();
    const payload = { action: "published", space_id: 1, story_id: 42, full_slug: "au/news/dealer-network-expands" };
    expect(await (await post(payload)).json()).toMatchObject({ cleared: true, cdnPurged: true });
    for (let i = 0; i < 3; i++) {
      webhookCoalescer.clear();
      expect(await (await post(payload)).json()).toMatchObject({ cleared: false, replayed: true });
    }
    expect(recorded).toHaveLength(1);
  });

  it("answers 200 when the CDN fails, saying so, and logs the failure", async () => {
    const { error } = quiet();
    behaviour = (_req, res) => res.writeHead(500).end();
    const res = await post({ action: "published", space_id: 1, story_id: 7, full_slug: "home" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, cleared: true, cdnPurged: false });
    expect(recorded.map((r) => r.keys)).toEqual(["story-7 stories", "story-7 stories"]);
    expect(error.mock.calls.flat().join("\n")).toContain("[cdn-purge] purging story-7 stories failed after 2 attempt(s): the CDN answered 500");
  });
});

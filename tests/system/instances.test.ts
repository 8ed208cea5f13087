import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, utimesSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSignature } from "~/content/webhook.server";
import { contactUsLead, submittedKey } from "../support/leads";
import { startCrmStub, type CrmStub } from "../unit/forms/crm-stub";

/**
 * Several instances on one Postgres (issue 27), end to end: two production servers
 * (server-build/server.js) on 127.0.0.1, one Postgres database, a CRM stub. 500 leads are posted
 * alternately to both by 20 concurrent clients (each a visitor behind a proxy on this machine,
 * named by X-Forwarded-For); halfway the first server is killed with SIGKILL and started again.
 * A post that fails (the server died under it) is retried on the other server with the same
 * idempotency key, as a browser's retry would be. Then every acknowledged lead is stored once and
 * processed by the CRM once (counted by idempotency key), and none is missing; one client's posts
 * are limited across both servers together; a webhook to the first server changes the second
 * server's X-Content-Version within 2 s; the same body again is a replay on either server until
 * content changes; an article's publish makes the second server replace that page (served stale
 * meanwhile) and keep the others. Bounded: fixed request counts, deadlines on every wait.
 */

const DATABASE_URL = (process.env.TEST_DATABASE_URL ?? "").trim();
const BUILT = existsSync("server-build/server.js") && existsSync("build/server/index.js");
const LEADS = 500;
const CLIENTS = 20;
/** Per client and window: above the 25 leads each load client sends, below the limited client's 40 posts. */
const FORM_LIMIT = 30;
const SECRET = "system-test-webhook-secret";

/** Free ports in 3260-3279 (the range this suite may use). */
async function freePorts(count: number): Promise<number[]> {
  const free: number[] = [];
  // SYSTEM_TEST_PORT: the first port to try (a machine shared by several runs gives each its own range).
  const first = Number(process.env.SYSTEM_TEST_PORT ?? 3260);
  for (let port = first; port <= first + 19 && free.length < count; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (ok) free.push(port);
  }
  if (free.length < count) throw new Error(`no free ports in ${first}-${first + 19}`);
  return free;
}

async function admin(sql: string): Promise<void> {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Instance {
  port: number;
  url: string;
  child: ChildProcess | null;
  log: string[];
}

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ""}`);
}

const suite = DATABASE_URL && BUILT ? describe : describe.skip;

suite("several instances on one Postgres (production build)", () => {
  let databaseUrl = "";
  let database = "";
  let contentDir = "";
  let crm: CrmStub;
  const instances: Instance[] = [];

  function start(instance: Instance, env: Record<string, string>) {
    const child = spawn(process.execPath, ["server-build/server.js"], {
      env: { PATH: process.env.PATH ?? "", ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(instance.port), SITE_URL: instance.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      instance.log.push(chunk.toString());
      if (instance.log.length > 200) instance.log.shift();
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    instance.child = child;
    return waitFor(`${instance.url}/healthz`, async () => (await fetch(`${instance.url}/healthz`)).ok, 30_000);
  }

  function stop(instance: Instance): Promise<void> {
    const child = instance.child;
    instance.child = null;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  }

  let env: Record<string, string>;
  beforeAll(async () => {
    database = `system_${randomBytes(5).toString("hex")}`;
    await admin(`CREATE DATABASE ${database}`);
    const url = new URL(DATABASE_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    // A copy of the fixture content: the webhook test changes it.
    contentDir = mkdtempSync(path.join(tmpdir(), "system-content-"));
    cpSync("content-fixtures/stories", path.join(contentDir, "stories"), { recursive: true });
    cpSync("content-fixtures/datasources", path.join(contentDir, "datasources"), { recursive: true });
    symlinkSync(path.resolve("content-fixtures/assets"), path.join(contentDir, "assets"));
    crm = await startCrmStub();
    env = {
      NODE_ENV: "production",
      CONTENT_DIR: contentDir,
      DATABASE_URL: databaseUrl,
      CRM_BASE_URL: crm.url,
      OUTBOX_POLL_MS: "200",
      STORYBLOK_WEBHOOK_SECRET: SECRET,
      FORM_RATE_LIMIT: String(FORM_LIMIT),
      FORM_RATE_WINDOW_SECONDS: "600",
      LOG_FORMAT: "json",
      REVERSE_GEOCODE_URL: "",
    };
    for (const port of await freePorts(2)) instances.push({ port, url: `http://127.0.0.1:${port}`, child: null, log: [] });
    // One after the other: the first runs the migrations.
    for (const instance of instances) await start(instance, env);
  });

  afterAll(async () => {
    await Promise.all(instances.map(stop));
    await crm?.close();
    if (database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    if (contentDir) rmSync(contentDir, { recursive: true, force: true });
  });

  let seq = 0;
  const lead = () => contactUsLead(++seq, { firstName: "System", lastName: "Instances", emailUser: "system", comments: "Several instances test" });
  const post = (instance: Instance, client: string, key: string, body: object) =>
    fetch(`${instance.url}/api/form/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": key, "X-Forwarded-For": client },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });

  it("stores and delivers every acknowledged lead once, across a SIGKILL; limits one client across both; invalidates both", async () => {
    const acknowledged = new Set<string>();
    const refused: number[] = [];
    let lost = 0;
    const firstPid = instances[0].child?.pid;
    let sent = 0;
    let killed: Promise<void> | null = null;

    // ---- 500 leads from 20 clients, alternating between the servers; server 1 dies halfway ----
    const client = async (c: number) => {
      const address = `198.51.100.${c + 1}`;
      // Client c sends leads c, c + 20, ...: 25 each, under its limit.
      for (let i = c; i < LEADS; i += CLIENTS) {
        if (++sent === LEADS / 2) {
          killed = (async () => {
            await stop(instances[0]);
            await start(instances[0], env);
          })();
        }
        const key = `system-lead-${String(i).padStart(4, "0")}`;
        const body = lead();
        let target = i % 2;
        for (let attempt = 0; attempt < 4; attempt++) {
          const response = await post(instances[target], address, key, body).catch(() => null);
          if (response?.ok) {
            acknowledged.add(key);
            break;
          }
          if (response) refused.push(response.status);
          else lost++;
          await response?.body?.cancel();
          // The server died under the post, or is starting again: the other one gets the retry.
          target = 1 - target;
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    await killed;
    // The first server was killed and started again (a new process).
    expect(instances[0].child?.pid).toBeDefined();
    expect(instances[0].child?.pid).not.toBe(firstPid);
    expect(refused.filter((s) => s !== 503)).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(LEADS - 5);

    // ---- every stored lead delivered (the killed server's claims run out after their lease) ----
    const pg = await import("pg");
    const db = new pg.default.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await waitFor(
        "every lead delivered",
        async () => (await db.query("SELECT COUNT(*)::int AS n FROM leads WHERE status <> 'delivered'")).rows[0].n === 0,
        60_000,
        250,
      );
      const rows = (await db.query("SELECT idempotency_key, COUNT(*)::int AS n FROM leads GROUP BY idempotency_key")).rows as { idempotency_key: string; n: number }[];
      const stored = new Map(rows.map((r) => [r.idempotency_key, r.n]));
      const submitted = new Map(rows.map((r) => [submittedKey(r.idempotency_key), r.n]));
      for (const key of acknowledged) expect(submitted.get(key), key).toBe(1);
      // The CRM processed each stored lead once (by idempotency key), and nothing else.
      expect(new Set(crm.processed)).toEqual(new Set(stored.keys()));
      expect(crm.requests.every((r) => r.key && stored.has(r.key))).toBe(true);
      const repeats = [...crm.successes.values()].filter((n) => n > 1).length;
      console.log(
        `[system] ${acknowledged.size}/${LEADS} leads acknowledged, ${stored.size} stored, ${crm.processed.size} processed by the CRM; ` +
          `${crm.requests.length} CRM requests (${repeats} lead(s) sent again after the kill, recognised by their key); ${lost + refused.length} post(s) retried on the other server (${lost} lost with the killed server)`,
      );
    } finally {
      await db.end();
    }

    // ---- one client's form posts are limited across both servers together ----
    const statuses: number[] = [];
    for (let i = 0; i < FORM_LIMIT + 10; i++) {
      const response = await post(instances[i % 2], "203.0.113.50", `system-limited-${i}`, lead());
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await response.json()).error).toMatch(/^Too many form submissions from your connection\. Please wait \d+ minutes? and try again\.$/);
      } else await response.body?.cancel();
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(FORM_LIMIT);
    expect(statuses.slice(FORM_LIMIT)).toEqual(Array(10).fill(429));

    // ---- a webhook to server 1 changes server 2's X-Content-Version within 2 s ----
    const version = async (instance: Instance) => {
      const response = await fetch(`${instance.url}/au`);
      await response.body?.cancel();
      return Number(response.headers.get("x-content-version"));
    };
    const before = await version(instances[1]);
    expect(before).toBeGreaterThan(0);
    // Content changes (a newer file: the local content API's version is its newest file's time).
    const future = new Date(Date.now() + 5_000);
    utimesSync(path.join(contentDir, "stories", "contact-us.json"), future, future);
    // The local content API rescans its folder at most once a second.
    await new Promise((r) => setTimeout(r, 1_100));
    // Contact us (every page's header links to it, so every page shows it).
    const body = JSON.stringify({ text: "published", action: "published", space_id: 1, story_id: 165090488, full_slug: "contact-us" });
    const hook = await fetch(`${instances[0].url}/api/storyblok-webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(body, SECRET) },
      body,
    });
    expect(hook.status).toBe(200);
    const { cv } = (await hook.json()) as { cv: number };
    expect(cv).toBeGreaterThan(before);
    const sentAt = Date.now();
    const after = await waitFor("server 2's new content version", async () => ((await version(instances[1])) === cv ? cv : null), 2_000, 50);
    expect(after).toBe(cv);
    expect(Date.now() - sentAt).toBeLessThan(2_000);

    // ---- the same signed body again, to either server, nothing published since: a replay, which costs nothing ----
    const hookTo = async (instance: Instance, payload: string) => {
      const response = await fetch(`${instance.url}/api/storyblok-webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "webhook-signature": webhookSignature(payload, SECRET) },
        body: payload,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { cleared: boolean; replayed?: boolean; cv?: number };
    };
    const cacheOf = async (instance: Instance, page: string) => {
      const response = await fetch(`${instance.url}${page}`);
      await response.body?.cancel();
      return { cache: response.headers.get("x-cache"), cv: Number(response.headers.get("x-content-version")) };
    };
    await waitFor("server 2's /au stored again", async () => ((await cacheOf(instances[1], "/au")).cache === "HIT" ? true : null), 5_000, 50);
    for (const instance of [...instances].reverse()) expect(await hookTo(instance, body)).toEqual({ ok: true, action: "published", cleared: false, replayed: true });
    expect(await cacheOf(instances[1], "/au")).toEqual({ cache: "HIT", cv });
    // Published again (Storyblok sends the same body): content changed since, so it is a publish, on either server.
    const later = new Date(Date.now() + 10_000);
    utimesSync(path.join(contentDir, "stories", "contact-us.json"), later, later);
    await new Promise((r) => setTimeout(r, 1_100));
    const again = await hookTo(instances[1], body);
    expect(again).toMatchObject({ cleared: true });
    expect(again.cv).toBeGreaterThan(cv);

    // ---- an article's publish on server 1: server 2 replaces that page, and keeps the model page ----
    const ARTICLE = "/au/news/dealer-network-expands";
    const MODEL = "/au/models/suv/tarrak";
    for (const page of [ARTICLE, MODEL]) {
      await waitFor(`server 2's ${page} stored`, async () => ((await cacheOf(instances[1], page)).cache === "HIT" ? true : null), 10_000, 50);
    }
    const newest = new Date(Date.now() + 15_000);
    utimesSync(path.join(contentDir, "stories", "news", "dealer-network-expands.json"), newest, newest);
    await new Promise((r) => setTimeout(r, 1_100));
    const article = JSON.stringify({ text: "published", action: "published", space_id: 1, story_id: 667959431, full_slug: "news/dealer-network-expands" });
    const published = await hookTo(instances[0], article);
    expect(published).toMatchObject({ cleared: true });
    const seen: string[] = [];
    await waitFor(
      "server 2's article at the new version",
      async () => {
        const now = await cacheOf(instances[1], ARTICLE);
        seen.push(now.cache ?? "");
        return now.cv === published.cv && now.cache === "HIT" ? true : null;
      },
      5_000,
      50,
    );
    // Served stale while it was replaced, never a miss a visitor waited for.
    expect(seen).not.toContain("MISS");
    expect(seen).toContain("STALE");
    expect((await cacheOf(instances[1], MODEL)).cache).toBe("HIT");
  });
});

if (!DATABASE_URL || !BUILT) {
  describe("several instances on one Postgres: not run", () => {
    it.skip(`needs ${!BUILT ? "the production build (npm run build)" : ""}${!BUILT && !DATABASE_URL ? " and " : ""}${!DATABASE_URL ? "TEST_DATABASE_URL (npm run test:pg)" : ""}`, () => {});
  });
}

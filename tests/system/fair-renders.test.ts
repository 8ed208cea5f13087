import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkVariant, parseImageRequest } from "~/server/images/image-request";
import { siteVariantPolicy } from "~/server/images/image-service.server";
import { freePort } from "../support/net";

/**
 * Fair renders on the production build with the default limits: one client (named by
 * X-Forwarded-For from this machine, a trusted loopback proxy) crawls distinct dealer searches
 * with 64 connections while a second client loads eight pages that need renders too. The second
 * visitor's pages all succeed and /healthz always answers; the crawler gets fast 503s with
 * Retry-After for what is past its share (counted as such by /metrics). Behaviour, not timings:
 * the figures are the benchmark's (bench/fairness.mjs). Also: every image URL the pages write is
 * one the image service encodes (none is redirected to another size).
 */

const BUILT = existsSync("server-build/server.js") && existsSync("build/server/index.js");
const TOKEN = "system-test-metrics-token-0123456789";
const CRAWLER = "203.0.113.50";
const VISITOR = "198.51.100.20";
const CONNECTIONS = 64;
/** The crawl lasts while the visitor makes its requests, at most this long. */
const CRAWL_MS = 60_000;
const VISITS = 8;

let child: ChildProcess | null = null;
let base = "";
let dir = "";
const log: string[] = [];

const suite = BUILT ? describe : describe.skip;

beforeAll(async () => {
  if (!BUILT) return;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dir = mkdtempSync(path.join(tmpdir(), "fair-renders-"));
  child = spawn(process.execPath, ["server-build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      CONTENT_DIR: "content-fixtures",
      SITE_URL: base,
      STORYBLOK_TOKEN: "",
      DATABASE_URL: "",
      LEADS_DB_PATH: path.join(dir, "leads.db"),
      METRICS_TOKEN: TOKEN,
      MALLOC_ARENA_MAX: "2",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    for (const line of chunk.split("\n")) if (line && !line.includes('"msg":"request"') && log.length < 200) log.push(line);
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) {
        // The visitor's cached pages, warm (as on a site in use).
        for (const page of pages) await (await fetch(base + page)).text();
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start:\n${log.join("\n")}`);
}, 90_000);

afterAll(() => {
  child?.kill("SIGTERM");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const pages = ["/au", "/au/offers", "/au/models/suv/tarrak", "/au/news", "/nz"];

async function get(url: string, client: string): Promise<{ status: number; retryAfter: string | null; body: string }> {
  const res = await fetch(base + url, { headers: { "x-forwarded-for": client }, redirect: "manual", signal: AbortSignal.timeout(60_000) });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.text() };
}

suite("fair renders under a crawl", () => {
  it("a second visitor's pages all succeed while one client crawls with 64 connections; the crawler gets fast 503s", async () => {
    const crawl: { status: number; retryAfter: string | null; overloadPage: boolean }[] = [];
    const visitor: { url: string; status: number }[] = [];
    const health: number[] = [];
    let n = 0;
    let visiting = true;
    const until = Date.now() + CRAWL_MS;
    const crawler = Array.from({ length: CONNECTIONS }, async () => {
      while (visiting && Date.now() < until) {
        const i = n++;
        try {
          const res = await get(`/au/dealer-locator?q=crawl${i}`, CRAWLER);
          crawl.push({ status: res.status, retryAfter: res.retryAfter, overloadPage: res.body.includes("This page is temporarily unavailable") });
        } catch {
          crawl.push({ status: 0, retryAfter: null, overloadPage: false });
        }
      }
    });
    const second = (async () => {
      // The visitor starts once the crawler holds its share (its first 503), and makes a fixed
      // number of requests while the crawl goes on.
      while (!crawl.some((c) => c.status === 503) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < VISITS; i++) {
        // Pages that need a render every time (distinct dealer searches) and pages of the cache.
        const url = i % 2 === 0 ? `/au/dealer-locator?q=visit${i}` : pages[(i >> 1) % pages.length]!;
        visitor.push({ url, status: (await get(url, VISITOR)).status });
        health.push((await fetch(`${base}/healthz`)).status);
      }
      visiting = false;
    })();
    await Promise.all([...crawler, second]);

    const failed = visitor.filter((v) => v.status !== 200);
    expect(visitor).toHaveLength(VISITS);
    expect(failed, JSON.stringify(failed)).toEqual([]);
    expect(health.every((s) => s === 200)).toBe(true);

    const refused = crawl.filter((c) => c.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((c) => c.retryAfter === "5" && c.overloadPage)).toBe(true);
    // The crawler still got its share rendered.
    expect(crawl.filter((c) => c.status === 200 || c.status === 302).length).toBeGreaterThan(0);

    // Refused for being past its share (before any render), as the operator sees it.
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const clientShare = Number(/^render_refusals_total\{reason="client_share"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
    expect(clientShare).toBeGreaterThan(0);
    expect(Number(/^render_slots_in_use (\d+)/m.exec(metrics)?.[1])).toBeLessThanOrEqual(8);
    // Well under a minute on a quiet machine; the bound is for a machine shared with much other work.
  }, 150_000);

  it("every image URL the pages write is a variant the image service encodes", async () => {
    const policy = siteVariantPolicy();
    const seen = new Set<string>();
    for (const page of ["/au", "/au/models/suv/tarrak", "/au/config/tarrak", "/au/offers", "/au/news", "/au/news/dealer-network-expands", "/au/accessories"]) {
      const html = (await get(page, VISITOR)).body;
      for (const m of html.matchAll(/\/media\/([^"'\s,]+\/m\/[^"'\s,]*)/g)) seen.add(m[1]!.replace(/&amp;/g, "&"));
    }
    expect(seen.size).toBeGreaterThan(20);
    const redirected = [...seen].filter((url) => {
      const parsed = parseImageRequest(url);
      return !parsed.ok || !checkVariant(parsed.request, policy).allowed;
    });
    expect(redirected).toEqual([]);
  }, 120_000);
});

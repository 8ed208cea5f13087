import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerMatches, Metrics, routeKind, startMetricsServer } from "~/server/observability/metrics.server";
import { mayBeStaticFile } from "~/server/http/static-paths";
import { closeBuild, startTestServer, type TestServer } from "../security/harness";

/**
 * Operators can see an attack: /metrics in Prometheus's format with requests and
 * latency by route kind, page-cache outcomes, render slots and refusals, event-loop delay, image
 * encodes and the lead store's backlog; never served on the public port without the token.
 */

const TOKEN = "metrics-test-token-0123456789abcdef";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN, IMAGE_RATE_LIMIT: "100000" });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await closeBuild();
});

const scrape = (headers: Record<string, string> = {}) => fetch(`${server.url}/metrics`, { headers });

function value(body: string, series: string): number {
  const line = body.split("\n").find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no series ${series}`);
  return Number(line.slice(series.length + 1));
}

describe("/metrics on the public port", () => {
  it("is not served without the bearer token, nor with a wrong one", { timeout: 30_000 }, async () => {
    for (const headers of [{} as Record<string, string>, { authorization: "Bearer wrong-token-wrong-token-wrong-token" }, { authorization: TOKEN }]) {
      const res = await scrape(headers);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("http_requests_total");
    }
  });

  it("after some traffic, names requests by route kind, cache outcomes, renders, images, event loop and leads", async () => {
    await (await fetch(`${server.url}/au/news`)).text();
    await (await fetch(`${server.url}/au/news`)).text();
    await (await fetch(`${server.url}/healthz`)).text();
    await (await fetch(`${server.url}/au/news.data`)).text();
    const image = await fetch(`${server.url}/media/hero-corvale.jpg/m/640x360/filters:format(webp)`);
    expect(image.status).toBe(200);
    const odd = await fetch(`${server.url}/media/hero-corvale.jpg/m/641x361`, { redirect: "manual" });
    expect(odd.status).toBe(302);

    const res = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const body = await res.text();
    expect(value(body, 'http_requests_total{kind="page",code="2xx"}')).toBeGreaterThanOrEqual(2);
    expect(value(body, 'http_requests_total{kind="health",code="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(value(body, 'http_requests_total{kind="media",code="3xx"}')).toBe(1);
    expect(body).toMatch(/http_requests_total\{kind="data",code="\dxx"\} 1/);
    expect(value(body, 'http_request_duration_seconds_count{kind="page"}')).toBeGreaterThanOrEqual(2);
    expect(value(body, 'page_cache_outcomes_total{outcome="MISS"}')).toBeGreaterThanOrEqual(1);
    expect(value(body, 'page_cache_outcomes_total{outcome="HIT"}')).toBeGreaterThanOrEqual(1);
    expect(value(body, "render_slots_in_use")).toBe(0);
    expect(value(body, "render_slots")).toBe(8);
    expect(value(body, "render_queue_length")).toBe(0);
    expect(body).toContain("# TYPE render_refusals_total counter");
    expect(value(body, 'image_encodes_total{format="webp"}')).toBe(1);
    expect(value(body, 'image_requests_total{outcome="redirect"}')).toBe(1);
    expect(value(body, "image_encodes_in_progress")).toBe(0);
    expect(value(body, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
    expect(value(body, "lead_store_up")).toBe(1);
    expect(value(body, "leads_stored")).toBe(0);
    expect(value(body, "outbox_backlog")).toBe(0);
    expect(value(body, "outbox_failed")).toBe(0);
  }, 60_000);
});

describe("the metrics port", () => {
  it("serves /metrics on loopback only, and nothing else", async () => {
    const metrics = new Metrics({ defaultMetrics: false });
    const own = await startMetricsServer(metrics, 0);
    try {
      const address = own.address() as AddressInfo;
      expect(address.address).toBe("127.0.0.1");
      const base = `http://127.0.0.1:${address.port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("# TYPE http_requests_total counter");
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      own.close();
    }
  });
});

describe("routeKind and bearerMatches", () => {
  it("names a request's kind without its path", () => {
    const kinds = Object.fromEntries(
      ["/au", "/au/models/suv/tarrak", "/au/news.data", "/api/form/", "/_content/v2/cdn/stories", "/media/a.jpg/m/640x360", "/media/a.pdf", "/assets/entry-abc.js", "/favicon.ico", "/healthz", "/readyz", "/", "/sitemap.xml"].map((p) => [p, routeKind(p, mayBeStaticFile)]),
    );
    expect(kinds).toEqual({
      "/au": "page",
      "/au/models/suv/tarrak": "page",
      "/au/news.data": "data",
      "/api/form/": "api",
      "/_content/v2/cdn/stories": "api",
      "/media/a.jpg/m/640x360": "media",
      "/media/a.pdf": "media",
      "/assets/entry-abc.js": "static",
      "/favicon.ico": "static",
      "/healthz": "health",
      "/readyz": "health",
      "/": "page",
      "/sitemap.xml": "static",
    });
  });

  it("accepts only the exact bearer token", () => {
    expect(bearerMatches("Bearer abc", "abc")).toBe(true);
    expect(bearerMatches("bearer abc", "abc")).toBe(true);
    expect(bearerMatches("Bearer abcd", "abc")).toBe(false);
    expect(bearerMatches("abc", "abc")).toBe(false);
    expect(bearerMatches(undefined, "abc")).toBe(false);
  });
});

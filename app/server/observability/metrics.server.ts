import { timingSafeEqual, createHash } from "node:crypto";
import { CacheControl } from "~/server/http/cache-control";
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from "prom-client";

/**
 * Prometheus metrics (prom-client): what an operator needs to see an attack or an
 * overload. Requests and latency by route kind, the page cache's outcomes, render slots, queue
 * and refusals, event-loop delay (prom-client's default metrics, from `monitorEventLoopDelay`),
 * image encodes and refusals, and the lead store's backlog, read at scrape time. Served on its
 * own port bound to loopback (`METRICS_PORT`) or on the main port behind a bearer token
 * (`METRICS_TOKEN`); never publicly.
 */

export type RouteKind =
  | "page"
  | "data"
  | "api"
  | "media"
  | "static"
  | "health"
  | "metrics";

/** The kind of route a request path is (a label with a handful of values, never the path itself). */
export function routeKind(
  pathname: string,
  isStaticFile: (pathname: string) => boolean
): RouteKind {
  if (pathname === "/healthz" || pathname === "/readyz") return "health";
  if (pathname === "/metrics") return "metrics";
  if (pathname.startsWith("/media/")) return "media";
  if (pathname.startsWith("/api/") || pathname.startsWith("/_content/"))
    return "api";
  if (pathname.endsWith(".data")) return "data";
  if (
    pathname.startsWith("/assets/") ||
    (isStaticFile(pathname) && /\.[a-z0-9]{1,8}$/i.test(pathname))
  )
    return "static";
  return "page";
}

/** What the render limiter tells (RenderLimiter). */
export interface RenderLimitView {
  readonly concurrency: number;
  readonly active: number;
  readonly queued: number;
  readonly clientCount: number;
  readonly refusals: Readonly<Record<string, number>>;
}

/** What the image service tells (ImageStats). */
export interface ImageStatsView {
  readonly hits: number;
  readonly misses: number;
  readonly redirects: number;
  readonly invalid: number;
  readonly refusedBusy: number;
  readonly refusedClient: number;
  readonly encodesActive: number;
  readonly encodesQueued: number;
  readonly cacheBytes: number;
  readonly cacheFiles: number;
}

export interface MetricsOptions {
  isStaticFile?: (pathname: string) => boolean;
  /** Leads by status (the lead store's `counts()`), read at scrape time. */
  leadCounts?: () => Promise<Record<string, number>>;
  /** Default Node metrics (event-loop delay, memory, GC); off in tests that make many registries. */
  defaultMetrics?: boolean;
}

const LATENCY_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

/** A counter that follows a running total kept elsewhere (it only ever adds the difference). */
function follow(
  counter: Counter<string>,
  labels: Record<string, string>,
  total: number,
  seen: Map<string, number>
): void {
  const key = JSON.stringify(labels);
  const last = seen.get(key) ?? 0;
  if (total > last) counter.inc(labels, total - last);
  seen.set(key, Math.max(last, total));
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"kind" | "code">;
  private readonly latency: Histogram<"kind">;
  private readonly cacheOutcomes: Counter<"outcome">;
  private readonly encodeSeconds: Histogram<"format">;
  private readonly encodes: Counter<"format">;
  private readonly isStaticFile: (pathname: string) => boolean;
  private renderLimit: RenderLimitView | null = null;
  private images: ImageStatsView | null = null;

  constructor(private readonly options: MetricsOptions = {}) {
    const registers = [this.registry];
    this.isStaticFile = options.isStaticFile ?? (() => false);
    if (options.defaultMetrics !== false)
      collectDefaultMetrics({
        register: this.registry,
        eventLoopMonitoringPrecision: 10,
      });
    this.requests = new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route kind and status class.",
      labelNames: ["kind", "code"],
      registers,
    });
    this.latency = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request (until the response is sent), by route kind.",
      labelNames: ["kind"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.cacheOutcomes = new Counter({
      name: "page_cache_outcomes_total",
      help: "HTML pages by the page cache's outcome (X-Cache: HIT, MISS, STALE, BYPASS).",
      labelNames: ["outcome"],
      registers,
    });
    this.encodes = new Counter({
      name: "image_encodes_total",
      help: "Images encoded by the image service (cache misses), by output format.",
      labelNames: ["format"],
      registers,
    });
    this.encodeSeconds = new Histogram({
      name: "image_encode_duration_seconds",
      help: "Time of one image encode.",
      labelNames: ["format"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers,
    });

    // The collect functions run with the metric as `this`; these read the watched sources.
    const limit = () => this.renderLimit;
    const imageStats = () => this.images;
    const refusalsSeen = new Map<string, number>();
    new Counter({
      name: "render_refusals_total",
      help: "Renders refused with a fast 503, by reason (client_share: one client over its share; client_rate: over its renders in time; queue_full; queue_timeout).",
      labelNames: ["reason"],
      registers,
      collect() {
        const view = limit();
        if (view) for (const [reason, total] of Object.entries(view.refusals)) follow(this, { reason }, total, refusalsSeen);
      },
    });
    new Gauge({
      name: "render_slots_in_use",
      help: "Server renders running now.",
      registers,
      collect() {
        const view = limit();
        if (!view) return;
        this.set(view.active);
      },
    });
    new Gauge({
      name: "render_slots",
      help: "Render slots (RENDER_CONCURRENCY).",
      registers,
      collect() {
        const view = limit();
        if (view) this.set(view.concurrency);
      },
    });
    new Gauge({
      name: "render_queue_length",
      help: "Requests waiting for a render slot now.",
      registers,
      collect() {
        const view = limit();
        if (view) this.set(view.queued);
      },
    });
    new Gauge({
      name: "render_clients",
      help: "Clients holding a render slot or a queue place now.",
      registers,
      collect() {
        const view = limit();
        if (view) this.set(view.clientCount);
      },
    });

    const imageSeen = new Map<string, number>();
    new Counter({
      name: "image_requests_total",
      help: "Image-service answers by outcome (hit, miss, redirect: a variant no page asks for; invalid; busy: encode queue full; client_limit: a client's misses).",
      labelNames: ["outcome"],
      registers,
      collect() {
        const s = imageStats();
        if (!s) return;
        const outcomes = { hit: s.hits, miss: s.misses, redirect: s.redirects, invalid: s.invalid, busy: s.refusedBusy, client_limit: s.refusedClient };
        for (const [outcome, total] of Object.entries(outcomes)) follow(this, { outcome }, total, imageSeen);
      },
    });
    new Gauge({
      name: "image_encodes_in_progress",
      help: "Image encodes running now.",
      registers,
      collect() {
        const s = imageStats();
        if (!s) return;
        this.set(s.encodesActive);
      },
    });
    new Gauge({
      name: "image_encode_queue_length",
      help: "Image misses waiting for an encode now.",
      registers,
      collect() {
        const s = imageStats();
        if (s) this.set(s.encodesQueued);
      },
    });
    new Gauge({
      name: "image_cache_bytes",
      help: "Bytes in the image service's disk cache.",
      registers,
      collect() {
        const s = imageStats();
        if (s) this.set(s.cacheBytes);
      },
    });

    if (options.leadCounts) {
      // One read of the store per scrape, shared by the gauges (prom-client collects them at once).
      const leadCounts = options.leadCounts;
      let last: { at: number; counts: Promise<Record<string, number> | null> } | null = null;
      const read = () => {
        const now = Date.now();
        if (!last || now - last.at > 1000) last = { at: now, counts: leadCounts().catch(() => null) };
        return last.counts;
      };
      const gauge = (name: string, help: string, value: (counts: Record<string, number>) => number) =>
        new Gauge({
          name,
          help,
          registers,
          async collect() {
            const counts = await read();
            if (counts) this.set(value(counts));
          },
        });
      gauge("leads_stored", "Leads stored, whatever their status.", (counts) => Object.values(counts).reduce((a, b) => a + b, 0));
      gauge("outbox_backlog", "Leads waiting for delivery to the CRM (the outbox's backlog).", (counts) => counts.pending ?? 0);
      gauge("outbox_failed", "Leads whose delivery failed after every attempt.", (counts) => counts.failed ?? 0);
      new Gauge({
        name: "lead_store_up",
        help: "1 when the lead store answered the last scrape.",
        registers,
        async collect() {
          this.set((await read()) ? 1 : 0);
        },
      });
    }
  }

  /** The render limiter to report (slots, queue, refusals). */
  watchRenderLimit(view: RenderLimitView): void {
    this.renderLimit = view;
  }

  /** The image service to report (outcomes, encodes in progress, queue, cache size). */
  watchImages(view: ImageStatsView): void {
    this.images = view;
  }

  imageEncoded(format: string, seconds: number): void {
    this.encodes.inc({ format });
    this.encodeSeconds.observe({ format }, seconds);
  }

  /** Counts one answered request (the middleware's, and the fast 503s written before Express). */
  answered(pathname: string, statusCode: number, seconds: number): void {
    const kind = routeKind(pathname, this.isStaticFile);
    this.requests.inc({
      kind,
      code: `${Math.floor(statusCode / 100)}xx`,
    });
    this.latency.observe({ kind }, seconds);
  }

  /** Middleware timing every request from here until its response is sent or its client goes. */
  middleware() {
    return (req: { path: string }, res: ServerResponse, next: () => void) => {
      const started = performance.now();
      let done = false;
      const end = () => {
        if (done) return;
        done = true;
        this.answered(req.path, res.statusCode, (performance.now() - started) / 1000);
        const outcome = res.getHeader("x-cache");
        if (
          typeof outcome === "string" &&
          /^(HIT|MISS|STALE|BYPASS)$/.test(outcome)
        )
          this.cacheOutcomes.inc({ outcome });
      };
      res.once("finish", end);
      res.once("close", end);
      next();
    };
  }

  /** The text a Prometheus scrape gets. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return {
      contentType: this.registry.contentType,
      body: await this.registry.metrics(),
    };
  }
}

/** Whether an Authorization header carries the bearer token (compared in constant time). */
export function bearerMatches(
  header: string | undefined,
  token: string
): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!m) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}

/** A server for /metrics alone, on its own port (bound to loopback unless told otherwise). */
export function startMetricsServer(
  metrics: Metrics,
  port: number,
  host = "127.0.0.1"
): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res
        .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
        .end("Not found\n");
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) =>
        res
          .writeHead(200, {
            "Content-Type": contentType,
            "Cache-Control": CacheControl.noStore,
          })
          .end(body),
      () =>
        res
          .writeHead(500, { "Content-Type": "text/plain; charset=utf-8" })
          .end("Scrape failed\n")
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

import { RATE_LIMIT_MESSAGE } from "./messages";

/**
 * Rate limit on form posts per client: at most `limit` posts in a sliding `windowMs`. In memory,
 * per process (several instances each allow the limit). `formPostRateLimit()` is the Express
 * middleware for server.ts: it keys on req.ip (which honours Express's "trust proxy").
 */

export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 20, windowMs: 10 * 60_000 };

/** At most this many clients are tracked; the oldest are dropped first. */
const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    private readonly config: RateLimitConfig = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a post; `allowed` false (with seconds until a slot frees) when over the limit. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number; remaining: number } {
    const now = this.now();
    const since = now - this.config.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (times.length >= this.config.limit) {
      this.hits.set(key, times);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0] + this.config.windowMs - now) / 1000)), remaining: 0 };
    }
    times.push(now);
    // Re-insert so the map's order is least recently used first.
    this.hits.delete(key);
    this.hits.set(key, times);
    if (this.hits.size > MAX_KEYS) {
      const oldest = this.hits.keys().next().value;
      if (oldest !== undefined) this.hits.delete(oldest);
    }
    return { allowed: true, retryAfterSeconds: 0, remaining: this.config.limit - times.length };
  }
}

/** POSTs that are form submissions: the JSON APIs and posts to country pages (route actions). */
export const FORM_POST_PATH = /^\/(?:api\/(?:form|competition)(?:\/|$)|(?:au|nz)(?:[/.]|$))/;

export function rateLimitConfigFromEnv(env: Record<string, string | undefined> = process.env): RateLimitConfig {
  const limit = Number(env.FORM_RATE_LIMIT);
  const windowSeconds = Number(env.FORM_RATE_WINDOW_SECONDS);
  return {
    limit: Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_RATE_LIMIT.limit,
    windowMs: Number.isInteger(windowSeconds) && windowSeconds > 0 ? windowSeconds * 1000 : DEFAULT_RATE_LIMIT.windowMs,
  };
}

interface MiddlewareRequest {
  method: string;
  path: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
}
interface MiddlewareResponse {
  status(code: number): MiddlewareResponse;
  set(field: string, value: string): MiddlewareResponse;
  json(body: unknown): unknown;
  type(type: string): MiddlewareResponse;
  send(body: string): unknown;
}

/**
 * Express middleware: answers 429 (with Retry-After and a clear message: JSON for fetches, a
 * short HTML page for a browser's form post) once a client has sent too many form posts.
 */
export function formPostRateLimit(config: RateLimitConfig = rateLimitConfigFromEnv(), limiter = new RateLimiter(config)) {
  return (req: MiddlewareRequest, res: MiddlewareResponse, next: () => void) => {
    if (req.method !== "POST" || !FORM_POST_PATH.test(req.path)) return next();
    const key = req.ip || req.socket?.remoteAddress || "unknown";
    const result = limiter.hit(key);
    if (result.allowed) return next();
    res.status(429).set("Retry-After", String(result.retryAfterSeconds)).set("Cache-Control", "no-store");
    const accept = String(req.headers.accept ?? "");
    const contentType = String(req.headers["content-type"] ?? "");
    if (accept.includes("application/json") || contentType.includes("application/json") || req.path.endsWith(".data")) {
      return res.json({ error: RATE_LIMIT_MESSAGE });
    }
    return res
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>429 Too Many Requests</title></head>` +
          `<body><main><h1>429 Too Many Requests</h1><p>${RATE_LIMIT_MESSAGE}</p></main></body></html>`,
      );
  };
}

import type { Env } from "~/env.server";
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

/** The form-post limit from the validated environment (server-app.ts passes server.ts's env). */
export function rateLimitConfigFromEnv(env: Pick<Env, "FORM_RATE_LIMIT" | "FORM_RATE_WINDOW_SECONDS">): RateLimitConfig {
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
export function formPostRateLimit(config: RateLimitConfig, limiter = new RateLimiter(config)) {
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

// ---- Request rate limits beyond form posts (server.ts) ----------------------------------------

/**
 * A per-client limit for high-volume traffic (every POST, the image service): a sliding window
 * approximated from the counts of the current and the previous fixed window, so each client
 * costs two numbers whatever its limit.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; current: number; previous: number }>();
  constructor(
    private readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
    const now = this.now();
    const { windowMs, limit } = this.config;
    const start = now - (now % windowMs);
    let entry = this.windows.get(key);
    if (!entry || entry.start < start - windowMs) entry = { start, current: 0, previous: 0 };
    else if (entry.start < start) entry = { start, current: 0, previous: entry.current };
    const weight = 1 - (now - start) / windowMs;
    const estimate = entry.previous * weight + entry.current;
    this.windows.delete(key);
    this.windows.set(key, entry);
    if (this.windows.size > MAX_KEYS) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    if (estimate >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
    entry.current++;
    return { allowed: true, retryAfterSeconds: 0 };
  }
}

/** Defaults per client and minute: any POST (forms have their own, stricter limit), image-service requests. */
export const DEFAULT_POST_RATE_LIMIT: RateLimitConfig = { limit: 120, windowMs: 60_000 };
export const DEFAULT_IMAGE_RATE_LIMIT: RateLimitConfig = { limit: 1200, windowMs: 60_000 };
export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests from your connection. Please wait a minute and try again.";

/** Image-service URLs (`/media/<file>/m/...`): each can cost a resize. */
export const IMAGE_SERVICE_PATH = /^\/media\/.+\/m(?:\/|$)/;

export function perMinuteFromEnv(value: string | undefined, fallback: RateLimitConfig): RateLimitConfig {
  const limit = Number(value);
  return Number.isInteger(limit) && limit > 0 ? { limit, windowMs: 60_000 } : fallback;
}

/**
 * Express middleware: at most `config.limit` matching requests per client and window; over it a
 * 429 JSON answer with Retry-After.
 */
export function requestRateLimit(applies: (req: MiddlewareRequest) => boolean, config: RateLimitConfig, counter = new WindowCounter(config)) {
  return (req: MiddlewareRequest, res: MiddlewareResponse, next: () => void) => {
    if (!applies(req)) return next();
    const result = counter.hit(req.ip || req.socket?.remoteAddress || "unknown");
    if (result.allowed) return next();
    res.status(429).set("Retry-After", String(result.retryAfterSeconds)).set("Cache-Control", "no-store");
    return res.json({ error: TOO_MANY_REQUESTS_MESSAGE });
  };
}

/** Every POST (and other writes) to the site. */
export const isWrite = (req: MiddlewareRequest) => req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS";
/** Image-service reads. */
export const isImageRequest = (req: MiddlewareRequest) => (req.method === "GET" || req.method === "HEAD") && IMAGE_SERVICE_PATH.test(req.path);

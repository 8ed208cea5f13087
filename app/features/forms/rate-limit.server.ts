import { isIPv4, isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Env } from "~/env.server";
import { CacheControl } from "~/features/http/cache-control";
import { rateLimitMessage } from "./messages";
import { withAdvisoryLock } from "./pg-lock.server";

/**
 * Per-client rate limits (ADR 018, ADR 029): form posts, every write, image-service URLs.
 * Counted by rate-limiter-flexible: in Postgres (table `rate_limits`) when DATABASE_URL is set,
 * so several instances share one count per client; in memory otherwise (one instance). Windows
 * are fixed (a client's window starts at its first request). A client is its address as Express
 * reads it (`trust proxy` from TRUST_PROXY, so behind a balancer it is the visitor's, not the
 * balancer's); IPv6 addresses count per /56 prefix, since one subscriber holds a whole prefix.
 * Answers carry the standard RateLimit headers.
 */

export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 20, windowMs: 10 * 60_000 };
/** Defaults per client and minute: any POST (forms have their own, stricter limit), image-service requests. */
export const DEFAULT_POST_RATE_LIMIT: RateLimitConfig = { limit: 120, windowMs: 60_000 };
export const DEFAULT_IMAGE_RATE_LIMIT: RateLimitConfig = { limit: 1200, windowMs: 60_000 };
export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests from your connection. Please wait a minute and try again.";

/** IPv6 clients are counted by this prefix (a home or office gets a /56 or a /48, never less). */
export const IPV6_PREFIX_BITS = 56;

/** The table of the shared counters (rate-limiter-flexible's schema, created by ensureRateLimitTable). */
export const RATE_LIMIT_TABLE = "rate_limits";

/** POSTs that are form submissions: the JSON APIs and posts to country pages (route actions). */
export const FORM_POST_PATH = /^\/(?:api\/(?:form|competition)(?:\/|$)|(?:au|nz)(?:[/.]|$))/;
/** Image-service URLs (`/media/<file>/m/...`): each can cost a resize. */
export const IMAGE_SERVICE_PATH = /^\/media\/.+\/m(?:\/|$)/;

/** The form-post limit from the validated environment (server-app.ts passes server.ts's env). */
export function rateLimitConfigFromEnv(env: Pick<Env, "FORM_RATE_LIMIT" | "FORM_RATE_WINDOW_SECONDS">): RateLimitConfig {
  const limit = Number(env.FORM_RATE_LIMIT);
  const windowSeconds = Number(env.FORM_RATE_WINDOW_SECONDS);
  return {
    limit: Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_RATE_LIMIT.limit,
    windowMs: Number.isInteger(windowSeconds) && windowSeconds > 0 ? windowSeconds * 1000 : DEFAULT_RATE_LIMIT.windowMs,
  };
}

export function perMinuteFromEnv(value: string | undefined, fallback: RateLimitConfig): RateLimitConfig {
  const limit = Number(value);
  return Number.isInteger(limit) && limit > 0 ? { limit, windowMs: 60_000 } : fallback;
}

// ---- Client keys --------------------------------------------------------------------------

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split("%")[0];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The key a client is counted under: an IPv4 address as it is (also when written as IPv4-mapped
 * IPv6), an IPv6 address by its first IPV6_PREFIX_BITS bits (`2001:db8:1:100::/56`).
 */
export function clientKey(address: string | undefined, prefixBits = IPV6_PREFIX_BITS): string {
  if (!address) return "unknown";
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  }
  const masked = groups.map((g, i) => {
    const bits = Math.max(0, Math.min(16, prefixBits - i * 16));
    return bits === 0 ? 0 : g & ((0xffff << (16 - bits)) & 0xffff);
  });
  const used = Math.ceil(prefixBits / 16);
  return `${masked.slice(0, used).map((g) => g.toString(16)).join(":")}::/${prefixBits}`;
}

// ---- Limiters -----------------------------------------------------------------------------

export interface LimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the client's window ends (and its count starts again). */
  resetSeconds: number;
}

export interface ClientLimiter {
  readonly name: string;
  readonly config: RateLimitConfig;
  /** Counts one request of `key`. */
  hit(key: string): Promise<LimitResult>;
}

/** The subset of pg's Pool the Postgres store needs. */
export type PgPool = import("pg").Pool;

function toResult(config: RateLimitConfig, res: RateLimiterRes, allowed: boolean): LimitResult {
  return {
    allowed,
    limit: config.limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/** A fixed advisory lock id, so instances starting together on a new database create the table one after the other. */
const TABLE_LOCK_ID = 7_428_532;
/** After Postgres could not be reached, counting stays in memory this long before trying again. */
export const POSTGRES_RETRY_MS = 30_000;

/** rate-limiter-flexible's own table, created here so concurrent creators cannot race. */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${RATE_LIMIT_TABLE} (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
)`;

const tables = new WeakMap<PgPool, Promise<void>>();

/**
 * Creates the counters' table once per pool. Two `CREATE TABLE IF NOT EXISTS` running at the same
 * moment can both miss the table and one fails on the catalogue's unique index, so creators take a
 * transaction-scoped advisory lock first. A failure is forgotten, so a later call tries again.
 */
export function ensureRateLimitTable(pool: PgPool): Promise<void> {
  let ready = tables.get(pool);
  if (!ready) {
    ready = withAdvisoryLock(pool, TABLE_LOCK_ID, async (client) => {
      await client.query(CREATE_TABLE);
    });
    ready.catch(() => tables.delete(pool));
    tables.set(pool, ready);
  }
  return ready;
}

/**
 * A limiter of `config.limit` requests per client and window: counted in Postgres through `pool`
 * when given (shared by every instance), else in memory. While Postgres cannot be reached (at
 * start or later), each instance counts in memory instead, so visitors are never refused for the
 * database's sake, and the shared count is tried again after POSTGRES_RETRY_MS.
 */
export function createLimiter(name: string, config: RateLimitConfig, pool?: PgPool | Promise<PgPool>, now: () => number = Date.now): ClientLimiter {
  const duration = config.windowMs / 1000;
  const memory = new RateLimiterMemory({ keyPrefix: name, points: config.limit, duration });
  let shared: Promise<RateLimiterAbstract> | undefined;
  let retryAt = 0;
  const store = (): Promise<RateLimiterAbstract> => {
    if (!pool) return Promise.resolve(memory);
    if (!shared) {
      if (now() < retryAt) return Promise.resolve(memory);
      shared = Promise.resolve(pool).then(async (client) => {
        await ensureRateLimitTable(client);
        return new RateLimiterPostgres({
          storeClient: client,
          storeType: "pool",
          tableName: RATE_LIMIT_TABLE,
          tableCreated: true,
          keyPrefix: name,
          points: config.limit,
          duration,
          insuranceLimiter: memory,
        });
      });
      shared.catch((error: unknown) => {
        console.error(`[rate-limit] ${name}: Postgres not reachable (${error instanceof Error ? error.message : String(error)}); counting in memory for now`);
        shared = undefined;
        retryAt = now() + POSTGRES_RETRY_MS;
      });
    }
    return shared.catch(() => memory);
  };
  return {
    name,
    config,
    async hit(key) {
      const limiter = await store();
      try {
        return toResult(config, await limiter.consume(key), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return toResult(config, rejection, false);
        throw rejection;
      }
    },
  };
}

/** A pg Pool for the shared counters (pg is loaded only when DATABASE_URL is set). */
export async function createRateLimitPool(connectionString: string): Promise<PgPool> {
  const pg = await import("pg");
  const Pool = pg.default?.Pool ?? pg.Pool;
  const pool = new Pool({ connectionString, max: 5 });
  // An idle client's error (the server restarted) must not crash the process.
  pool.on("error", (error: Error) => console.error(`[rate-limit] Postgres pool error: ${error.message}`));
  return pool;
}

// ---- Express middleware -------------------------------------------------------------------

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
  locals: Record<string, unknown>;
}

/** A form post over the limit, for the page's action to answer in the site's layout. */
export interface FormRateLimited {
  retryAfterSeconds: number;
  message: string;
}

/** res.locals key of FormRateLimited (read by server-app.ts's load context). */
export const FORM_RATE_LIMITED = "formRateLimited";

/**
 * The standard RateLimit headers (IETF httpapi draft, the fields most clients read):
 * RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (seconds) and RateLimit-Policy
 * (`limit;w=window seconds`).
 */
export function rateLimitHeaders(result: LimitResult, config: RateLimitConfig): Record<string, string> {
  return {
    "RateLimit-Policy": `${config.limit};w=${Math.round(config.windowMs / 1000)}`,
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(result.resetSeconds),
  };
}

async function count(limiter: ClientLimiter, req: MiddlewareRequest): Promise<LimitResult | null> {
  try {
    return await limiter.hit(clientKey(req.ip || req.socket?.remoteAddress));
  } catch (error) {
    // Never refuse a visitor because counting failed.
    console.error(`[rate-limit] ${limiter.name}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function limitedAnswer(res: MiddlewareResponse, result: LimitResult) {
  return res.status(429).set("Retry-After", String(result.resetSeconds)).set("Cache-Control", CacheControl.noStore);
}

/**
 * Form posts: over the limit, the JSON APIs answer 429 `{ error }` with the time to wait (the
 * form shows it in its result modal); a post to a page (no JavaScript) goes on to the page's
 * action with res.locals.formRateLimited set, which answers 429 with the page itself, the form
 * keeping its values and the message in its alert, inside the site's layout.
 */
export function formPostRateLimit(limiter: ClientLimiter) {
  return (req: MiddlewareRequest, res: MiddlewareResponse, next: () => void) => {
    if (req.method !== "POST" || !FORM_POST_PATH.test(req.path)) return next();
    void count(limiter, req).then((result) => {
      if (!result) return next();
      for (const [name, value] of Object.entries(rateLimitHeaders(result, limiter.config))) res.set(name, value);
      if (result.allowed) return next();
      const message = rateLimitMessage(result.resetSeconds);
      if (req.path.startsWith("/api/")) return limitedAnswer(res, result).json({ error: message });
      res.locals[FORM_RATE_LIMITED] = { retryAfterSeconds: result.resetSeconds, message } satisfies FormRateLimited;
      return next();
    });
  };
}

/** Other limits (every write, the image service): over the limit a 429 JSON answer with Retry-After. */
export function requestRateLimit(applies: (req: MiddlewareRequest) => boolean, limiter: ClientLimiter) {
  return (req: MiddlewareRequest, res: MiddlewareResponse, next: () => void) => {
    if (!applies(req)) return next();
    void count(limiter, req).then((result) => {
      if (!result) return next();
      for (const [name, value] of Object.entries(rateLimitHeaders(result, limiter.config))) res.set(name, value);
      if (result.allowed) return next();
      return limitedAnswer(res, result).json({ error: TOO_MANY_REQUESTS_MESSAGE });
    });
  };
}

/** Every POST (and other writes) to the site. */
export const isWrite = (req: MiddlewareRequest) => req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS";
/** Image-service reads. */
export const isImageRequest = (req: MiddlewareRequest) => (req.method === "GET" || req.method === "HEAD") && IMAGE_SERVICE_PATH.test(req.path);

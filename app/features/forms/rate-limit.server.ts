import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Env } from "~/server/env.server";
import { CacheControl } from "~/server/http/cache-control";
import { kindOfName } from "./field-kinds";
import { rateLimitMessage } from "./messages";
import { withAdvisoryLock } from "./pg-lock.server";

/**
 * Per-client rate limits: leads, every write, image-service URLs.
 * Leads are counted where one is accepted (submitLead, just before the store), per client address
 * (generous; past it a 429) and per contact (tight; past it the lead is held for review, never
 * refused), whatever path or spelling brought them.
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

/**
 * Leads per client address and window (FORM_RATE_LIMIT, FORM_RATE_WINDOW_SECONDS): generous, since
 * a carrier-grade NAT puts many buyers behind one IPv4 address.
 */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 100, windowMs: 10 * 60_000 };
/** Leads per contact (one e-mail address or phone number) in the same window (FORM_CONTACT_RATE_LIMIT). */
export const DEFAULT_CONTACT_RATE_LIMIT = 5;
/** Defaults per client and minute: any POST (forms have their own, stricter limit), image-service requests. */
export const DEFAULT_POST_RATE_LIMIT: RateLimitConfig = { limit: 120, windowMs: 60_000 };
export const DEFAULT_IMAGE_RATE_LIMIT: RateLimitConfig = { limit: 1200, windowMs: 60_000 };
export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests from your connection. Please wait a minute and try again.";

/** IPv6 clients are counted by this prefix (a home or office gets a /56 or a /48, never less). */
export const IPV6_PREFIX_BITS = 56;

/** The table of the shared counters (rate-limiter-flexible's schema, created by ensureRateLimitTable). */
export const RATE_LIMIT_TABLE = "rate_limits";

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

/** The per-contact lead limit: FORM_CONTACT_RATE_LIMIT leads in the form-post window. */
export function contactRateLimitConfigFromEnv(env: Pick<Env, "FORM_CONTACT_RATE_LIMIT" | "FORM_RATE_WINDOW_SECONDS">): RateLimitConfig {
  const limit = Number(env.FORM_CONTACT_RATE_LIMIT);
  return {
    limit: Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_CONTACT_RATE_LIMIT,
    windowMs: rateLimitConfigFromEnv({ FORM_RATE_LIMIT: undefined, FORM_RATE_WINDOW_SECONDS: env.FORM_RATE_WINDOW_SECONDS }).windowMs,
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
  /** Counts one request of `key` (or `points` of it: a byte budget counts kilobytes). */
  hit(key: string, points?: number): Promise<LimitResult>;
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
    async hit(key, points = 1) {
      const limiter = await store();
      try {
        return toResult(config, await limiter.consume(key, points), true);
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
}

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
  return countKey(limiter, clientKey(req.ip || req.socket?.remoteAddress));
}

async function countKey(limiter: ClientLimiter, key: string): Promise<LimitResult | null> {
  try {
    return await limiter.hit(key);
  } catch (error) {
    // Never refuse a visitor because counting failed.
    console.error(`[rate-limit] ${limiter.name}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function limitedAnswer(res: MiddlewareResponse, result: LimitResult) {
  return res.status(429).set("Retry-After", String(result.resetSeconds)).set("Cache-Control", CacheControl.noStore);
}

// ---- Leads: counted where a lead is accepted ----------------------------------------------

/**
 * The contacts a lead is counted under: its e-mail address (lowercased, without a `+tag`, so
 * `ann+1@` and `ann+2@` are one person) and its phone number (as the lead stores it: digits with
 * the country prefix). Hashed: the shared counters never hold personal data in clear.
 */
export function contactKeys(payload: Readonly<Record<string, unknown>>): string[] {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(payload)) {
    if (typeof value !== "string" || value === "") continue;
    const kind = kindOfName(name)?.id;
    if (kind === "email") {
      const [local, domain] = value.trim().toLowerCase().split(/@(?=[^@]*$)/);
      if (domain) keys.add(`email:${local.replace(/\+.*$/, "")}@${domain}`);
    } else if (kind === "phone") {
      const digits = value.replace(/\D+/g, "");
      if (digits) keys.add(`phone:${digits}`);
    }
  }
  return [...keys].map((key) => `c:${createHash("sha256").update(`kestrel-lead-contact:${key}`).digest("hex").slice(0, 32)}`);
}

/** A lead over a limit: nothing is stored; the answer is a 429 with the time to wait. */
export interface LeadLimited {
  retryAfterSeconds: number;
  message: string;
  headers: Record<string, string>;
}

/**
 * A lead within the client's own limit is taken. `held`: it names a contact past the per-contact
 * limit: it is stored held for review, not delivered and not refused, so a stranger's leads naming
 * someone cannot lock that person out of their own enquiry.
 */
export type LeadLimitVerdict = { allowed: true; held: boolean; headers: Record<string, string> } | ({ allowed: false } & LeadLimited);

/** Counts one lead of the request's client with these contacts (submitLead calls it just before the store). */
export type LeadLimitCheck = (contacts: readonly string[]) => Promise<LeadLimitVerdict>;

export interface LeadLimiters {
  /** Generous: every lead from one address (many buyers share one behind a carrier's NAT). */
  perAddress: ClientLimiter;
  /** Tight: the leads naming one e-mail address or phone number, whichever address they come from. */
  perContact: ClientLimiter;
}

/**
 * The lead limits of one request's client (`address` as `trust proxy` reads it). The address is
 * counted first (past it, a 429); then each contact (past it, the lead is held). A count that
 * fails (the database) never refuses a lead.
 */
export function leadLimitCheck(limiters: LeadLimiters, address: string | undefined): LeadLimitCheck {
  const client = clientKey(address);
  return async (contacts) => {
    const byAddress = await countKey(limiters.perAddress, client);
    const headers = byAddress ? rateLimitHeaders(byAddress, limiters.perAddress.config) : {};
    if (byAddress && !byAddress.allowed) {
      return { allowed: false, retryAfterSeconds: byAddress.resetSeconds, message: rateLimitMessage(byAddress.resetSeconds), headers };
    }
    let held = false;
    // Every contact is counted, held or not: the count is of leads naming it.
    for (const contact of contacts) {
      const byContact = await countKey(limiters.perContact, contact);
      if (byContact && !byContact.allowed) held = true;
    }
    return { allowed: true, held, headers };
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

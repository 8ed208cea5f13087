/**
 * The in-process content cache: every published
 * content read of app/content/stories.server.ts goes through it.
 *
 * - Named policies: how long a read is fresh, how long it may be served stale while one refresh
 *   runs in the background (stale-while-revalidate), and how long a stale entry keeps serving
 *   when the content service fails (stale-if-error: a content outage keeps pages serving).
 * - Request coalescing: concurrent identical reads share one upstream call.
 * - The content version (cv): remembered from responses and sent on later requests (spec site.md
 *   section 4). A response with a newer cv means content was published: every entry read at an
 *   older cv must be read again (it is still kept for stale-if-error). A cv older than
 *   CV_MAX_AGE_MS is not sent, so Storyblok answers with its latest cv.
 * - The publish webhook (app/routes/api.storyblok-webhook.tsx), on any instance, marks every entry
 *   stale (kept for stale-if-error, read again before it is served) and refreshes the cv, on every
 *   instance (invalidation.server.ts).
 *
 * - Scan-resistant, as the page cache is: an entry read once waits in a probation segment and
 *   only an entry read again is kept among those in use, so a crawl of distinct reads evicts other
 *   reads made once, not the entries (and stale copies) pages live on. Answers of "nothing" (a
 *   missing story) are kept apart, in a bound of their own, so slugs that name nothing cannot
 *   push out content that exists.
 *
 * Drafts (previews, development) are never cached: they bypass this module.
 */

import { invalidatePageCache } from "~/server/page-cache/registry";
import { onContentInvalidated } from "./invalidation.server";
import { CACHE_POLICIES, type CachePolicy } from "~/server/http/cache-policy";
import { ByteLru } from "~/server/page-cache/lru";

export type PolicyName = keyof typeof CACHE_POLICIES;

/** Folders whose stories are vehicle data. */
export const VEHICLE_PREFIXES = ["car-configurator/", "vehicle-prices/", "price-disclaimers/"] as const;
const VEHICLE_CONTENT_TYPES = /^(model-(au|nz)|model-line|vehicle-price|price-disclaimer)/;

function isVehicleSlug(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const slug = value.replace(/^\/+/, "");
  return VEHICLE_PREFIXES.some((p) => slug.startsWith(p) || `${slug}/` === p);
}

/** The policy of a single-story read by slug. */
export function policyForStory(slug: string): CachePolicy {
  if (isVehicleSlug(slug)) return CACHE_POLICIES.vehicle;
  if (slug.replace(/^\/+/, "").startsWith("global/")) return CACHE_POLICIES.globals;
  return CACHE_POLICIES.pages;
}

/** The policy of a list read: vehicle data when it only reads the catalogue, else a listing. */
export function policyForList(params: object): CachePolicy {
  return policyForListParams(params as Record<string, unknown>);
}

function policyForListParams(params: Record<string, unknown>): CachePolicy {
  const slugs = typeof params.by_slugs === "string" ? params.by_slugs.split(",").filter(Boolean) : [];
  if (isVehicleSlug(params.starts_with)) return CACHE_POLICIES.vehicle;
  if (slugs.length > 0 && slugs.every(isVehicleSlug)) return CACHE_POLICIES.vehicle;
  if (typeof params.content_type === "string" && VEHICLE_CONTENT_TYPES.test(params.content_type)) return CACHE_POLICIES.vehicle;
  return CACHE_POLICIES.listings;
}

/** A stable key of a read: kind, identifier and parameters (sorted; cv and token left out). */
export function cacheKeyOf(kind: string, id: string, params: object = {}): string {
  const entries = Object.entries(params as Record<string, unknown>)
    .filter(([k, v]) => k !== "cv" && k !== "token" && v !== undefined && v !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([kind, id, entries]);
}

/** What an upstream read gives: the value to cache and the cv of the response. */
export interface Fetched<T> {
  value: T;
  cv?: number;
}

interface Entry {
  value: unknown;
  policy: CachePolicy;
  /** cv of the response the value came from (0 when unknown). */
  cv: number;
  storedAt: number;
  /** A newer cv was seen (or the entry was invalidated): read again before serving, except on errors. */
  outdated: boolean;
  /** Each entry counts one towards its segment's bound. */
  bytes: 1;
}

export type CacheOutcome = "hit" | "stale" | "miss" | "stale-if-error" | "bypass";

export interface ContentCacheOptions {
  /** Milliseconds since the epoch (a fake clock in tests). */
  now?: () => number;
  /** Entries with content kept; of those read once, the least recently used go first. */
  maxEntries?: number;
  /** Answers of nothing (a missing story) kept, apart from the others. */
  maxMisses?: number;
  /** How long a remembered cv is sent on requests before the latest is asked for again. */
  cvMaxAgeMs?: number;
  /**
   * Applied to a value on the way out. Default: none; values are deep-frozen once when stored, so
   * callers share them read-only (a deep copy per read was 13 % of the server's CPU under load).
   */
  clone?: <T>(value: T) => T;
  /** Errors of background refreshes and stale-if-error answers are reported here. */
  onError?: (key: string, error: unknown) => void;
  /** A newer content version was seen (content was published): pages built on older content are out of date. */
  onNewVersion?: (cv: number) => void;
  /** Every read's outcome (tests, diagnostics). */
  onRead?: (key: string, outcome: CacheOutcome, policy: CachePolicy) => void;
}

/** A remembered cv is sent for this long; after that a request without cv learns the latest. */
export const CV_MAX_AGE_MS = 60_000;

/**
 * Freezes a value and everything it holds, once, when it is stored: every reader shares it, and a
 * reader that tries to change it fails loudly (strict mode) instead of changing everyone's copy.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<string | symbol, unknown>)[key]);
  return value;
}

export class ContentCache {
  private readonly entries: ByteLru<Entry>;
  private readonly misses: ByteLru<Entry>;
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly now: () => number;
  private readonly cvMaxAgeMs: number;
  private readonly clone: <T>(value: T) => T;
  private readonly onError: (key: string, error: unknown) => void;
  private readonly onRead?: (key: string, outcome: CacheOutcome, policy: CachePolicy) => void;
  private readonly onNewVersion?: (cv: number) => void;
  /** Bumped by clear(): results of reads started before it are not stored. */
  private epoch = 0;
  private cv = 0;
  private cvSeenAt = 0;

  constructor(options: ContentCacheOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.entries = new ByteLru<Entry>(options.maxEntries ?? 2000);
    this.misses = new ByteLru<Entry>(options.maxMisses ?? 500);
    this.cvMaxAgeMs = options.cvMaxAgeMs ?? CV_MAX_AGE_MS;
    this.clone = options.clone ?? ((value) => value);
    this.onError = options.onError ?? (() => undefined);
    this.onRead = options.onRead;
    this.onNewVersion = options.onNewVersion;
  }

  /**
   * Reads `key` under `policy`: fresh from memory; stale while a background refresh runs; else
   * from upstream (one call for concurrent identical reads), falling back to a stale entry when
   * upstream fails within the policy's stale-if-error window.
   */
  async read<T>(policy: CachePolicy, key: string, fetch: () => Promise<Fetched<T>>): Promise<T> {
    const now = this.now();
    // A read counts as a use (a second one keeps the entry among those in use).
    const entry = this.entries.get(key) ?? this.misses.get(key);
    if (entry && !entry.outdated) {
      const age = now - entry.storedAt;
      if (age < policy.ttlMs) return this.serve(key, entry, "hit");
      if (age < policy.ttlMs + policy.staleWhileRevalidateMs) {
        this.refresh(key, policy, fetch).catch((error: unknown) => this.onError(key, error));
        return this.serve(key, entry, "stale");
      }
    }
    try {
      const value = await this.refresh(key, policy, fetch);
      this.onRead?.(key, "miss", policy);
      return this.clone(value);
    } catch (error) {
      const stale = this.peek(key);
      if (stale && this.now() - stale.storedAt < stale.policy.ttlMs + stale.policy.staleIfErrorMs) {
        this.onError(key, error);
        return this.serve(key, stale, "stale-if-error");
      }
      throw error;
    }
  }

  private peek(key: string): Entry | undefined {
    return this.entries.peek(key) ?? this.misses.peek(key);
  }

  private serve<T>(key: string, entry: Entry, outcome: CacheOutcome): T {
    this.onRead?.(key, outcome, entry.policy);
    return this.clone(entry.value as T);
  }

  /** One upstream call per key at a time; stores the result unless the cache was cleared meanwhile. */
  private refresh<T>(key: string, policy: CachePolicy, fetch: () => Promise<Fetched<T>>): Promise<T> {
    const pending = this.inflight.get(key);
    if (pending) return pending as Promise<T>;
    const epoch = this.epoch;
    const promise = (async () => {
      const { value, cv } = await fetch();
      if (epoch === this.epoch) {
        if (cv) this.noteCv(cv);
        this.store(key, { value: deepFreeze(value), policy, cv: cv ?? this.cv, storedAt: this.now(), outdated: false, bytes: 1 });
      }
      return value;
    })();
    const done = () => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    };
    promise.then(done, done);
    this.inflight.set(key, promise);
    return promise;
  }

  private store(key: string, entry: Entry): void {
    const [segment, other] = entry.value === null || entry.value === undefined ? [this.misses, this.entries] : [this.entries, this.misses];
    other.delete(key);
    segment.set(key, entry);
  }

  private *allEntries(): IterableIterator<Entry> {
    yield* this.entries.values();
    yield* this.misses.values();
  }

  /**
   * Remembers the cv of a response. A newer cv than the one remembered means content was
   * published: entries read at an older cv are outdated (read again before they are served;
   * kept for stale-if-error).
   */
  noteCv(cv: number): void {
    if (!Number.isFinite(cv) || cv <= 0) return;
    if (cv > this.cv) {
      const previous = this.cv;
      this.cv = cv;
      if (previous > 0) {
        for (const entry of this.allEntries()) if (entry.cv < cv) entry.outdated = true;
        this.onNewVersion?.(cv);
      }
    }
    if (cv >= this.cv) this.cvSeenAt = this.now();
  }

  /** The cv to send on the next request, or undefined to ask for the latest. */
  currentCv(): number | undefined {
    if (!this.cv || this.now() - this.cvSeenAt >= this.cvMaxAgeMs) return undefined;
    return this.cv;
  }

  /**
   * Content was published: every entry must be read again before it is served, but is kept, so
   * an outage right after a publish still serves it (stale-if-error); the cv is forgotten (the
   * caller learns the new one). Reads in flight still answer their callers but are not stored.
   */
  invalidate(): void {
    this.epoch++;
    this.inflight.clear();
    for (const entry of this.allEntries()) entry.outdated = true;
    this.cv = 0;
    this.cvSeenAt = 0;
  }

  /** The newest content version this cache has seen (0 when none yet): what the instance serves. */
  get version(): number {
    return this.cv;
  }

  /** Forgets every entry and the cv; reads in flight still answer their callers but are not stored. */
  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.misses.clear();
    this.inflight.clear();
    this.cv = 0;
    this.cvSeenAt = 0;
  }

  get size(): number {
    return this.entries.size + this.misses.size;
  }
}

let shared: ContentCache | undefined;

/**
 * The process-wide content cache. It subscribes to content invalidations (this instance's webhook
 * and the other instances', invalidation.server.ts): entries become stale, the new cv is remembered.
 */
export function getContentCache(): ContentCache {
  if (!shared) {
    const cache = new ContentCache({
      onError: (key, error) => {
        const e = error as { status?: number; message?: string } | undefined;
        console.error(`[content-cache] ${key}: ${e?.status ?? ""} ${e?.message ?? String(error)} (serving cached content)`.trim());
      },
      // Stored pages were rendered from older content.
      onNewVersion: () => invalidatePageCache(null),
    });
    onContentInvalidated((event) => {
      // A publish on any instance: this instance's pages showing what changed are replaced.
      invalidatePageCache(event.keys);
      if (event.cv === null) cache.invalidate();
      else if (event.cv !== cache.version) {
        cache.invalidate();
        cache.noteCv(event.cv);
      }
    });
    shared = cache;
  }
  return shared;
}

/** Clears the process-wide content cache (the publish webhook, tests). */
export function clearContentCache(): void {
  getContentCache().clear();
}

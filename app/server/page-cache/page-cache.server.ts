/**
 * The full-page cache of published pages, in the server in front of Remix:
 *
 * - key: path + canonical query + variant (app/features/page-keys/page-keys.ts); only GET documents the caller marks
 *   eligible (published: never previews, drafts or development). The query keeps the parameters
 *   the path's last stored render said it reads (`paramsRead`), or, for a path not seen yet, every
 *   parameter its route declares; the page renders with the same parameters, so each entry's HTML
 *   depends only on its key;
 * - stored: a 200 HTML page, or the CMS 404 page (shorter, in a smaller budget of its own), whose
 *   Cache-Control is public, that sets no cookie, and whose render saw no content failure;
 * - bounded in bytes (a segmented LRU: a new key never evicts a page in use, lru.ts), and no
 *   entry larger than `maxEntryBytes`;
 * - freshness of the content cache's page policy: fresh 60 s, then served STALE while one
 *   background render refreshes it, and served STALE when a render fails (5xx, the content
 *   service down) for a day;
 * - one render for concurrent misses of a key;
 * - a publish outdates only the pages whose `Surrogate-Key` names what it changed (`invalidate`):
 *   they are served STALE (no-store, so a purged CDN does not keep them) while one background
 *   render replaces each; the rest stay fresh.
 *
 * A page a shared cache may store carries no nonce: the render's nonce is taken out of the body
 * and its Content-Security-Policy names the SHA-256 of each inline script instead (computed once,
 * when the page is stored; the same header on every HIT), so a CDN can replay it without a secret
 * and no response replays a nonce. Its ETag is of that body, as html-etag.server.ts
 * computes it, so 304s work for HIT and MISS alike.
 */
import { createHash, randomBytes } from "node:crypto";
import { CACHE_POLICIES, type CachePolicy } from "~/server/http/cache-policy";
import { CacheControl, sharedCacheMayStore } from "~/server/http/cache-control";
import { weakEtag } from "~/server/http/html-etag.server";
import { COMPRESSION_THRESHOLD_BYTES, encodeBody, negotiateEncoding, type StoredEncoding } from "~/server/http/encoding.server";
import { ByteLru } from "./lru";
import { SITE_KEY } from "./surrogate-keys";

export type CacheStatus = "HIT" | "MISS" | "STALE" | "BYPASS";

/** The CMS 404 page: shorter, and it never outlives an outage by much. */
export const NOT_FOUND_POLICY: CachePolicy = { name: "not-found", ttlMs: 30_000, staleWhileRevalidateMs: 30_000, staleIfErrorMs: 300_000 };
export const DEFAULT_PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** The largest page stored: a page this big is an attack or a bug, and would push out dozens. */
export const DEFAULT_PAGE_CACHE_MAX_ENTRY_BYTES = 512 * 1024;

/** What a render gives: the response and whether content reads failed while it ran. */
export interface RenderResult {
  response: Response;
  contentFailures: number;
}

/**
 * Renders a request with a nonce. `background`: a revalidation nobody waits for (it runs in a
 * request context of its own and may be refused by the render limit: it then throws).
 */
export type Render = (request: Request, nonce: string, background: boolean) => Promise<RenderResult>;

interface Entry {
  status: number;
  headers: [string, string][];
  /** The body, without a nonce. */
  body: Buffer;
  etag: string;
  storedAt: number;
  policy: CachePolicy;
  bytes: number;
  url: string;
  variant: unknown;
  /** The page's surrogate keys (null: not named, so any publish concerns it). */
  keys: ReadonlySet<string> | null;
  /** A publish changed content it shows: served STALE while one render replaces it. */
  outdated: boolean;
  /** The body encoded for clients that accept it, made on first demand (counted in `bytes`). */
  encoded: Partial<Record<StoredEncoding, Buffer>>;
}

export interface PageCacheOptions {
  maxBytes?: number;
  /** Larger pages are served but not stored. */
  maxEntryBytes?: number;
  /**
   * The Content-Security-Policy of a shareable page from the hashes ('sha256-…') of its inline
   * scripts. Unset: the render's own header is kept (tests of the cache alone).
   */
  scriptPolicy?: (hashes: string[]) => string;
  now?: () => number;
  policy?: CachePolicy;
  notFoundPolicy?: CachePolicy;
  onError?: (key: string, error: unknown) => void;
  /**
   * Send stored pages encoded (Brotli, gzip) as the compression middleware would choose for the
   * request, from a copy made once per page and encoding, instead of compressing per response.
   */
  encode?: boolean;
}

/** Headers of a rendered page not kept with it: per response, or recomputed. */
const UNSTORED_HEADERS = new Set(["set-cookie", "content-length", "date", "etag", "x-cache", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);

const MIN_NONCE_LENGTH = 16;

function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The HTML without the render's nonce: its attributes go, and any other occurrence of it. */
export function withoutNonce(html: string, nonce: string): string {
  if (nonce.length < MIN_NONCE_LENGTH) return html;
  return html.split(` nonce="${nonce}"`).join("").split(nonce).join("");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTED_TYPE = /^\s*(module|speculationrules|(text|application)\/(java|ecma)script|)\s*$/i;

/**
 * The CSP hash sources ('sha256-<base64>') of every inline script of `html` that a browser would
 * run (not `src` scripts, not data blocks such as JSON-LD), each once, in order. Hashed as the
 * browser does: the script's text, line breaks normalised by the HTML parser, in UTF-8.
 *
 * With the render's `nonce`, only the scripts that carry it count, each hashed as it is sent (the
 * nonce taken out): the render's own. A script that came in with content has no nonce (content
 * cannot know it), so a stored page never trusts it.
 */
export function inlineScriptHashes(html: string, nonce?: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    if (type && !EXECUTED_TYPE.test(type[1] ?? type[2] ?? type[3] ?? "")) continue;
    let script = text;
    if (nonce !== undefined) {
      const own = /\snonce\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
      if (nonce.length < MIN_NONCE_LENGTH || (own?.[1] ?? own?.[2] ?? own?.[3]) !== nonce) continue;
      script = withoutNonce(text, nonce);
    }
    const source = `'sha256-${createHash("sha256").update(script.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}'`;
    if (!hashes.includes(source)) hashes.push(source);
  }
  return hashes;
}

/** Whether a rendered response may be stored, and under which policy. */
export function storablePolicy(response: Response, contentFailures: number, policies: { page: CachePolicy; notFound: CachePolicy }): CachePolicy | null {
  if (contentFailures > 0) return null;
  if (response.status !== 200 && response.status !== 404) return null;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return null;
  if (response.headers.getSetCookie().length > 0) return null;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (!sharedCacheMayStore(cacheControl) || /\bno-cache\b/i.test(cacheControl)) return null;
  return response.status === 200 ? policies.page : policies.notFound;
}

/**
 * How a request maps to an entry: the parameters each route declares and the cookies its HTML
 * depends on (the site's rules: app/features/page-keys/page-keys.ts).
 */
export interface PageKeys {
  /** The entry's key, the canonical query and the variant of a request; `read`: the parameters the page reads, if known. */
  pageKey(url: URL, cookieHeader: string | null | undefined, read?: ReadonlySet<string> | null): { key: string; search: string; variant: unknown };
  /** The query a page renders with: the declared parameters (of them, those in `read`), in the request's order. */
  renderQuery(pathname: string, search: URLSearchParams, read?: ReadonlySet<string> | null): string;
  /** The query parameters a rendered page says it reads, or null when it does not say. */
  paramsRead?(headers: Headers): ReadonlySet<string> | null;
  /** The cookies that make a variant (what a revalidation sends). */
  variantCookieHeader(variant: unknown): string;
}

export class PageCache {
  private readonly keys: PageKeys;
  private readonly pages: ByteLru<Entry>;
  private readonly notFound: ByteLru<Entry>;
  private readonly inflight = new Map<string, Promise<Entry | null>>();
  private readonly now: () => number;
  private readonly policy: CachePolicy;
  private readonly notFoundPolicy: CachePolicy;
  private readonly onError: (key: string, error: unknown) => void;
  private readonly maxEntryBytes: number;
  private readonly scriptPolicy: ((hashes: string[]) => string) | undefined;
  private readonly encode: boolean;
  /** Bumped by clear(): renders started before it are not stored. */
  private epoch = 0;
  /** Counts invalidate() calls; the last ones are kept so a render in flight during one is stored outdated. */
  private invalidations = 0;
  private readonly recentInvalidations: { seq: number; keys: ReadonlySet<string> | null }[] = [];
  /** By path: the query parameters its last stored render read (oldest first, bounded). */
  private readonly readByPath = new Map<string, ReadonlySet<string>>();

  constructor(keys: PageKeys, options: PageCacheOptions = {}) {
    this.keys = keys;
    const maxBytes = options.maxBytes ?? DEFAULT_PAGE_CACHE_MAX_BYTES;
    this.maxEntryBytes = options.maxEntryBytes ?? DEFAULT_PAGE_CACHE_MAX_ENTRY_BYTES;
    this.scriptPolicy = options.scriptPolicy;
    // 404 pages get an eighth of the budget: a crawl of missing URLs cannot evict real pages.
    this.notFound = new ByteLru(Math.floor(maxBytes / 8));
    this.pages = new ByteLru(maxBytes - this.notFound.maxBytes);
    this.now = options.now ?? (() => Date.now());
    this.policy = options.policy ?? CACHE_POLICIES.pages;
    this.notFoundPolicy = options.notFoundPolicy ?? NOT_FOUND_POLICY;
    this.onError = options.onError ?? (() => undefined);
    this.encode = options.encode ?? false;
  }

  get enabled(): boolean {
    return this.pages.maxBytes > 0;
  }

  /**
   * True when `serve` would answer this published GET page without a render of its own: a fresh
   * or stale (or outdated) entry, or a render of its key already in flight. An overloaded server refuses other
   * requests before any work; these it still serves.
   */
  answersWithoutRender(url: URL, cookie: string | null): boolean {
    if (!this.enabled) return false;
    const target = this.keys.pageKey(url, cookie, this.readByPath.get(url.pathname));
    if (this.inflight.has(target.key)) return true;
    const entry = this.lookup(target.key);
    return entry !== undefined && this.now() - entry.storedAt < entry.policy.ttlMs + entry.policy.staleWhileRevalidateMs;
  }

  /**
   * Answers a request: from the cache when it can, else through `render` (stored when storable).
   * `eligible` is false for anything but a published GET document (then: rendered, BYPASS).
   */
  async serve(request: Request, nonce: string, render: Render, eligible: boolean): Promise<Response> {
    const url = new URL(request.url);
    const read = this.enabled ? this.readByPath.get(url.pathname) : undefined;
    const target = eligible && request.method === "GET" ? this.keys.pageKey(url, request.headers.get("Cookie"), read) : null;
    if (!target || (!this.enabled && !this.scriptPolicy)) return withStatus((await render(request, nonce, false)).response, "BYPASS");
    // The page renders with only what its key holds: what its route reads, validated
    // (app/features/page-keys/page-keys.ts), narrowed to what its blocks read once known, in the request's order.
    const canonical = new URL(request.url);
    canonical.search = this.keys.renderQuery(canonical.pathname, canonical.searchParams, read);
    const canonicalRequest = canonical.href === request.url ? request : new Request(canonical, request);
    if (!this.enabled) {
      // No cache, but a shareable page still leaves without a nonce for a CDN to replay.
      const result = await render(canonicalRequest, nonce, false);
      if (!storablePolicy(result.response, result.contentFailures, { page: this.policy, notFound: this.notFoundPolicy })) return withStatus(result.response, "BYPASS");
      return withStatus(await this.shareable(result.response, nonce), "BYPASS");
    }
    const { key } = target;
    const entry = this.lookup(key);
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && !entry.outdated && age < entry.policy.ttlMs) return this.respond(key, entry, "HIT", request);
    if (entry && age < entry.policy.ttlMs + entry.policy.staleWhileRevalidateMs) {
      if (!this.inflight.has(key)) {
        const url = new URL(entry.url);
        const headers = new Headers({ Accept: "text/html", Cookie: this.keys.variantCookieHeader(entry.variant) });
        this.fill(key, new Request(url, { headers }), newNonce(), render, true).catch((error: unknown) => this.onError(key, error));
      }
      return this.respond(key, entry, "STALE", request);
    }

    // A miss: the request itself renders, or waits for the render in flight.
    const pending = this.inflight.get(key);
    if (pending) {
      const shared = await pending.catch(() => null);
      if (shared) return this.respond(key, shared, "MISS", request);
      return this.fallback(key, await render(canonicalRequest, nonce, false), request);
    }
    let own: RenderResult | null = null;
    const filled = this.fill(key, canonicalRequest, nonce, render, false, (result) => (own = result));
    let stored: Entry | null = null;
    try {
      stored = await filled;
    } catch (error) {
      // The render failed (5xx, or threw): a stale page stands in while it may (stale-if-error).
      const stale = this.staleIfError(key);
      if (stale) {
        this.onError(key, error);
        return this.respond(key, stale, "STALE", request);
      }
      const failed = own as RenderResult | null;
      if (failed) return withStatus(failed.response, "MISS");
      throw error;
    }
    if (stored) return this.respond(key, stored, "MISS", request);
    const result = own as RenderResult | null;
    if (!result) throw new Error("page cache: the render gave no response");
    return withStatus(result.response, "MISS");
  }

  /** A shareable response as a CDN may keep it: no nonce, a CSP of script hashes. */
  private async shareable(response: Response, nonce: string): Promise<Response> {
    const rendered = await response.text();
    const html = withoutNonce(rendered, nonce);
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    // The render's own scripts are those with its nonce, read before the nonce is taken out.
    if (this.scriptPolicy) headers.set("Content-Security-Policy", this.scriptPolicy(inlineScriptHashes(rendered, nonce)));
    return new Response(html, { status: response.status, statusText: response.statusText, headers });
  }

  /** A render's own response, unless it failed and a stale entry may stand in (stale-if-error). */
  private fallback(key: string, result: RenderResult, request: Request): Response {
    if (result.response.status >= 500) {
      const stale = this.staleIfError(key);
      if (stale) {
        void result.response.body?.cancel().catch(() => undefined);
        return this.respond(key, stale, "STALE", request);
      }
    }
    return withStatus(result.response, "MISS");
  }

  private staleIfError(key: string): Entry | null {
    const entry = this.lookup(key);
    if (!entry) return null;
    return this.now() - entry.storedAt < entry.policy.ttlMs + entry.policy.staleIfErrorMs ? entry : null;
  }

  private lookup(key: string): Entry | undefined {
    return this.pages.get(key) ?? this.notFound.get(key);
  }

  /**
   * Renders `key` once (concurrent callers share it) and stores the result when storable. The
   * response body is read here, so `onResult` gets a response that can still be sent.
   */
  private fill(key: string, request: Request, nonce: string, render: Render, background: boolean, onResult?: (r: RenderResult) => void): Promise<Entry | null> {
    const epoch = this.epoch;
    const since = this.invalidations;
    const promise = (async () => {
      const result = await render(request, nonce, background);
      const policy = storablePolicy(result.response, result.contentFailures, { page: this.policy, notFound: this.notFoundPolicy });
      const rendered = policy ? await this.shareable(result.response, nonce) : result.response;
      const body = Buffer.from(await rendered.arrayBuffer());
      const response = new Response(rendered.status === 304 || request.method === "HEAD" ? null : body, rendered);
      onResult?.({ response, contentFailures: result.contentFailures });
      if (result.response.status >= 500) throw new PageRenderError(result.response.status);
      // A nonce too short to be unique in the page could not be taken out safely.
      if (!policy || epoch !== this.epoch || nonce.length < MIN_NONCE_LENGTH || body.length > this.maxEntryBytes) return null;
      const headers = [...rendered.headers].filter(([name]) => !UNSTORED_HEADERS.has(name.toLowerCase()));
      const bytes = body.length + key.length * 2 + headers.reduce((n, [a, b]) => n + a.length + b.length, 0) + 256;
      const variant = this.keys.pageKey(new URL(request.url), request.headers.get("Cookie")).variant;
      const keys = surrogateKeysOf(rendered.headers);
      // A publish while it rendered may have changed what it read: stored, but replaced at once.
      const outdated = this.invalidatedSince(since, keys, rendered.status);
      // What an outdated render read may not be what the page reads now: unknown until it is replaced.
      this.learnParamsRead(new URL(request.url).pathname, rendered.status === 200 && !outdated ? (this.keys.paramsRead?.(rendered.headers) ?? null) : null);
      const entry: Entry = { status: rendered.status, headers, body, etag: weakEtag(body), storedAt: this.now(), policy, bytes, url: request.url, variant, keys, outdated, encoded: {} };
      // A refresh keeps a page in use where it is (the segmented LRU); a 404 that became a page moves.
      (entry.status === 200 ? this.notFound : this.pages).delete(key);
      (entry.status === 200 ? this.pages : this.notFound).set(key, entry);
      return entry;
    })();
    const done = () => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    };
    promise.then(done, done);
    this.inflight.set(key, promise);
    return promise;
  }

  /**
   * Remembers which query parameters the page at `pathname` reads (null: unknown, so later
   * requests key on every declared one again). Bounded: a path forgotten is keyed as unseen.
   */
  private learnParamsRead(pathname: string, read: ReadonlySet<string> | null): void {
    this.readByPath.delete(pathname);
    if (!read) return;
    this.readByPath.set(pathname, read);
    if (this.readByPath.size > MAX_PATHS_READ) this.readByPath.delete(this.readByPath.keys().next().value!);
  }

  private respond(key: string, entry: Entry, status: CacheStatus, request: Request): Response {
    const headers = new Headers(entry.headers);
    headers.set("ETag", entry.etag);
    headers.set("X-Cache", status);
    // Content it shows has changed: a CDN the publish purged must not store it again.
    if (entry.outdated) headers.set("Cache-Control", CacheControl.noStore);
    const encoding = this.encodingFor(entry, request);
    if (!encoding) return new Response(new Uint8Array(entry.body), { status: entry.status, headers });
    headers.set("Content-Encoding", encoding);
    if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Accept-Encoding");
    return new Response(new Uint8Array(this.encoded(key, entry, encoding)), { status: entry.status, headers });
  }

  /** The encoding the compression middleware would send this stored page in, if one is kept. */
  private encodingFor(entry: Entry, request: Request): StoredEncoding | null {
    if (!this.encode || request.method !== "GET" || entry.body.length < COMPRESSION_THRESHOLD_BYTES) return null;
    if (/(?:^|,)\s*?no-transform\s*?(?:,|$)/i.test(new Headers(entry.headers).get("Cache-Control") ?? "")) return null;
    const encoding = negotiateEncoding(request.headers.get("Accept-Encoding"));
    return encoding === "br" || encoding === "gzip" ? encoding : null;
  }

  /** The stored page's body in `encoding`, made once and counted in the entry's bytes while it is stored. */
  private encoded(key: string, entry: Entry, encoding: StoredEncoding): Buffer {
    const kept = entry.encoded[encoding];
    if (kept) return kept;
    const body = encodeBody(entry.body, encoding);
    entry.encoded[encoding] = body;
    const lru = this.pages.peek(key) === entry ? this.pages : this.notFound.peek(key) === entry ? this.notFound : null;
    if (lru) {
      lru.delete(key);
      entry.bytes += body.length;
      lru.set(key, entry);
    }
    return body;
  }

  /**
   * A publish changed the content named by `keys` (surrogate keys; null or `site`: everything):
   * the pages showing it are outdated, served STALE while one render replaces each; every other
   * page stays as it is. CMS 404 pages are outdated by any publish (a new story may take their
   * path). Returns how many pages were outdated.
   */
  invalidate(keys: readonly string[] | null): number {
    const all = keys === null || keys.includes(SITE_KEY) ? null : new Set(keys);
    this.invalidations++;
    this.recentInvalidations.push({ seq: this.invalidations, keys: all });
    if (this.recentInvalidations.length > MAX_RECENT_INVALIDATIONS) this.recentInvalidations.shift();
    let outdated = 0;
    for (const entry of [...this.pages.values(), ...this.notFound.values()]) {
      if (entry.outdated || !concerns(all, entry.keys, entry.status)) continue;
      entry.outdated = true;
      // The publish may have changed the page's blocks, and so what it reads: unknown until it renders again.
      this.readByPath.delete(new URL(entry.url).pathname);
      outdated++;
    }
    return outdated;
  }

  /** Whether an invalidation after `since` concerns a page with these keys. */
  private invalidatedSince(since: number, keys: ReadonlySet<string> | null, status: number): boolean {
    if (since === this.invalidations) return false;
    const oldest = this.recentInvalidations[0];
    if (!oldest || oldest.seq > since + 1) return true;
    return this.recentInvalidations.some((i) => i.seq > since && concerns(i.keys, keys, status));
  }

  /** Forgets every page; renders in flight are not stored. */
  clear(): void {
    this.epoch++;
    this.readByPath.clear();
    this.pages.clear();
    this.notFound.clear();
    this.inflight.clear();
  }

  get bytes(): number {
    return this.pages.bytes + this.notFound.bytes;
  }

  get size(): number {
    return this.pages.size + this.notFound.size;
  }

  get maxBytes(): number {
    return this.pages.maxBytes + this.notFound.maxBytes;
  }
}

/** Paths whose read parameters are remembered (about one per page of the site, with room to spare). */
const MAX_PATHS_READ = 20_000;

/** Invalidations remembered for renders in flight (more during one render: it is stored outdated). */
const MAX_RECENT_INVALIDATIONS = 64;

/** A page's surrogate keys from its `Surrogate-Key` header, or null when it names none. */
export function surrogateKeysOf(headers: Headers): ReadonlySet<string> | null {
  const names = (headers.get("Surrogate-Key") ?? "").split(/\s+/).filter(Boolean);
  return names.length > 0 ? new Set(names) : null;
}

/** Whether an invalidation of `changed` (null: everything) concerns a page with `keys` and `status`. */
function concerns(changed: ReadonlySet<string> | null, keys: ReadonlySet<string> | null, status: number): boolean {
  if (changed === null || keys === null || status !== 200) return true;
  for (const key of changed) if (keys.has(key)) return true;
  return false;
}

export class PageRenderError extends Error {
  constructor(readonly status: number) {
    super(`render answered ${status}`);
  }
}

function withStatus(response: Response, status: CacheStatus): Response {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  const headers = new Headers(response.headers);
  headers.set("X-Cache", status);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

import { CONTENT_UNAVAILABLE_MESSAGE } from "./not-found-message";
import { CacheControl } from "~/server/http/cache-control";

/**
 * Overload protection: at most `concurrency` server renders at once; past that, up to `queue`
 * requests wait (each at most `queueTimeoutMs`); anyone else is refused at once, so the caller
 * answers a fast 503 with Retry-After instead of letting requests pile up. One client (its key:
 * `clientKey` of req.ip) holds at most `perClientConcurrency` slots and `perClientQueue` places in
 * the queue: a crawler with a hundred connections gets fast 503s for the rest, and the other
 * slots stay free for everyone else. Health checks and static files never come here.
 *
 * Renders share one event loop, so slots are shared as CPU is: while another client has a render
 * running or waiting (or had one within the last `shareLingerMs`), a client that already holds a
 * slot waits for a second one, and a freed slot goes to the waiting client that holds the fewest
 * (the longest-waiting first among equals). A client refused for being past its share within the
 * last `shareLingerMs` (a crawler) starts no render while a client within its share has one running
 * or waiting, or had one within the last `shareLingerMs`: a render holds the event loop from start
 * to end, so a crawler's render beside a visitor's doubled the visitor's wait; the crawler renders
 * when the site has been quiet of other renders for a moment (its queued requests wait for that,
 * at most `queueTimeoutMs`).
 *
 * Slots bound renders at one moment; a client that opens a new connection per request rarely
 * holds more than one, so each client also has a budget of renders in time: a token bucket of
 * `perClientBurst` renders refilled at `perClientRate` a second, one token per render started.
 * Past it the client is refused at once (`client_rate`) until a token comes back, however its
 * requests arrive. Pages the page cache answers cost nothing.
 */

export const DEFAULT_RENDER_CONCURRENCY = 8;
export const DEFAULT_RENDER_QUEUE = 32;
export const DEFAULT_RENDER_QUEUE_TIMEOUT_MS = 5_000;
/** Places in the queue one client may hold (default). */
export const DEFAULT_RENDER_QUEUE_PER_CLIENT = 2;
/**
 * How long a client counts as rendering after its last render ended: a visitor's next page comes
 * a moment after the last, and a crawler should not take a second slot in between.
 */
export const DEFAULT_SHARE_LINGER_MS = 1_000;
/** Renders a second one client may start on average (default), and how many in a burst. */
export const DEFAULT_RENDER_RATE_PER_CLIENT = 5;
export const DEFAULT_RENDER_BURST_PER_CLIENT = 100;
/** Buckets kept before full ones (clients not seen lately) are forgotten. */
const MAX_BUCKETS = 10_000;
/** Seconds a refused client is told to wait. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/** A client's share of the render slots by default: a quarter, rounded up. */
export function defaultPerClientConcurrency(concurrency: number): number {
  return Math.max(1, Math.ceil(concurrency / 4));
}

export interface RenderLimitOptions {
  concurrency?: number;
  queue?: number;
  queueTimeoutMs?: number;
  /** Slots one client may hold at once (default: a quarter of `concurrency`, rounded up). */
  perClientConcurrency?: number;
  /** Places in the queue one client may hold (default 2). */
  perClientQueue?: number;
  /**
   * The client of the request being served, when `acquire` is not told (the server reads it from
   * the request context). Undefined: no client share applies (a background revalidation).
   */
  clientOf?: () => string | undefined;
  /** How long a client counts as rendering after its last render ended (default 1 s). */
  shareLingerMs?: number;
  /** Renders a second one client may start on average (default 5; 0: no budget in time). */
  perClientRate?: number;
  /** Renders one client may start at once before the rate applies (default 100). */
  perClientBurst?: number;
  /** The clock (milliseconds; tests). */
  now?: () => number;
}

export type Release = () => void;

/** Why a request was refused a slot. */
export type RefusalReason = "client_share" | "client_rate" | "queue_full" | "queue_timeout";

interface Waiter {
  client: string | undefined;
  grant: (release: Release | null) => void;
  timer: ReturnType<typeof setTimeout>;
  /** Stops listening for the client going away. */
  forget: () => void;
}

interface ClientUse {
  running: number;
  queued: number;
}

export class RenderLimiter {
  readonly concurrency: number;
  readonly queueSize: number;
  readonly queueTimeoutMs: number;
  readonly perClientConcurrency: number;
  readonly perClientQueue: number;
  private readonly clientOf: () => string | undefined;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly clients = new Map<string, ClientUse>();
  /** Requests refused since start (any reason). */
  refused = 0;
  /** Refusals since start by reason. */
  readonly refusals: Record<RefusalReason, number> = { client_share: 0, client_rate: 0, queue_full: 0, queue_timeout: 0 };
  readonly perClientRate: number;
  readonly perClientBurst: number;
  /** Each client's tokens, as of `at` (the clock's milliseconds). */
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Until when some client's bucket may be empty: before then any request may be refused. */
  private drainedUntil = -Infinity;

  constructor(options: RenderLimitOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_RENDER_CONCURRENCY);
    this.queueSize = Math.max(0, options.queue ?? DEFAULT_RENDER_QUEUE);
    this.queueTimeoutMs = options.queueTimeoutMs ?? DEFAULT_RENDER_QUEUE_TIMEOUT_MS;
    this.perClientConcurrency = Math.min(this.concurrency, Math.max(1, options.perClientConcurrency ?? defaultPerClientConcurrency(this.concurrency)));
    this.perClientQueue = Math.max(0, options.perClientQueue ?? DEFAULT_RENDER_QUEUE_PER_CLIENT);
    this.clientOf = options.clientOf ?? (() => undefined);
    this.shareLingerMs = Math.max(0, options.shareLingerMs ?? DEFAULT_SHARE_LINGER_MS);
    this.now = options.now ?? (() => performance.now());
    this.perClientRate = Math.max(0, options.perClientRate ?? DEFAULT_RENDER_RATE_PER_CLIENT);
    this.perClientBurst = Math.max(1, options.perClientBurst ?? DEFAULT_RENDER_BURST_PER_CLIENT);
  }

  /** The client's tokens now (refilled since last seen); a full bucket for a new client. */
  private tokensOf(client: string, now: number): number {
    const bucket = this.buckets.get(client);
    if (!bucket) return this.perClientBurst;
    return Math.min(this.perClientBurst, bucket.tokens + ((now - bucket.at) / 1000) * this.perClientRate);
  }

  /** Whether `client` has no render left in its budget now. */
  private overRate(client: string | undefined): boolean {
    if (client === undefined || this.perClientRate === 0) return false;
    return this.tokensOf(client, this.now()) < 1;
  }

  /** One render of `client` started: a token spent. */
  private charge(client: string | undefined): void {
    if (client === undefined || this.perClientRate === 0) return;
    const now = this.now();
    const tokens = Math.max(0, this.tokensOf(client, now) - 1);
    this.buckets.delete(client);
    this.buckets.set(client, { tokens, at: now });
    if (tokens < 1) this.drainedUntil = Math.max(this.drainedUntil, now + ((1 - tokens) / this.perClientRate) * 1000);
    if (this.buckets.size > MAX_BUCKETS) {
      // Oldest first: a client not seen for a while has a full bucket again, the same as none.
      for (const [other] of this.buckets) {
        if (this.buckets.size <= MAX_BUCKETS / 2 || this.tokensOf(other, now) < this.perClientBurst) break;
        this.buckets.delete(other);
      }
    }
  }

  readonly shareLingerMs: number;
  private readonly now: () => number;
  /** Clients that held or waited for a slot lately, by when they stopped (oldest first). */
  private readonly lately = new Map<string, number>();
  /** Clients refused for being past their share, by when they last were (oldest first). */
  private readonly refusedLately = new Map<string, number>();

  /** Queued requests whose client went away before they got a slot (never counted as refused). */
  abandoned = 0;

  private use(client: string | undefined): ClientUse {
    if (client === undefined) return { running: 0, queued: 0 };
    let use = this.clients.get(client);
    if (!use) {
      use = { running: 0, queued: 0 };
      this.clients.set(client, use);
    }
    return use;
  }

  private forgetIfIdle(client: string | undefined): void {
    if (client === undefined) return;
    const use = this.clients.get(client);
    if (use && use.running === 0 && use.queued === 0) {
      this.clients.delete(client);
      this.lately.delete(client);
      if (this.shareLingerMs > 0) this.lately.set(client, this.now());
    }
  }

  /**
   * Slots `client` may hold now: its share, or one while any other client has a render running
   * or waiting, or had one within the last `shareLingerMs`.
   */
  private shareOf(client: string): number {
    if (this.clients.size - (this.clients.has(client) ? 1 : 0) > 0) return 1;
    const since = this.now() - this.shareLingerMs;
    for (const [other, at] of this.lately) {
      if (at >= since) break;
      this.lately.delete(other);
    }
    return this.lately.size - (this.lately.has(client) ? 1 : 0) > 0 ? 1 : this.perClientConcurrency;
  }

  /** Whether `client` was refused for being past its share within the last `shareLingerMs`. */
  private pastShare(client: string, now: number): boolean {
    const at = this.refusedLately.get(client);
    return at !== undefined && now - at < this.shareLingerMs;
  }

  private notePastShare(client: string | undefined): void {
    if (client === undefined || this.shareLingerMs === 0) return;
    const now = this.now();
    this.refusedLately.delete(client);
    this.refusedLately.set(client, now);
    for (const [other, at] of this.refusedLately) {
      if (now - at < this.shareLingerMs) break;
      this.refusedLately.delete(other);
    }
  }

  private hasOwnSlotRoom(client: string | undefined): boolean {
    if (client === undefined) return true;
    if ((this.clients.get(client)?.running ?? 0) >= this.shareOf(client)) return false;
    const now = this.now();
    if (!this.pastShare(client, now)) return true;
    // Past its share: it renders when no client within its own has a render running or waiting,
    // or had one lately (`shareOf` has just dropped the entries older than the linger).
    for (const other of this.clients.keys()) if (other !== client && !this.pastShare(other, now)) return false;
    for (const other of this.lately.keys()) if (other !== client && !this.pastShare(other, now)) return false;
    return true;
  }

  /** Why a request of `client` would be refused now without waiting, or null if it may run or queue. */
  private refusalFor(client: string | undefined): RefusalReason | null {
    if (this.overRate(client)) return "client_rate";
    const ownRoom = this.hasOwnSlotRoom(client);
    if (ownRoom && this.running < this.concurrency) return null;
    if (client !== undefined && (this.clients.get(client)?.queued ?? 0) >= this.perClientQueue) return "client_share";
    if (this.waiting.length >= this.queueSize) return ownRoom ? "queue_full" : "client_share";
    return null;
  }

  private refuseFor(reason: RefusalReason, client?: string): null {
    // Past its budget in time or in slots: a crawler, which renders only in others' pauses.
    if (reason === "client_share" || reason === "client_rate") this.notePastShare(client);
    this.refused++;
    this.refusals[reason]++;
    return null;
  }

  /**
   * A slot (call the release once when done), or null when the client's share or the queue is
   * full, the wait timed out or `signal` (the client's) aborted: a request whose client has gone
   * takes no slot, and leaves the queue at once, since nobody would ever hand its slot back.
   */
  acquire(signal?: AbortSignal, client: string | undefined = this.clientOf()): Promise<Release | null> {
    if (signal?.aborted) {
      this.abandoned++;
      return Promise.resolve(null);
    }
    const reason = this.refusalFor(client);
    if (reason === "client_rate") return Promise.resolve(this.refuseFor(reason, client));
    if (this.hasOwnSlotRoom(client) && this.running < this.concurrency) return Promise.resolve(this.take(client));
    if (reason) return Promise.resolve(this.refuseFor(reason, client));
    return new Promise((resolve) => {
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at !== -1) {
          this.waiting.splice(at, 1);
          this.use(client).queued--;
          this.forgetIfIdle(client);
        }
        clearTimeout(waiter.timer);
        waiter.forget();
        // A waiter of a crawler may have been held back only by this one being in line.
        this.dispatch();
      };
      const onAbort = () => {
        leave();
        this.abandoned++;
        resolve(null);
      };
      const waiter: Waiter = {
        client,
        grant: (release) => {
          waiter.forget();
          resolve(release);
        },
        timer: setTimeout(() => {
          leave();
          resolve(this.refuseFor("queue_timeout"));
        }, this.queueTimeoutMs),
        forget: () => signal?.removeEventListener("abort", onAbort),
      };
      waiter.timer.unref?.();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.use(client).queued++;
      this.waiting.push(waiter);
    });
  }

  private take(client: string | undefined): Release {
    this.charge(client);
    this.running++;
    this.use(client).running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.use(client).running--;
      this.forgetIfIdle(client);
      this.dispatch();
    };
  }

  /**
   * Hands free slots to waiting requests whose client is within its share: first to the client
   * holding the fewest slots (a visitor with none goes before a crawler with one), then to the
   * longest-waiting among equals.
   */
  private dispatch(): void {
    while (this.running < this.concurrency) {
      let best = -1;
      let fewest = Infinity;
      for (let i = 0; i < this.waiting.length; i++) {
        const { client } = this.waiting[i]!;
        if (!this.hasOwnSlotRoom(client)) continue;
        const held = client === undefined ? 0 : (this.clients.get(client)?.running ?? 0);
        if (held < fewest) {
          best = i;
          fewest = held;
          if (held === 0) break;
        }
      }
      if (best === -1) {
        this.dispatchLater();
        return;
      }
      const [next] = this.waiting.splice(best, 1);
      this.use(next!.client).queued--;
      clearTimeout(next!.timer);
      next!.grant(this.take(next!.client));
    }
  }

  /**
   * Free slots, but every waiter held back by who rendered or was refused lately: nothing else
   * may happen before that lapses (a crawler's own requests are refused, not queued), so look
   * again then.
   */
  private dispatchLater(): void {
    if (this.redispatch || this.waiting.length === 0 || this.running >= this.concurrency) return;
    const since = this.now() - this.shareLingerMs;
    let next = Infinity;
    for (const entries of [this.lately, this.refusedLately]) {
      // Oldest first: drop what has lapsed, the first one left lapses next.
      for (const [client, at] of entries) {
        if (at > since) {
          next = Math.min(next, at);
          break;
        }
        entries.delete(client);
      }
    }
    if (next === Infinity) return;
    const wait = Math.max(1, Math.ceil(next - since));
    this.redispatch = setTimeout(() => {
      this.redispatch = null;
      this.dispatch();
    }, wait);
    this.redispatch.unref?.();
  }

  private redispatch: ReturnType<typeof setTimeout> | null = null;

  get active(): number {
    return this.running;
  }

  /** Slots held by one client now. */
  activeFor(client: string): number {
    return this.clients.get(client)?.running ?? 0;
  }

  /** Clients holding a slot or a place in the queue now. */
  get clientCount(): number {
    return this.clients.size;
  }

  /**
   * True when a request for a render now would be refused at once (every slot taken and the queue
   * full, or its client's share used up), for `client` (default: the current request's). The
   * caller can then refuse it before doing any work for it (`refuse`), which keeps the event loop
   * free under a flood.
   */
  wouldRefuse(client: string | undefined = this.clientOf()): boolean {
    return this.refusalFor(client) !== null;
  }

  /**
   * False when no request could be refused now, whoever its client (nobody waits, and every
   * client may queue): callers can skip naming the client.
   */
  get mayRefuse(): boolean {
    return this.waiting.length > 0 || this.queueSize === 0 || this.perClientQueue === 0 || this.now() < this.drainedUntil;
  }

  /** `wouldRefuse` for the current request's client. */
  get saturated(): boolean {
    return this.wouldRefuse();
  }

  /** Counts a request refused without asking for a slot (see `saturated`). */
  refuse(client: string | undefined = this.clientOf()): void {
    this.refuseFor(this.refusalFor(client) ?? "queue_full", client);
  }

  get queued(): number {
    return this.waiting.length;
  }
}

/** The parts of an HTTP response `releaseWhenSent` watches (a ServerResponse). */
export interface SentResponse {
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
  once(event: "finish" | "close" | "error", listener: () => void): unknown;
}

/**
 * Hands a render slot back when the response is done: sent ('finish'), or its connection closed
 * or failed ('close', 'error'), whichever comes first; at once when that already happened (a
 * client that left while its request waited for the slot would otherwise never give it back:
 * 'close' does not fire twice).
 */
export function releaseWhenSent(res: SentResponse, release: Release): void {
  if (res.writableFinished || res.destroyed) {
    release();
    return;
  }
  res.once("finish", release);
  res.once("close", release);
  res.once("error", release);
}

/** The fast 503 page of an overloaded server: static, in the site's words. */
export const OVERLOADED_HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>503</title></head><body><main><h1>503</h1><p>${CONTENT_UNAVAILABLE_MESSAGE}</p></main></body></html>`;
export const OVERLOADED_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": CacheControl.noStore,
  "Retry-After": String(OVERLOAD_RETRY_AFTER_SECONDS),
};

/** The fast 503 of an overloaded server: no render, a static page in the site's words. */
export function overloadedResponse(): Response {
  return new Response(OVERLOADED_HTML, { status: 503, headers: OVERLOADED_HEADERS });
}

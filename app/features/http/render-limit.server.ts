import { CONTENT_UNAVAILABLE_MESSAGE } from "~/features/errors/not-found.server";
import { CacheControl } from "~/features/http/cache-control";

/**
 * Overload protection (issue 26 item 9, ADR 031): at most `concurrency` server renders at once;
 * past that, up to `queue` requests wait (each at most `queueTimeoutMs`); anyone else is refused
 * at once, so the caller answers a fast 503 with Retry-After instead of letting requests pile up
 * (memory, a full accept queue, 40 s answers). Health checks and static files never come here.
 */

export const DEFAULT_RENDER_CONCURRENCY = 8;
export const DEFAULT_RENDER_QUEUE = 32;
export const DEFAULT_RENDER_QUEUE_TIMEOUT_MS = 5_000;
/** Seconds a refused client is told to wait. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

export interface RenderLimitOptions {
  concurrency?: number;
  queue?: number;
  queueTimeoutMs?: number;
}

export type Release = () => void;

interface Waiter {
  grant: (release: Release | null) => void;
  timer: ReturnType<typeof setTimeout>;
  /** Stops listening for the client going away. */
  forget: () => void;
}

export class RenderLimiter {
  readonly concurrency: number;
  readonly queueSize: number;
  readonly queueTimeoutMs: number;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Requests refused since start (full queue or a wait that timed out). */
  refused = 0;

  constructor(options: RenderLimitOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_RENDER_CONCURRENCY);
    this.queueSize = Math.max(0, options.queue ?? DEFAULT_RENDER_QUEUE);
    this.queueTimeoutMs = options.queueTimeoutMs ?? DEFAULT_RENDER_QUEUE_TIMEOUT_MS;
  }

  /** Queued requests whose client went away before they got a slot (never counted as refused). */
  abandoned = 0;

  /**
   * A slot (call the release once when done), or null when the queue is full, the wait timed
   * out or `signal` (the client's) aborted: a request whose client has gone takes no slot, and
   * leaves the queue at once, since nobody would ever hand its slot back.
   */
  acquire(signal?: AbortSignal): Promise<Release | null> {
    if (signal?.aborted) {
      this.abandoned++;
      return Promise.resolve(null);
    }
    if (this.running < this.concurrency) return Promise.resolve(this.take());
    if (this.waiting.length >= this.queueSize) {
      this.refused++;
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at !== -1) this.waiting.splice(at, 1);
        clearTimeout(waiter.timer);
        waiter.forget();
      };
      const onAbort = () => {
        leave();
        this.abandoned++;
        resolve(null);
      };
      const waiter: Waiter = {
        grant: (release) => {
          waiter.forget();
          resolve(release);
        },
        timer: setTimeout(() => {
          leave();
          this.refused++;
          resolve(null);
        }, this.queueTimeoutMs),
        forget: () => signal?.removeEventListener("abort", onAbort),
      };
      waiter.timer.unref?.();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private take(): Release {
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.grant(this.take());
      }
    };
  }

  get active(): number {
    return this.running;
  }

  /**
   * True when a request for a render now would be refused at once: every slot taken and the queue
   * full. The caller can then refuse it before doing any work for it (`refuse`), which keeps the
   * event loop free under a flood (health checks answer within 100 ms, ADR 031).
   */
  get saturated(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queueSize;
  }

  /** Counts a request refused without asking for a slot (see `saturated`). */
  refuse(): void {
    this.refused++;
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

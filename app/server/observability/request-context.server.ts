import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The context of the request being served (its id, and whether the content API failed while it
 * was served), carried through async calls with AsyncLocalStorage. server.ts opens it for every
 * request; the Remix build, loaded as a separate module graph (Vite in development), reaches the
 * same storage through a process-wide slot.
 */
export interface RequestContext {
  readonly id: string;
  /** Content reads that failed because the content API was unreachable (not a missing story). */
  contentFailures: number;
  /** Surrogate keys of the published content read while serving it (page-cache/surrogate-keys.ts). */
  contentKeys: Set<string>;
  /** A verified visual-editor preview's release (`_storyblok_release`): its draft reads ask for it (`from_release`). */
  previewRelease?: string;
  /** The preview's signature verifies, but its token may not be used by this client (preview.server.ts). */
  previewRefused?: boolean;
  /** The client as the rate limits key it (`clientKey` of req.ip); set by the server for fair shares. */
  client?: string;
}

const SLOT = Symbol.for("kestrel.request-context");
type Slot = { storage: AsyncLocalStorage<RequestContext> };

function storage(): AsyncLocalStorage<RequestContext> {
  const g = globalThis as unknown as Record<symbol, Slot | undefined>;
  return (g[SLOT] ??= { storage: new AsyncLocalStorage<RequestContext>() }).storage;
}

/** A client's X-Request-Id is kept when it is a plain token; anything else gets a fresh id. */
const CLIENT_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && CLIENT_ID.test(value) ? value : randomUUID();
}

/** Runs `fn` inside a new request context. */
export function runWithRequestContext<T>(id: string, fn: (context: RequestContext) => T): T {
  const context: RequestContext = { id, contentFailures: 0, contentKeys: new Set() };
  return storage().run(context, () => fn(context));
}

/**
 * Runs `fn` inside an existing context again: stream callbacks (a request body read to its end)
 * do not carry the context of the request they belong to.
 */
export function reenterRequestContext<T>(context: RequestContext | undefined, fn: () => T): T {
  return context ? storage().run(context, fn) : fn();
}

/** Runs `fn` outside any request context (work that belongs to no request: a timer for many). */
export function outsideRequestContext<T>(fn: () => T): T {
  return storage().exit(fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage().getStore();
}

/**
 * True when a content error means the content API is unreachable (network error, 5xx, 429 after
 * the client's retries), as opposed to a missing story (404) or a bad query (other 4xx).
 */
export function isContentOutage(error: unknown): boolean {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  if (typeof status !== "number" || status === 0) return true;
  return status >= 500 || status === 429 || status === 408;
}

/** Records a failed content read in the current request (see contentUnavailable). */
export function noteContentFailure(error: unknown): void {
  const context = currentRequestContext();
  if (context && isContentOutage(error)) context.contentFailures++;
}

/** Records the surrogate keys of published content this request read. */
export function noteContentKeys(keys: Iterable<string>): void {
  const context = currentRequestContext();
  if (!context) return;
  for (const key of keys) context.contentKeys.add(key);
}

/** True when the content API failed during this request: a "not found" is then really a 503. */
export function contentUnavailable(): boolean {
  return (currentRequestContext()?.contentFailures ?? 0) > 0;
}

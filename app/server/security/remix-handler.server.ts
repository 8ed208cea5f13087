import {
  createRequestHandler as createRemixRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { BODY_LIMIT_BYTES, describeHttpError } from "./errors.server";
import { OVERLOADED_HEADERS, OVERLOADED_HTML, overloadedResponse, releaseWhenSent, type RenderLimiter } from "~/server/http/render-limit.server";
import { OVERLOAD_REFUSED } from "~/server/observability/logger.server";
import { currentRequestContext, runWithRequestContext } from "~/server/observability/request-context.server";
import type { PageCache, Render } from "~/server/page-cache/page-cache.server";
import { surrogateKeyHeaders } from "~/server/page-cache/surrogate-keys";
import { CacheControl, sharedCacheMayStore } from "~/server/http/cache-control";

/**
 * The Remix request handler for Express, with the hardening the stock adapter lacks:
 * - the request body is read first, up to a limit (larger: 413), so an action never streams an
 *   unbounded upload;
 * - Remix's own error answers (a POST to a route without an action, a thrown error in a resource
 *   route) become `{ error }` JSON without the error's text or stack;
 * - every Set-Cookie is SameSite=Lax unless it says otherwise, and Secure in production.
 */

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  secureCookies: boolean;
  bodyLimitBytes?: number;
  /** The full-page cache (published GET pages; see page-cache.server.ts). */
  pageCache?: PageCache;
  /** Whether this request may be answered from the page cache (a published page). */
  cacheable?: (req: ExpressRequest, res: ExpressResponse) => boolean;
  /** Bounds concurrent GET renders; a refused request gets a fast 503. */
  renderLimiter?: RenderLimiter;
}

/** A Set-Cookie value with SameSite (Lax unless set) and, when asked, Secure. */
export function hardenSetCookie(value: string, secure: boolean): string {
  let out = value;
  if (!/;\s*samesite=/i.test(out)) out += "; SameSite=Lax";
  if (secure && !/;\s*secure(?:;|$)/i.test(out)) out += "; Secure";
  return out;
}

function requestHeaders(incoming: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(incoming)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  return headers;
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // The page cache's policy of a shareable page replaces the per-response one set earlier.
    if (key === "content-security-policy") res.setHeader(key, value);
    else res.append(key, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function toRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = Number.parseInt(hostPort ?? "", 10);
  const url = new URL(`${req.protocol}://${req.hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit = { method: req.method, headers: requestHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array(0);
  }
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

const STATUS_MESSAGES: Record<number, string> = {
  400: "The request is malformed.",
  404: "Not found.",
  405: "Method not allowed.",
};

/** Remix's generic error answers (X-Remix-Error) as a clean JSON message. */
async function cleanRemixError(response: Response): Promise<Response> {
  if (response.headers.get("X-Remix-Error") !== "yes") return response;
  await response.body?.cancel().catch(() => {});
  const status = response.status;
  const message = status >= 500 ? "Something went wrong. Please try again later." : (STATUS_MESSAGES[status] ?? "The request could not be handled.");
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", CacheControl.noStore);
  headers.delete("Content-Length");
  return new Response(JSON.stringify({ error: message }), { status, headers });
}

/**
 * A 503 (the content API is down and nothing is cached) must not be cached by a CDN as the page,
 * and tells clients when to come back, whatever the route's own headers said.
 */
function guardUnavailable(response: Response): Response {
  if (response.status !== 503) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", CacheControl.noStore);
  if (!headers.has("Retry-After")) headers.set("Retry-After", "60");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function hardenCookies(response: Response, secure: boolean): Response {
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  headers.delete("Set-Cookie");
  for (const cookie of cookies) headers.append("Set-Cookie", hardenSetCookie(cookie, secure));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A page a shared cache may store names the content it was built from (`Surrogate-Key`,
 * `Cache-Tag`), so a CDN can purge exactly the pages a publish changes.
 */
export function withSurrogateKeys(response: Response, keys: Iterable<string> | undefined): Response {
  if (!keys || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (!sharedCacheMayStore(cacheControl)) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(surrogateKeyHeaders(keys))) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function createRemixHandler(options: RemixHandlerOptions) {
  const limit = options.bodyLimitBytes ?? BODY_LIMIT_BYTES;
  const readBody = express.raw({ type: () => true, limit });
  const handle = createRemixRequestHandler(options.build, options.mode);

  const limiter = options.renderLimiter;
  /**
   * Under a flood, a request that would need a render while every slot and the queue are taken is
   * refused before any work for it (no Request, no page cache, no web streams): at thousands a
   * second, that work held up the event loop and with it the health checks. Pages the
   * cache answers (HIT, STALE, a render in flight) are still served.
   */
  const refuseEarly = (req: ExpressRequest, res: ExpressResponse): boolean => {
    if (!limiter?.saturated || (req.method !== "GET" && req.method !== "HEAD")) return false;
    if (options.pageCache && req.method === "GET" && (options.cacheable?.(req, res) ?? false)) {
      let url: URL;
      try {
        url = new URL(req.originalUrl, "http://localhost");
      } catch {
        return false;
      }
      if (options.pageCache.answersWithoutRender(url, req.get("cookie") ?? null)) return false;
    }
    limiter.refuse();
    res.locals[OVERLOAD_REFUSED] = true;
    res.status(503).set(OVERLOADED_HEADERS).end(req.method === "HEAD" ? undefined : OVERLOADED_HTML);
    return true;
  };

  const remix = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      if (refuseEarly(req, res)) return;
      let request: Request;
      try {
        request = toRequest(req, res);
      } catch {
        res.status(400).set("Cache-Control", CacheControl.noStore).json({ error: describeHttpError(new URIError()).message });
        return;
      }
      const context = options.getLoadContext(req, res);
      const finish = async (response: Response) =>
        withSurrogateKeys(hardenCookies(guardUnavailable(await cleanRemixError(response)), options.secureCookies), currentRequestContext()?.contentKeys);
      const limited = Boolean(options.renderLimiter) && (req.method === "GET" || req.method === "HEAD");
      const render: Render = async (renderRequest, nonce, background) => {
        // A request's own render gives up its place in the queue when its client goes away.
        const release = limited ? await options.renderLimiter!.acquire(background ? undefined : request.signal) : null;
        if (limited && !release) {
          if (background) throw new Error("render limit reached: revalidation skipped");
          // Counted in the access log, not written line by line.
          res.locals[OVERLOAD_REFUSED] = true;
          return { response: overloadedResponse(), contentFailures: 0 };
        }
        if (background) {
          // A revalidation: its own request context; the slot is held until the body is read.
          try {
            return await runWithRequestContext(`revalidate-${context.requestId ?? ""}`, async (own) => {
              const rendered = await finish(await handle(renderRequest, { ...context, nonce, requestId: own.id }));
              const body = await rendered.arrayBuffer();
              return { response: new Response(body, rendered), contentFailures: own.contentFailures };
            });
          } finally {
            release?.();
          }
        }
        // The slot is held until the response is sent, or the client goes.
        if (release) releaseWhenSent(res, release);
        const rendered = await finish(await handle(renderRequest, { ...context, nonce }));
        return { response: rendered, contentFailures: currentRequestContext()?.contentFailures ?? 0 };
      };
      const eligible = Boolean(options.pageCache) && (options.cacheable?.(req, res) ?? false);
      const response = options.pageCache
        ? await options.pageCache.serve(request, context.nonce ?? "", render, eligible)
        : (await render(request, context.nonce ?? "", false)).response;
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
  return [readBody, remix] as const;
}

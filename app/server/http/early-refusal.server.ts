import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { countryOfPath } from "./country-path";
import { OVERLOADED_HEADERS, OVERLOADED_HTML, type RenderLimiter } from "./render-limit.server";

/**
 * The fast 503 of a client past its render share, answered before Express: under a crawl these
 * come by the thousand a second, and Express's routing and the app's middleware cost about 1 ms
 * each (a CPU profile: helmet's nonce, compression's wrapping, the request context, a dozen
 * middleware), which the renders and health checks of everyone else then waited for. Here a
 * refusal costs a few tens of microseconds. Only a page of a country (/au, /nz, and its `.data`)
 * is refused here, and only when the Remix handler would refuse it too; anything the app answers
 * otherwise (a redirect, a preview, a page the page cache holds) goes on to Express, where the
 * handler's own early refusal remains.
 */

/** Express's compiled `trust proxy` (`app.get("trust proxy fn")`). */
export type TrustProxyFn = (address: string, hop: number) => boolean;

/**
 * The X-Forwarded-For addresses, nearest first, as proxy-addr (Express's req.ip) reads them:
 * split on commas, spaces trimmed, empty entries skipped.
 */
function forwardedFor(header: string): string[] {
  const list: string[] = [];
  let end = header.length;
  let start = header.length;
  for (let i = header.length - 1; i >= 0; i--) {
    const code = header.charCodeAt(i);
    if (code === 0x20) {
      if (start === end) start = end = i;
    } else if (code === 0x2c) {
      if (start !== end) list.push(header.substring(start, end));
      start = end = i;
    } else {
      start = i;
    }
  }
  if (start !== end) list.push(header.substring(start, end));
  return list;
}

/**
 * The client's address as Express's `req.ip` gives it: the socket's address, then each
 * X-Forwarded-For hop from the nearest for as long as the hops so far are trusted proxies.
 */
export function clientAddress(socketAddress: string | undefined, forwarded: string | string[] | undefined, trust: TrustProxyFn): string | undefined {
  const header = Array.isArray(forwarded) ? forwarded.join(", ") : (forwarded ?? "");
  const addresses = [socketAddress, ...forwardedFor(header)];
  for (let i = 0; i < addresses.length - 1; i++) {
    const address = addresses[i];
    if (address === undefined || !trust(address, i)) return address;
  }
  return addresses[addresses.length - 1];
}

/**
 * `clientAddress` turned into the render shares' client key (`key`), remembered per connection
 * while its X-Forwarded-For stays the same: a crawler's keep-alive connections then parse no
 * address for each of their thousands of requests. A proxy's connection carrying several clients
 * sends a different header with each, and is named afresh.
 */
export function clientOfConnection(trust: TrustProxyFn, key: (address: string | undefined) => string): (req: IncomingMessage) => string {
  const known = new WeakMap<Socket, { forwarded: string | string[] | undefined; key: string }>();
  return (req) => {
    const forwarded = req.headers["x-forwarded-for"];
    const remembered = known.get(req.socket);
    if (remembered && remembered.forwarded === forwarded) return remembered.key;
    const client = key(clientAddress(req.socket.remoteAddress, forwarded, trust) || req.socket.remoteAddress);
    known.set(req.socket, { forwarded, key: client });
    return client;
  };
}

export interface EarlyRefusalOptions {
  limiter: RenderLimiter;
  /** The client's key, as the app's first middleware names it for the render shares. */
  clientOf: (req: IncomingMessage) => string;
  /**
   * True when the app answers this country page without a render of its own: a redirect, a
   * preview, a page the page cache holds (`url` is the request's path and query).
   */
  answeredWithoutRender: (req: IncomingMessage, url: string, pathname: string) => boolean;
  /** The headers every response of the app carries that fit a page without scripts (security headers). */
  headers: Readonly<Record<string, string>>;
  /** Called for each refusal once its answer is written, with the seconds it took (metrics, the counted log line). */
  onRefused?: (pathname: string, seconds: number) => void;
  /** The request id of an answer (echoed: X-Request-Id). */
  requestId: (req: IncomingMessage) => string;
}

/**
 * A request listener's first step: true when it answered the request (a fast 503 with
 * Retry-After), false when the app should handle it.
 */
export function earlyRefusal(options: EarlyRefusalOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { limiter } = options;
  const fixed = { ...options.headers, Vary: "Accept-Encoding", ...OVERLOADED_HEADERS };
  const body = Buffer.from(OVERLOADED_HTML);
  return (req, res) => {
    const method = req.method;
    if ((method !== "GET" && method !== "HEAD") || !limiter.mayRefuse) return false;
    const startedAt = performance.now();
    const url = req.url ?? "/";
    const at = url.indexOf("?");
    const pathname = at === -1 ? url : url.slice(0, at);
    if (countryOfPath(pathname) === null) return false;
    const client = options.clientOf(req);
    if (!limiter.wouldRefuse(client) || options.answeredWithoutRender(req, url, pathname)) return false;
    limiter.refuse(client);
    if (method === "HEAD") {
      res.writeHead(503, { ...fixed, "X-Request-Id": options.requestId(req) });
      res.end();
    } else {
      res.writeHead(503, { ...fixed, "X-Request-Id": options.requestId(req), "Content-Length": String(body.length) });
      res.end(body);
    }
    options.onRefused?.(pathname, (performance.now() - startedAt) / 1000);
    return true;
  };
}

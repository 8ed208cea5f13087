import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { forbidsStore } from "./cache-control";

/** A weak ETag of a body (weak: the same page compressed or not is the same entity). */
export function weakEtag(body: Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * The weak ETag of `body` with every occurrence of `nonce` left out: the same as
 * weakEtag(body without the nonce), hashed piece by piece, without decoding the page to a string
 * and encoding it back (a measurable share of an uncached render's CPU).
 */
export function weakEtagWithout(body: Buffer, nonce: string | null): string {
  if (!nonce) return weakEtag(body);
  const hash = createHash("sha1");
  for (const part of partsAround(body, nonce)) hash.update(part);
  return `W/"${hash.digest("base64url")}"`;
}

/** The pieces of `body` between the occurrences of `needle` (views into `body`, not copies). */
export function partsAround(body: Buffer, needle: string): Buffer[] {
  const bytes = Buffer.from(needle);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(bytes, from); at !== -1; at = body.indexOf(bytes, from)) {
    parts.push(body.subarray(from, at));
    from = at + bytes.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** Whether an If-None-Match header matches `etag` (weak comparison, lists and `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(etag));
}

/**
 * ETag and 304 for HTML documents: a GET answered 200 with text/html (and not no-store)
 * is buffered, gets a weak ETag of its body (unless the page cache set it already), and is answered 304 without a body when the
 * request's If-None-Match names it. Anything else passes through untouched (streamed).
 */
export function htmlEtag() {
  return function htmlEtagMiddleware(req: Request, res: Response, next: NextFunction) {
    // HEAD is left alone: its (empty) body would give another ETag than the GET's.
    if (req.method !== "GET") return next();
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const chunks: Buffer[] = [];
    let decided: boolean | null = null;

    const buffering = () => {
      if (decided === null) {
        const type = String(res.getHeader("Content-Type") ?? "");
        const cacheControl = String(res.getHeader("Cache-Control") ?? "");
        decided = res.statusCode === 200 && type.startsWith("text/html") && !forbidsStore(cacheControl);
      }
      return decided;
    };
    const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | null => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
      if (Buffer.isBuffer(chunk)) return chunk;
      if (chunk instanceof Uint8Array) return Buffer.from(chunk);
      return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    };

    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      if (!buffering()) return write(chunk, encoding, callback);
      const buffer = toBuffer(chunk, encoding);
      if (buffer) chunks.push(buffer);
      const cb = typeof encoding === "function" ? encoding : callback;
      if (typeof cb === "function") process.nextTick(cb as () => void);
      return true;
    }) as Response["write"];

    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (!buffering()) return end(chunk, encoding, callback);
      const buffer = toBuffer(chunk, encoding);
      if (buffer) chunks.push(buffer);
      const body = Buffer.concat(chunks);
      // The CSP nonce differs on every response: the ETag is of the body without it, so an
      // unchanged page still matches.
      // A page from the page cache comes with the same ETag, computed once when it was stored.
      const nonce = typeof res.locals.nonce === "string" && res.locals.nonce ? res.locals.nonce : null;
      const preset = res.getHeader("ETag");
      const etag = typeof preset === "string" ? preset : weakEtagWithout(body, nonce);
      res.setHeader("ETag", etag);
      const cb = [chunk, encoding, callback].find((a) => typeof a === "function");
      if (etagMatches(req.headers["if-none-match"], etag)) {
        res.statusCode = 304;
        res.removeHeader("Content-Type");
        res.removeHeader("Content-Length");
        // A 304's headers update the browser's stored response: without a CSP here, the stored
        // one (whose nonce is the stored body's) stays in force, instead of this response's new nonce.
        res.removeHeader("Content-Security-Policy");
        res.removeHeader("Content-Security-Policy-Report-Only");
        return end(cb);
      }
      res.setHeader("Content-Length", body.length);
      return end(body, cb);
    }) as Response["end"];

    next();
  };
}

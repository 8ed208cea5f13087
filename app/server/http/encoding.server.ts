import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Content encodings as the compression middleware (compression 1.8, server-app.ts) chooses and
 * makes them, for bodies encoded ahead of it: the page cache keeps each stored page encoded once
 * per encoding instead of compressing it again for every response. Per response, zlib on the
 * thread pool hands each 16 KB back in an event-loop turn of its own, and under a crawl a turn
 * takes tens of milliseconds: a cached page took ten times longer than unencoded.
 */

/** The encodings a body is kept in (the middleware's preferred ones; `deflate` is left to it). */
export type StoredEncoding = "br" | "gzip";

/** Bodies smaller than this are sent as they are (the middleware's threshold). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const SUPPORTED = ["br", "gzip", "deflate", "identity"] as const;
type Supported = (typeof SUPPORTED)[number];
const PREFERRED: readonly string[] = ["br", "gzip"];

interface Accepted {
  encoding: string;
  q: number;
  /** Its place in the header. */
  i: number;
}

interface Priority {
  index: number;
  /** The place in the header of the entry that matched. */
  o: number;
  q: number;
  /** 1: named, 0: through `*`. */
  s: number;
}

// Accept-Encoding as the negotiator package (0.6) reads it: entries split on commas, `q` the first
// q parameter, identity acceptable at the lowest quality named unless the header names it.
function parseAcceptEncoding(header: string): Accepted[] {
  const parts = header.split(",");
  const accepted: Accepted[] = [];
  let hasIdentity = false;
  let minQuality = 1;
  let i = 0;
  for (; i < parts.length; i++) {
    const match = /^\s*([^\s;]+)\s*(?:;(.*))?$/.exec(parts[i]!.trim());
    if (!match) continue;
    let q = 1;
    if (match[2]) {
      for (const param of match[2].split(";")) {
        const [name, value] = param.trim().split("=");
        if (name === "q") {
          q = Number.parseFloat(value!);
          break;
        }
      }
    }
    const entry = { encoding: match[1]!, q, i };
    accepted.push(entry);
    hasIdentity ||= specificity("identity", entry) !== null;
    minQuality = Math.min(minQuality, entry.q || 1);
  }
  if (!hasIdentity) accepted.push({ encoding: "identity", q: minQuality, i });
  return accepted;
}

function specificity(encoding: string, entry: Accepted): number | null {
  if (entry.encoding.toLowerCase() === encoding.toLowerCase()) return 1;
  return entry.encoding === "*" ? 0 : null;
}

function priorityOf(encoding: string, index: number, accepted: Accepted[]): Priority {
  let best: Priority = { index, o: -1, q: 0, s: 0 };
  for (const entry of accepted) {
    const s = specificity(encoding, entry);
    if (s === null) continue;
    const spec = { index, o: entry.i, q: entry.q, s };
    if ((best.s - spec.s || best.q - spec.q || best.o - spec.o) < 0) best = spec;
  }
  return best;
}

/**
 * The encoding the compression middleware would send a compressible body in for this
 * Accept-Encoding header; null for none (identity: no header, nothing acceptable).
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Exclude<Supported, "identity"> | null {
  if (!acceptEncoding) return null;
  const accepted = parseAcceptEncoding(acceptEncoding);
  const ranked = SUPPORTED.map((encoding, index) => priorityOf(encoding, index, accepted))
    .filter((p) => p.q > 0)
    .sort((a, b) => {
      if (a.q !== b.q) return b.q - a.q;
      const aPreferred = PREFERRED.indexOf(SUPPORTED[a.index]!);
      const bPreferred = PREFERRED.indexOf(SUPPORTED[b.index]!);
      if (aPreferred === -1 && bPreferred === -1) return b.s - a.s || a.o - b.o || a.index - b.index;
      if (aPreferred !== -1 && bPreferred !== -1) return aPreferred - bPreferred;
      return aPreferred === -1 ? 1 : -1;
    });
  const chosen = ranked[0] ? SUPPORTED[ranked[0].index] : undefined;
  return chosen === undefined || chosen === "identity" ? null : chosen;
}

/**
 * `body` encoded as the middleware would (gzip at zlib's default level, Brotli at quality 4), at
 * once on this thread: a few milliseconds for a page of 130 KB, bounded by the size of what is
 * stored, and done once per stored page and encoding.
 */
export function encodeBody(body: Buffer, encoding: StoredEncoding): Buffer {
  return encoding === "gzip"
    ? gzipSync(body)
    : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
}

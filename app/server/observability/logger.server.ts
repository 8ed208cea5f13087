import { format } from "node:util";
import { currentRequestContext, outsideRequestContext } from "./request-context.server";

/**
 * Structured logs: one JSON object per line ({ time, level, msg, requestId?, ...fields }) in
 * production, readable lines in development. Nothing personal is written: messages pass through
 * `redact` (e-mail addresses and phone numbers are masked), access logs carry the path without its
 * query string and no client address, and the forms never log field values in the first place.
 */

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFormat = "json" | "pretty";
export type LogFields = Record<string, string | number | boolean | null | undefined>;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// 8 to 16 digits, optionally with a leading + and single spaces (a mobile number), not part of a
// longer token (ids and UUID groups are bounded by letters or dashes).
const PHONE = /(?<![\w-])\+?\d(?:[ ]?\d){7,15}(?![\w-])/g;

/** Masks e-mail addresses and phone numbers in a log message. */
export function redact(text: string): string {
  return text.replace(EMAIL, "[email]").replace(PHONE, "[phone]");
}

/** The path of a URL without its query string (queries can hold postcodes and coordinates). */
export function pathOnly(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

export interface Logger {
  log(level: LogLevel, msg: string, fields?: LogFields): void;
}

export function formatLine(level: LogLevel, msg: string, fields: LogFields, style: LogFormat, now = new Date()): string {
  const requestId = fields.requestId ?? currentRequestContext()?.id;
  const clean: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && key !== "requestId") clean[key] = typeof value === "string" ? redact(value) : value;
  }
  if (style === "json") {
    return JSON.stringify({ time: now.toISOString(), level, msg: redact(msg), ...(requestId ? { requestId } : {}), ...clean });
  }
  const extra = Object.entries(clean)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(" ");
  return `${level === "info" ? "" : `${level.toUpperCase()} `}${redact(msg)}${extra ? ` ${extra}` : ""}${requestId ? ` (${requestId})` : ""}`;
}

export function createLogger(style: LogFormat, write: (line: string, level: LogLevel) => void = defaultWrite): Logger {
  return { log: (level, msg, fields = {}) => write(formatLine(level, msg, fields, style), level) };
}

function defaultWrite(line: string, level: LogLevel): void {
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** An error as a log message: name and message; the stack only outside production. */
function describe(value: unknown, withStack: boolean): string {
  if (value instanceof Error) return withStack && value.stack ? value.stack : `${value.name}: ${value.message}`;
  return typeof value === "string" ? value : format("%o", value);
}

/**
 * Routes console.log/info/warn/error/debug through the logger, so every existing log line of the
 * app (content, leads, images) becomes structured, carries the request id and is redacted.
 * Returns a function that restores the original console.
 */
export function installConsoleLogger(logger: Logger, options: { stacks: boolean }): () => void {
  const original = { log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug };
  const route =
    (level: LogLevel) =>
    (...args: unknown[]) =>
      logger.log(level, args.map((a) => describe(a, options.stacks)).join(" "));
  console.log = route("info");
  console.info = route("info");
  console.warn = route("warn");
  console.error = route("error");
  console.debug = route("debug");
  return () => Object.assign(console, original);
}

interface AccessRequest {
  method: string;
  originalUrl: string;
}
interface AccessResponse {
  statusCode: number;
  getHeader(name: string): number | string | string[] | undefined;
  on(event: "finish" | "close", listener: () => void): unknown;
  locals?: Record<string, unknown>;
}

/**
 * `res.locals[OVERLOAD_REFUSED]` is true on the render limit's fast 503 (ADR 031). Such answers
 * come by the thousand per second under overload: one line each, written synchronously to a pipe,
 * would block the event loop that must keep answering health checks. They are counted instead.
 */
export const OVERLOAD_REFUSED = "overloadRefused";
export const OVERLOAD_SUMMARY_MS = 10_000;

/**
 * Counts events and logs one line for them at most every `intervalMs`: the first event starts the
 * interval, its end writes `{ msg, count, seconds }` at `level`.
 */
export function countedLog(logger: Logger, level: LogLevel, msg: string, intervalMs: number): () => void {
  let count = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    logger.log(level, msg, { count, seconds: intervalMs / 1000 });
    count = 0;
    timer = null;
  };
  return () => {
    count++;
    if (timer) return;
    // The line belongs to no request: the timer must not carry the context of the one that started it.
    timer = outsideRequestContext(() => setTimeout(flush, intervalMs));
    timer.unref?.();
  };
}

/**
 * Express middleware: one access-log entry per response (method, path, status, duration, size);
 * the fast 503s of an overload as one counted line per interval.
 */
export function accessLog(logger: Logger, { overloadSummaryMs = OVERLOAD_SUMMARY_MS } = {}) {
  const refused = countedLog(logger, "warn", "overload: pages refused with a fast 503 (Retry-After)", overloadSummaryMs);
  const middleware = (req: AccessRequest, res: AccessResponse, next: () => void) => {
    const start = process.hrtime.bigint();
    const requestId = currentRequestContext()?.id;
    let logged = false;
    const done = (aborted: boolean) => {
      if (logged) return;
      logged = true;
      if (res.locals?.[OVERLOAD_REFUSED] === true) {
        refused();
        return;
      }
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const length = res.getHeader("content-length");
      logger.log(res.statusCode >= 500 ? "error" : "info", "request", {
        requestId,
        method: req.method,
        path: pathOnly(req.originalUrl),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        bytes: typeof length === "string" || typeof length === "number" ? Number(length) : undefined,
        aborted: aborted || undefined,
        // The page cache's outcome (HIT, MISS, STALE, BYPASS) for HTML pages.
        cache: typeof res.getHeader("x-cache") === "string" ? String(res.getHeader("x-cache")) : undefined,
      });
    };
    res.on("finish", () => done(false));
    res.on("close", () => done(true));
    next();
  };
  // Fast 503s answered before Express are counted in the same line.
  return Object.assign(middleware, { countRefused: refused });
}

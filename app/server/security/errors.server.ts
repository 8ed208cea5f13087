import type { IncomingMessage, ServerResponse } from "node:http";
import { CacheControl } from "~/server/http/cache-control";

/**
 * The last Express error handler: every error that reaches it becomes a JSON answer
 * `{ error: message }` with its 4xx status (body too large: 413; malformed URL or body: 400), or
 * a 500 with a generic message. Never a stack trace; 5xx are logged with the request id.
 */

export const BODY_LIMIT_BYTES = 64 * 1024;

export const ERROR_MESSAGES = {
  400: "The request is malformed.",
  404: "Not found.",
  405: "Method not allowed.",
  413: `The request body is too large (at most ${BODY_LIMIT_BYTES / 1024} KB).`,
  415: "Unsupported content type.",
  500: "Something went wrong. Please try again later.",
} as const;

/** A status and a safe message for any thrown value. */
export function describeHttpError(error: unknown): { status: number; message: string } {
  const e = (error ?? {}) as { status?: unknown; statusCode?: unknown; type?: unknown; expose?: unknown; message?: unknown };
  if (error instanceof URIError) return { status: 400, message: ERROR_MESSAGES[400] };
  const raw = typeof e.status === "number" ? e.status : typeof e.statusCode === "number" ? e.statusCode : 500;
  const status = raw >= 400 && raw < 600 ? raw : 500;
  if (status === 413 || e.type === "entity.too.large") return { status: 413, message: ERROR_MESSAGES[413] };
  if (status >= 500) return { status, message: ERROR_MESSAGES[500] };
  const known = (ERROR_MESSAGES as Record<number, string>)[status];
  return { status, message: known ?? ERROR_MESSAGES[400] };
}

type Req = IncomingMessage & { originalUrl?: string };

export function jsonErrorHandler(log: (error: unknown, status: number) => void) {
  // Express recognises an error handler by its four parameters.
  return (error: unknown, _req: Req, res: ServerResponse, _next: (err?: unknown) => void) => {
    const { status, message } = describeHttpError(error);
    if (status >= 500) log(error, status);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.statusCode = status;
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Cache-Control", CacheControl.noStore);
    res.end(JSON.stringify({ error: message }));
  };
}

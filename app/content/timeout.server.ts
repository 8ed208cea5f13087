import { getEnv } from "~/server/env.server";

/**
 * Content calls have a deadline: a content service that hangs is an outage like one
 * that refuses, so the content cache serves its stale entry (stale-if-error) and an uncached page
 * becomes the 503 page, instead of the request hanging until the visitor gives up.
 */
export const DEFAULT_CONTENT_TIMEOUT_MS = 5_000;

/** A content call that did not answer in time; status 504 makes it an outage (isContentOutage). */
export class ContentTimeoutError extends Error {
  readonly status = 504;
  constructor(ms: number) {
    super(`the content service did not answer within ${ms} ms`);
    this.name = "ContentTimeoutError";
  }
}

/** CONTENT_TIMEOUT_MS of the validated environment, else 5 s. */
export function contentTimeoutMs(env: { CONTENT_TIMEOUT_MS?: string } = getEnv()): number {
  const ms = Number(env.CONTENT_TIMEOUT_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : DEFAULT_CONTENT_TIMEOUT_MS;
}

/** Runs `work`, rejecting with ContentTimeoutError after `ms` (the work itself is left to finish or be aborted). */
export function withTimeout<T>(work: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ContentTimeoutError(ms)), ms);
    timer.unref?.();
    work().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A content call under the configured deadline. */
export function withContentTimeout<T>(work: () => Promise<T>): Promise<T> {
  return withTimeout(work, contentTimeoutMs());
}

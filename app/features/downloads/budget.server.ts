import type { Env } from "~/server/env.server";
import { clientKey, type ClientLimiter, type RateLimitConfig } from "~/features/forms/rate-limit.server";
import type { ByteBudget } from "./downloads.server";

/**
 * The bytes both download endpoints (the zip and the single asset) send one client per window:
 * each download's size is counted before it is sent, in kilobytes (the counters are integers),
 * by the same limiter as the forms' (in Postgres with DATABASE_URL, shared by every instance).
 */

/** Default: 1 GB per client per hour (four of the largest zips). */
export const DEFAULT_DOWNLOAD_BUDGET_MB = 1024;
export const DEFAULT_DOWNLOAD_BUDGET_WINDOW_SECONDS = 3600;

export function downloadBudgetConfigFromEnv(env: Pick<Env, "DOWNLOAD_BUDGET_MB" | "DOWNLOAD_BUDGET_WINDOW_SECONDS">): RateLimitConfig {
  const mb = Number(env.DOWNLOAD_BUDGET_MB);
  const seconds = Number(env.DOWNLOAD_BUDGET_WINDOW_SECONDS);
  return {
    limit: (Number.isInteger(mb) && mb > 0 ? mb : DEFAULT_DOWNLOAD_BUDGET_MB) * 1024,
    windowMs: (Number.isInteger(seconds) && seconds > 0 ? seconds : DEFAULT_DOWNLOAD_BUDGET_WINDOW_SECONDS) * 1000,
  };
}

/** The budget of the client at `address` (as `trust proxy` reads it). A count that fails never refuses. */
export function byteBudgetFor(limiter: ClientLimiter, address: string | undefined): ByteBudget {
  const client = clientKey(address);
  return async (bytes) => {
    try {
      const result = await limiter.hit(client, Math.max(1, Math.ceil(bytes / 1024)));
      return result.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: result.resetSeconds };
    } catch (error) {
      console.error(`[downloads] budget: ${error instanceof Error ? error.message : String(error)}`);
      return { allowed: true };
    }
  };
}

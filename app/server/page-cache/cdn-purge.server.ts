/**
 * Purging a CDN by surrogate key: on a publish webhook the server sends
 * `PURGE <CDN_PURGE_URL>` with `Surrogate-Key: <keys space-separated>` (the keys of
 * `purgeKeysForPublish`) and the shared secret in `X-Purge-Token` (CDN_PURGE_SECRET), which deploy/varnish/default.vcl turns into a ban of the cached pages
 * that name any of them. Bounded: each attempt has a deadline, a failed attempt (network error,
 * timeout, 5xx) is tried once more after a short pause, and a CDN that cannot be reached is
 * logged, never an error of the webhook: its pages then expire on their own (s-maxage).
 */

/** The header carrying the purge secret (deploy/varnish/purge.vcl checks it). */
export const PURGE_TOKEN_HEADER = "X-Purge-Token";

export interface CdnPurgeOptions {
  /** The shared secret the CDN requires of a purge (CDN_PURGE_SECRET). */
  secret?: string;
  /** Deadline of one attempt (default 2000 ms). */
  timeoutMs?: number;
  /** Attempts after the first (default 1). */
  retries?: number;
  /** Pause before a retry (default 200 ms). */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export interface CdnPurgeResult {
  ok: boolean;
  attempts: number;
  /** The CDN's last status, when it answered. */
  status?: number;
  error?: string;
}

export const CDN_PURGE_TIMEOUT_MS = 2_000;

/** Sends one purge of `keys` to `url`; resolves (never rejects) with the outcome, and logs it. */
export async function purgeCdn(url: string, keys: readonly string[], options: CdnPurgeOptions = {}): Promise<CdnPurgeResult> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? CDN_PURGE_TIMEOUT_MS;
  const retries = options.retries ?? 1;
  const header = [...new Set(keys)].join(" ");
  let result: CdnPurgeResult = { ok: false, attempts: 0 };
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, options.retryDelayMs ?? 200));
    try {
      const headers: Record<string, string> = { "Surrogate-Key": header };
      if (options.secret) headers[PURGE_TOKEN_HEADER] = options.secret;
      const response = await doFetch(url, { method: "PURGE", headers, signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel().catch(() => {});
      result = { ok: response.ok, attempts: attempt, status: response.status };
      // A refusal (4xx: not allowed, bad keys) will not change on a second try.
      if (response.ok || response.status < 500) break;
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      result = { ok: false, attempts: attempt, error: timedOut ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error) };
    }
  }
  if (result.ok) console.log(`[cdn-purge] purged ${header} (${result.status}, attempt ${result.attempts})`);
  else
    console.error(
      `[cdn-purge] purging ${header} failed after ${result.attempts} attempt(s): ${result.status !== undefined ? `the CDN answered ${result.status}` : result.error}; its pages expire on their own`,
    );
  return result;
}

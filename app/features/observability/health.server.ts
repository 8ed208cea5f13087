/**
 * Health endpoints: `GET /healthz` (liveness: the process answers) and `GET /readyz`
 * (readiness: the content API answers and the lead store takes writes). Checks run in parallel,
 * each bounded by a timeout; the answer names each check's outcome, never an error's details.
 */

export type CheckOutcome = "ok" | "failing" | "timeout";
export type ReadinessCheck = () => Promise<unknown>;

export interface Readiness {
  status: "ready" | "unavailable";
  checks: Record<string, CheckOutcome>;
}

export const READINESS_TIMEOUT_MS = 3_000;

async function run(check: ReadinessCheck, timeoutMs: number): Promise<CheckOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    return await Promise.race([check().then((): CheckOutcome => "ok"), timeout]);
  } catch {
    return "failing";
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(checks: Record<string, ReadinessCheck>, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  const names = Object.keys(checks);
  const outcomes = await Promise.all(names.map((name) => run(checks[name], timeoutMs)));
  const result: Record<string, CheckOutcome> = {};
  names.forEach((name, i) => (result[name] = outcomes[i]));
  return { status: outcomes.every((o) => o === "ok") ? "ready" : "unavailable", checks: result };
}

/** A content check: a response with status 2xx from the content API's `spaces/me`. */
export function contentReachable(fetchSpace: () => Promise<{ status: number }>): ReadinessCheck {
  return async () => {
    const res = await fetchSpace();
    if (res.status < 200 || res.status >= 300) throw new Error(`content API answered ${res.status}`);
  };
}

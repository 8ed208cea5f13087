/**
 * Health endpoints: `GET /healthz` (liveness: the process answers) and `GET /readyz`
 * (readiness: the content API answers and the lead store takes writes). Checks run in parallel,
 * each bounded by a timeout; the answer names each check's outcome, never an error's details.
 * `/readyz` answers from the last result of a background check (`ReadinessMonitor`), with the
 * time of that check, so that it costs no I/O per request and answers at once under load.
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

export interface ReadinessReport extends Readiness {
  /** When the checks of this answer finished (ISO 8601). */
  checkedAt: string;
}

/** How often the background check runs while /readyz is asked (default). */
export const READINESS_INTERVAL_MS = 2_000;
/** The background check pauses when /readyz has not been asked for this long. */
export const READINESS_IDLE_MS = 60_000;

/**
 * Readiness kept by a background check: the first `current()` runs the checks and starts a loop
 * that runs them again `intervalMs` after each run ends; `current()` then answers the last result
 * at once (at most `intervalMs` + one run old). The loop pauses when nobody asked for `idleMs`
 * (the next `current()` waits for a fresh run, as the first one does) and ends with `stop()`.
 */
export class ReadinessMonitor {
  private last: ReadinessReport | null = null;
  private running: Promise<ReadinessReport> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private askedAt = 0;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly idleMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly checks: Record<string, ReadinessCheck>,
    options: { intervalMs?: number; idleMs?: number; timeoutMs?: number; now?: () => number } = {},
  ) {
    this.intervalMs = options.intervalMs ?? READINESS_INTERVAL_MS;
    this.idleMs = options.idleMs ?? READINESS_IDLE_MS;
    this.timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** The last result; the first call (and the first after a pause) waits for a run. */
  current(): Promise<ReadinessReport> {
    this.askedAt = this.now();
    if (this.last && (this.timer || this.running)) return Promise.resolve(this.last);
    return this.run();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): Promise<ReadinessReport> {
    this.running ??= checkReadiness(this.checks, this.timeoutMs).then((readiness) => {
      this.last = { ...readiness, checkedAt: new Date(this.now()).toISOString() };
      this.running = null;
      this.schedule();
      return this.last;
    });
    return this.running;
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    if (this.now() - this.askedAt >= this.idleMs) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.intervalMs);
    // A check never keeps the process alive.
    this.timer.unref?.();
  }
}

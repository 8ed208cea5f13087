import type { Env } from "~/server/env.server";
import { describeLeadStore, getLeadStore, type Lead, type LeadStore } from "./store.server";

/**
 * The CRM outbox: delivers each stored lead to its CRM endpoint (the enquiry type's sfendpoint
 * resolved against CRM_BASE_URL) with its idempotency key, retrying with exponential backoff and
 * jitter, and marks it delivered, or failed after the attempt limit. State lives in the store, so
 * a restart picks up where it stopped; a worker's claim on a lead expires after the lease, so a
 * crashed worker's leads are tried again. Logs name lead ids and status codes, never field values.
 *
 * Several servers can run it on one database: a claim skips leads another worker is
 * claiming (SKIP LOCKED) and carries a token, and only the token's holder records the outcome.
 * The leads of a batch are delivered side by side, so each lead's delivery starts when it is
 * claimed and ends within timeoutMs: its lease (timeoutMs plus a margin, or leaseMs if longer)
 * outlasts it. The CRM gets the lead's idempotency key on every attempt: a delivery repeated after
 * a lost answer or an expired lease is recognised there.
 */

export interface OutboxConfig {
  /** Base URL of the CRM; unset = leads stay stored as undelivered. */
  crmBaseUrl?: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  crmToken?: string;
  maxAttempts: number;
  /** First retry delay; doubles each attempt up to maxDelayMs, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a delivery may take before it counts as failed (and is retried). */
  timeoutMs: number;
  /** How often the worker looks for due leads. */
  pollMs: number;
  batchSize: number;
  /** The least a claimed lead is reserved for one worker (see leaseFor: never less than a delivery can take). */
  leaseMs: number;
}

/** Time for the store writes around a delivery, on top of its timeout. */
export const LEASE_MARGIN_MS = 10_000;

/** Each claimed lead's lease: longer than its delivery can take (the timeout plus a margin). */
export function leaseFor(config: Pick<OutboxConfig, "leaseMs" | "timeoutMs">): number {
  return Math.max(config.leaseMs, config.timeoutMs + LEASE_MARGIN_MS);
}

export const DEFAULT_OUTBOX_CONFIG: OutboxConfig = {
  maxAttempts: 10,
  baseDelayMs: 5_000,
  maxDelayMs: 3_600_000,
  timeoutMs: 10_000,
  pollMs: 5_000,
  batchSize: 10,
  leaseMs: 30_000,
};

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The variables of the outbox's configuration. */
export type OutboxEnv = Pick<Env, "CRM_BASE_URL" | "CRM_API_TOKEN" | "OUTBOX_MAX_ATTEMPTS" | "OUTBOX_BASE_DELAY_MS" | "OUTBOX_POLL_MS">;

export function outboxConfigFromEnv(env: OutboxEnv): OutboxConfig {
  return {
    ...DEFAULT_OUTBOX_CONFIG,
    crmBaseUrl: env.CRM_BASE_URL?.trim() || undefined,
    crmToken: env.CRM_API_TOKEN?.trim() || undefined,
    maxAttempts: positiveInt(env.OUTBOX_MAX_ATTEMPTS, DEFAULT_OUTBOX_CONFIG.maxAttempts),
    baseDelayMs: positiveInt(env.OUTBOX_BASE_DELAY_MS, DEFAULT_OUTBOX_CONFIG.baseDelayMs),
    pollMs: positiveInt(env.OUTBOX_POLL_MS, DEFAULT_OUTBOX_CONFIG.pollMs),
  };
}

/**
 * Delay before the next attempt after `attempts` failed ones: exponential (base × 2^(n-1),
 * capped) with "equal jitter": half fixed, half random, so retries of many leads spread out
 * without ever retrying at once.
 */
export function backoffDelay(attempts: number, config: Pick<OutboxConfig, "baseDelayMs" | "maxDelayMs">, random: () => number = Math.random): number {
  const exp = Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** The CRM URL of an endpoint path, or an error when it would leave the CRM's origin. */
export function resolveEndpoint(endpoint: string, crmBaseUrl: string): { url: string } | { error: string } {
  if (!endpoint.trim()) return { error: "no CRM endpoint (sfendpoint) for this form" };
  let base: URL;
  try {
    base = new URL(crmBaseUrl.endsWith("/") ? crmBaseUrl : `${crmBaseUrl}/`);
  } catch {
    return { error: "CRM_BASE_URL is not a valid URL" };
  }
  let url: URL;
  try {
    // A leading / is taken relative to the base path too: /enquiry → <base>/enquiry.
    url = new URL(endpoint.trim().replace(/^\/+/, ""), base);
  } catch {
    return { error: "the sfendpoint is not a valid path" };
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
    return { error: "the sfendpoint leaves CRM_BASE_URL" };
  }
  return { url: url.href };
}

export type DeliveryResult = { ok: true } | { ok: false; retry: boolean; error: string };

/** 2xx is delivered; 408, 425, 429 and 5xx are retried; other 4xx will not change, so they fail. */
export function classifyStatus(status: number): DeliveryResult {
  if (status >= 200 && status < 300) return { ok: true };
  const retry = status === 408 || status === 425 || status === 429 || status >= 500;
  return { ok: false, retry, error: `HTTP ${status}` };
}

export async function deliverLead(
  lead: Lead,
  config: Pick<OutboxConfig, "crmBaseUrl" | "crmToken" | "timeoutMs">,
  fetchImpl: typeof fetch = fetch,
): Promise<DeliveryResult> {
  if (!config.crmBaseUrl) return { ok: false, retry: true, error: "CRM_BASE_URL not set" };
  const target = resolveEndpoint(lead.endpoint, config.crmBaseUrl);
  if ("error" in target) return { ok: false, retry: false, error: target.error };
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json",
    "Idempotency-Key": lead.idempotencyKey,
  };
  if (config.crmToken) headers.Authorization = `Bearer ${config.crmToken}`;
  try {
    const response = await fetchImpl(target.url, {
      method: "POST",
      headers,
      body: JSON.stringify(lead.payload),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    // The body is not needed; release the connection.
    await response.body?.cancel().catch(() => {});
    return classifyStatus(response.status);
  } catch (error) {
    const name = error instanceof Error ? error.name : "Error";
    const reason = name === "TimeoutError" || name === "AbortError" ? "timeout" : `network error (${name})`;
    return { ok: false, retry: true, error: reason };
  }
}

export interface PassResult {
  delivered: number;
  retried: number;
  failed: number;
}

export interface OutboxDeps {
  /** The store, or how to get it (the process's store, opened on first use and again after a failure). */
  store: LeadStore | (() => Promise<LeadStore>);
  config: OutboxConfig;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (message: string) => void;
}

/** One pass: claims the due leads and tries each once, side by side. */
export async function deliverDue(deps: OutboxDeps): Promise<PassResult> {
  const { config } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((m: string) => console.log(m));
  const result: PassResult = { delivered: 0, retried: 0, failed: 0 };
  if (!config.crmBaseUrl) return result;
  const store = typeof deps.store === "function" ? await deps.store() : deps.store;
  const leads = await store.claimDue(now(), config.batchSize, leaseFor(config));
  const lost = (lead: Lead) => log(`[leads] the claim on ${lead.id} ran out before its outcome was recorded; its new holder records it`);
  await Promise.all(
    leads.map(async (lead) => {
      const outcome = await deliverLead(lead, config, deps.fetch);
      const attempts = lead.attempts + 1;
      if (outcome.ok) {
        if (!(await store.markDelivered(lead, now()))) return lost(lead);
        result.delivered++;
        log(`[leads] delivered ${lead.id} (${lead.formId}) after ${attempts} attempt(s)`);
      } else if (outcome.retry && attempts < config.maxAttempts) {
        const delay = backoffDelay(attempts, config, deps.random);
        if (!(await store.markRetry(lead, attempts, now() + delay, outcome.error, now()))) return lost(lead);
        result.retried++;
        log(`[leads] delivery of ${lead.id} failed (${outcome.error}); attempt ${attempts}/${config.maxAttempts}, next in ${(delay / 1000).toFixed(1)} s`);
      } else {
        if (!(await store.markFailed(lead, attempts, outcome.error, now()))) return lost(lead);
        result.failed++;
        log(`[leads] delivery of ${lead.id} failed for good (${outcome.error}) after ${attempts} attempt(s); \`npm run leads -- retry\` re-queues it`);
      }
    }),
  );
  return result;
}

export interface OutboxHandle {
  /** Runs a pass soon (a new lead was stored). */
  kick(): void;
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void>;
  /** Resolves when the pass in flight (if any) and one more have run. */
  drain(): Promise<void>;
}

/** Runs passes every pollMs (and when kicked) until stopped. */
export function createOutboxWorker(deps: OutboxDeps): OutboxHandle {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref?.();
  };

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = (async () => {
      try {
        let pass: PassResult;
        do {
          again = false;
          pass = await deliverDue(deps);
          // A full batch means more may be due now.
        } while (!stopped && (again || pass.delivered + pass.retried + pass.failed >= deps.config.batchSize));
      } catch (error) {
        console.error(`[leads] outbox pass failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = null;
        schedule(deps.config.pollMs);
      }
    })();
    return running;
  }

  schedule(0);
  return {
    kick() {
      if (!stopped) void run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    async drain() {
      await running;
      await run();
    },
  };
}

// ---- The process's worker --------------------------------------------------------------------

const WORKER_SLOT = Symbol.for("kestrel.leads.outbox");
type WorkerSlot = { handle: OutboxHandle | null };
function workerSlot(): WorkerSlot {
  const g = globalThis as unknown as Record<symbol, WorkerSlot | undefined>;
  return (g[WORKER_SLOT] ??= { handle: null });
}

/**
 * Starts the outbox for this process (call once from server.ts at start, with its validated env):
 * opens the lead store and runs its migrations, then delivers due leads every OUTBOX_POLL_MS and
 * whenever a lead is stored. Without CRM_BASE_URL it only opens the store: leads stay stored as
 * undelivered. A store that cannot be opened is logged and tried again on the next pass; the
 * server keeps serving. Resolves to a handle whose stop() ends the worker (call it on shutdown).
 */
export async function startOutbox(env: OutboxEnv, overrides: Partial<OutboxConfig> = {}): Promise<OutboxHandle> {
  const existing = workerSlot().handle;
  if (existing) return existing;
  const config = { ...outboxConfigFromEnv(env), ...overrides };
  const delivering = config.crmBaseUrl ? "delivering to the CRM" : "CRM_BASE_URL is not set, so leads are stored and not delivered";
  try {
    const counts = await (await getLeadStore()).counts();
    console.log(`[leads] store: ${describeLeadStore()} (${counts.pending} pending, ${counts.failed} failed, ${counts.delivered} delivered); ${delivering}`);
  } catch (error) {
    console.error(`[leads] store ${describeLeadStore()} could not be opened: ${error instanceof Error ? error.message : String(error)}; retrying`);
  }
  let handle: OutboxHandle;
  if (!config.crmBaseUrl) {
    handle = { kick() {}, async stop() {}, async drain() {} };
  } else {
    handle = createOutboxWorker({ store: getLeadStore, config });
  }
  const stop = handle.stop;
  handle.stop = async () => {
    if (workerSlot().handle === handle) workerSlot().handle = null;
    await stop();
  };
  workerSlot().handle = handle;
  return handle;
}

/** Asks the running outbox (if any) to deliver now; used after a lead is stored. */
export function kickOutbox(): void {
  workerSlot().handle?.kick();
}

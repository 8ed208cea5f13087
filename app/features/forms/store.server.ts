import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Country } from "~/content/schema";
import { getEnv, type Env } from "~/server/env.server";
import type { FormKind, } from "./content";
import type { LeadPayload } from "./normalise";
import { withAdvisoryLock } from "./pg-lock.server";

/**
 * The durable lead store (ARCHITECTURE.md "leads are never lost"): SQLite in WAL mode through
 * better-sqlite3 by default (`LEADS_DB_PATH`, default data/leads.db), Postgres when
 * DATABASE_URL is set (`pg` is loaded only then). One schema, migrations run when the store is
 * opened. Every lead has a unique idempotency key: storing the same key twice keeps the first.
 * The payload holds personal data: it is stored, never logged.
 */

/**
 * `held`: stored, but past the per-contact limit (someone may be using another person's e-mail or
 * phone): not delivered until released (`npm run leads -- release`), and never refused.
 */
export type LeadStatus = "pending" | "delivered" | "failed" | "held";

export interface LeadInput {
  idempotencyKey: string;
  kind: FormKind;
  formId: string;
  country: Country;
  endpoint: string;
  payload: LeadPayload;
  /** Stored held for review (not delivered until released) rather than pending. */
  held?: boolean;
}

export interface Lead extends LeadInput {
  id: string;
  status: LeadStatus;
  attempts: number;
  /** Epoch ms: the outbox does not try before then. */
  nextAttemptAt: number;
  /** Epoch ms: a worker holds the lead until then (a crashed worker's claim expires). */
  lockedUntil: number | null;
  /** The claim of the worker holding the lead: only that worker may record the delivery's outcome. */
  claimToken: string | null;
  /** Status code or network error of the last failed delivery; never personal data. */
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  deliveredAt: number | null;
}

/** A worker's hold on a lead: the lead's id and the token of the claim that returned it. */
export interface Claim {
  id: string;
  claimToken: string | null;
}

export interface LeadStore {
  readonly dialect: "sqlite" | "postgres";
  /** Stores a lead unless its idempotency key is known; returns the stored lead either way. */
  insert(input: LeadInput, now?: number): Promise<{ lead: Lead; created: boolean }>;
  /**
   * Claims up to `limit` pending leads that are due, for `leaseMs` each, under a new claim token
   * (in each returned lead). Leads another worker is claiming at this moment are skipped, not
   * waited for (Postgres: FOR UPDATE SKIP LOCKED; SQLite has one writer at a time).
   */
  claimDue(now: number, limit: number, leaseMs: number): Promise<Lead[]>;
  /**
   * The outcome of a delivery, recorded only while `claim` still holds the lead (its token is the
   * lead's): false when the lease ran out and another worker claimed the lead meanwhile.
   */
  markDelivered(claim: Claim, now: number): Promise<boolean>;
  markRetry(claim: Claim, attempts: number, nextAttemptAt: number, error: string, now: number): Promise<boolean>;
  markFailed(claim: Claim, attempts: number, error: string, now: number): Promise<boolean>;
  /** Puts every failed lead back in the queue, due now; returns how many. */
  requeueFailed(now: number): Promise<number>;
  /** Puts held leads (every one, or the one with this id) in the queue, due now; returns how many. */
  releaseHeld(now: number, id?: string): Promise<number>;
  get(id: string): Promise<Lead | null>;
  /** The lead stored under this idempotency key, if any (a retry is answered without being counted again). */
  getByKey(idempotencyKey: string): Promise<Lead | null>;
  list(status?: LeadStatus): Promise<Lead[]>;
  counts(): Promise<Record<LeadStatus, number>>;
  /** Takes the write lock and releases it without writing (readiness check); throws when it cannot. */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}

// ---- Schema and migrations (one schema for both databases) ----------------------------------

export interface Migration {
  version: number;
  statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE IF NOT EXISTS leads (
        id TEXT PRIMARY KEY,
        idempotency_key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        form_id TEXT NOT NULL,
        country TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        payload TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        locked_until BIGINT,
        last_error TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        delivered_at BIGINT
      )`,
      `CREATE INDEX IF NOT EXISTS leads_due ON leads (status, next_attempt_at)`,
    ],
  },
  {
    // A claim token, so only the worker holding a lead records its outcome.
    version: 2,
    statements: [`ALTER TABLE leads ADD COLUMN claim_token TEXT`],
  },
];

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS lead_schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)`;

// Queries with ? placeholders (Postgres gets $1, $2, ...).
const SQL = {
  insert: `INSERT INTO leads (id, idempotency_key, kind, form_id, country, endpoint, payload, status, attempts, next_attempt_at, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
  byKey: `SELECT * FROM leads WHERE idempotency_key = ?`,
  byId: `SELECT * FROM leads WHERE id = ?`,
  // Outcomes are recorded only by the claim's holder (same token, still pending).
  delivered: `UPDATE leads SET status = 'delivered', delivered_at = ?, locked_until = NULL, claim_token = NULL, last_error = NULL, attempts = attempts + 1, updated_at = ?
    WHERE id = ? AND claim_token IS NOT DISTINCT FROM ? AND status = 'pending'`,
  retry: `UPDATE leads SET attempts = ?, next_attempt_at = ?, last_error = ?, locked_until = NULL, claim_token = NULL, updated_at = ?
    WHERE id = ? AND claim_token IS NOT DISTINCT FROM ? AND status = 'pending'`,
  failed: `UPDATE leads SET status = 'failed', attempts = ?, last_error = ?, locked_until = NULL, claim_token = NULL, updated_at = ?
    WHERE id = ? AND claim_token IS NOT DISTINCT FROM ? AND status = 'pending'`,
  requeue: `UPDATE leads SET status = 'pending', attempts = 0, next_attempt_at = ?, locked_until = NULL, claim_token = NULL, updated_at = ? WHERE status = 'failed'`,
  releaseHeld: `UPDATE leads SET status = 'pending', next_attempt_at = ?, updated_at = ? WHERE status = 'held'`,
  releaseHeldById: `UPDATE leads SET status = 'pending', next_attempt_at = ?, updated_at = ? WHERE status = 'held' AND id = ?`,
  list: `SELECT * FROM leads ORDER BY created_at, id`,
  listByStatus: `SELECT * FROM leads WHERE status = ? ORDER BY created_at, id`,
  counts: `SELECT status, COUNT(*) AS n FROM leads GROUP BY status`,
} as const;

/**
 * Claims due leads under a token. The outer conditions are checked again on each row. Postgres
 * locks the chosen rows and skips rows another worker's claim has locked (SKIP LOCKED), so two
 * workers never wait for, nor take, the same lead; SQLite runs one write at a time, so the plain
 * form is already exclusive there.
 */
function claimSql(dialect: LeadStore["dialect"]): string {
  return `UPDATE leads SET locked_until = ?, claim_token = ?, updated_at = ?
    WHERE id IN (SELECT id FROM leads WHERE status = 'pending' AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until <= ?)
                 ORDER BY next_attempt_at, created_at LIMIT ?${dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : ""})
      AND status = 'pending' AND (locked_until IS NULL OR locked_until <= ?)
    RETURNING *`;
}

function claimParams(now: number, limit: number, leaseMs: number): unknown[] {
  return [now + leaseMs, randomUUID(), now, now, now, limit, now];
}

interface LeadRow {
  id: string;
  idempotency_key: string;
  kind: string;
  form_id: string;
  country: string;
  endpoint: string;
  payload: string;
  status: string;
  attempts: number | string;
  next_attempt_at: number | string;
  locked_until: number | string | null;
  last_error: string | null;
  created_at: number | string;
  updated_at: number | string;
  delivered_at: number | string | null;
  claim_token: string | null;
}

const num = (v: number | string): number => (typeof v === "number" ? v : Number(v));
const numOrNull = (v: number | string | null): number | null => (v === null ? null : num(v));

function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    kind: row.kind as FormKind,
    formId: row.form_id,
    country: row.country as Country,
    endpoint: row.endpoint,
    payload: JSON.parse(row.payload) as LeadPayload,
    status: row.status as LeadStatus,
    attempts: num(row.attempts),
    nextAttemptAt: num(row.next_attempt_at),
    lockedUntil: numOrNull(row.locked_until),
    claimToken: row.claim_token ?? null,
    lastError: row.last_error,
    createdAt: num(row.created_at),
    updatedAt: num(row.updated_at),
    deliveredAt: numOrNull(row.delivered_at),
  };
}

function insertParams(input: LeadInput, now: number): unknown[] {
  return [
    randomUUID(),
    input.idempotencyKey,
    input.kind,
    input.formId,
    input.country,
    input.endpoint,
    JSON.stringify(input.payload),
    input.held ? "held" : "pending",
    now,
    now,
    now,
  ];
}

function emptyCounts(): Record<LeadStatus, number> {
  return { pending: 0, delivered: 0, failed: 0, held: 0 };
}

// ---- SQLite (better-sqlite3) ----------------------------------------------------------------

type SqliteDatabase = import("better-sqlite3").Database;

export async function openSqliteLeadStore(file: string): Promise<LeadStore> {
  const { default: Database } = await import("better-sqlite3");
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db: SqliteDatabase = new Database(file);
  db.pragma("journal_mode = WAL");
  // FULL: a commit is on disk before the visitor is told the lead was received.
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  migrateSqlite(db);

  const all = (sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as LeadRow[];
  const run = (sql: string, params: unknown[] = []) => db.prepare(sql).run(...params);

  return {
    dialect: "sqlite",
    async insert(input, now = Date.now()) {
      const created = run(SQL.insert, insertParams(input, now)).changes === 1;
      const row = all(SQL.byKey, [input.idempotencyKey])[0];
      return { lead: toLead(row), created };
    },
    async claimDue(now, limit, leaseMs) {
      return all(claimSql("sqlite"), claimParams(now, limit, leaseMs)).map(toLead);
    },
    async markDelivered(claim, now) {
      return run(SQL.delivered, [now, now, claim.id, claim.claimToken]).changes === 1;
    },
    async markRetry(claim, attempts, nextAttemptAt, error, now) {
      return run(SQL.retry, [attempts, nextAttemptAt, error, now, claim.id, claim.claimToken]).changes === 1;
    },
    async markFailed(claim, attempts, error, now) {
      return run(SQL.failed, [attempts, error, now, claim.id, claim.claimToken]).changes === 1;
    },
    async requeueFailed(now) {
      return run(SQL.requeue, [now, now]).changes;
    },
    async releaseHeld(now, id) {
      return (id === undefined ? run(SQL.releaseHeld, [now, now]) : run(SQL.releaseHeldById, [now, now, id])).changes;
    },
    async get(id) {
      const row = all(SQL.byId, [id])[0];
      return row ? toLead(row) : null;
    },
    async getByKey(idempotencyKey) {
      const row = all(SQL.byKey, [idempotencyKey])[0];
      return row ? toLead(row) : null;
    },
    async list(status) {
      return (status ? all(SQL.listByStatus, [status]) : all(SQL.list)).map(toLead);
    },
    async counts() {
      const out = emptyCounts();
      for (const row of db.prepare(SQL.counts).all() as { status: LeadStatus; n: number }[]) out[row.status] = row.n;
      return out;
    },
    async probeWrite() {
      // BEGIN IMMEDIATE takes the write lock: it fails on a read-only file or a locked database.
      db.exec("BEGIN IMMEDIATE");
      db.exec("ROLLBACK");
    },
    async close() {
      db.close();
    },
  };
}

function migrateSqlite(db: SqliteDatabase): void {
  db.exec(MIGRATIONS_TABLE);
  const applied = new Set((db.prepare("SELECT version FROM lead_schema_migrations").all() as { version: number }[]).map((r) => r.version));
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      for (const statement of migration.statements) db.exec(statement);
      db.prepare("INSERT INTO lead_schema_migrations (version, applied_at) VALUES (?, ?)").run(migration.version, Date.now());
    }).immediate();
  }
}

// ---- Postgres (pg, loaded only when DATABASE_URL is set) -------------------------------------

/** $1, $2, ... for each ? (the queries above hold no ? in literals). */
export function toPostgresPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A fixed advisory lock id, so two servers starting together migrate one after the other. */
const MIGRATION_LOCK_ID = 7_428_531;

export async function openPostgresLeadStore(connectionString: string): Promise<LeadStore> {
  const pg = await import("pg");
  const Pool = pg.default?.Pool ?? pg.Pool;
  const pool = new Pool({ connectionString, max: 5 });
  // An idle client's error (the server restarted) must not crash the process.
  pool.on("error", (error: Error) => console.error(`[leads] Postgres pool error: ${error.message}`));
  const query = async (sql: string, params: unknown[] = []) => (await pool.query(toPostgresPlaceholders(sql), params)).rows as LeadRow[];
  const run = async (sql: string, params: unknown[] = []) => (await pool.query(toPostgresPlaceholders(sql), params)).rowCount ?? 0;

  try {
    await withAdvisoryLock(pool, MIGRATION_LOCK_ID, async (client) => {
      await client.query(MIGRATIONS_TABLE);
      const applied = new Set((await client.query("SELECT version FROM lead_schema_migrations")).rows.map((r: { version: number }) => Number(r.version)));
      for (const migration of MIGRATIONS) {
        if (applied.has(migration.version)) continue;
        for (const statement of migration.statements) await client.query(statement);
        await client.query("INSERT INTO lead_schema_migrations (version, applied_at) VALUES ($1, $2)", [migration.version, Date.now()]);
      }
    });
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }

  return {
    dialect: "postgres",
    async insert(input, now = Date.now()) {
      const created = (await run(SQL.insert, insertParams(input, now))) === 1;
      const row = (await query(SQL.byKey, [input.idempotencyKey]))[0];
      return { lead: toLead(row), created };
    },
    async claimDue(now, limit, leaseMs) {
      return (await query(claimSql("postgres"), claimParams(now, limit, leaseMs))).map(toLead);
    },
    async markDelivered(claim, now) {
      return (await run(SQL.delivered, [now, now, claim.id, claim.claimToken])) === 1;
    },
    async markRetry(claim, attempts, nextAttemptAt, error, now) {
      return (await run(SQL.retry, [attempts, nextAttemptAt, error, now, claim.id, claim.claimToken])) === 1;
    },
    async markFailed(claim, attempts, error, now) {
      return (await run(SQL.failed, [attempts, error, now, claim.id, claim.claimToken])) === 1;
    },
    async requeueFailed(now) {
      return run(SQL.requeue, [now, now]);
    },
    async releaseHeld(now, id) {
      return id === undefined ? run(SQL.releaseHeld, [now, now]) : run(SQL.releaseHeldById, [now, now, id]);
    },
    async get(id) {
      const row = (await query(SQL.byId, [id]))[0];
      return row ? toLead(row) : null;
    },
    async getByKey(idempotencyKey) {
      const row = (await query(SQL.byKey, [idempotencyKey]))[0];
      return row ? toLead(row) : null;
    },
    async list(status) {
      return (status ? await query(SQL.listByStatus, [status]) : await query(SQL.list)).map(toLead);
    },
    async counts() {
      const out = emptyCounts();
      const rows = (await pool.query(SQL.counts)).rows as { status: LeadStatus; n: string | number }[];
      for (const row of rows) out[row.status] = Number(row.n);
      return out;
    },
    async probeWrite() {
      // A write statement that touches no row: refused on a read-only server or transaction.
      const probe = await pool.connect();
      try {
        await probe.query("BEGIN");
        await probe.query("UPDATE leads SET updated_at = updated_at WHERE false");
      } finally {
        await probe.query("ROLLBACK").catch(() => {});
        probe.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

// ---- The process's store ---------------------------------------------------------------------

export const DEFAULT_LEADS_DB_PATH = "data/leads.db";

export interface LeadStoreConfig {
  databaseUrl?: string;
  sqlitePath?: string;
}

export function leadStoreConfigFromEnv(env: Pick<Env, "DATABASE_URL" | "LEADS_DB_PATH">): LeadStoreConfig {
  return {
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    sqlitePath: env.LEADS_DB_PATH?.trim() || DEFAULT_LEADS_DB_PATH,
  };
}

/** Opens the configured store (default: the validated environment's) and runs its migrations. */
export function openLeadStore(config: LeadStoreConfig = leadStoreConfigFromEnv(getEnv())): Promise<LeadStore> {
  if (config.databaseUrl) return openPostgresLeadStore(config.databaseUrl);
  return openSqliteLeadStore(config.sqlitePath ?? DEFAULT_LEADS_DB_PATH);
}

/** Describes the store for logs without its credentials. */
export function describeLeadStore(config: LeadStoreConfig = leadStoreConfigFromEnv(getEnv())): string {
  if (config.databaseUrl) {
    try {
      const url = new URL(config.databaseUrl);
      return `Postgres at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
    } catch {
      return "Postgres";
    }
  }
  return `SQLite at ${config.sqlitePath ?? DEFAULT_LEADS_DB_PATH}`;
}

// The Remix build and server.ts's bundle are separate module graphs: they share one store (and
// one outbox) through a process-wide slot.
const STORE_SLOT = Symbol.for("kestrel.leads.store");
type Slot = { promise: Promise<LeadStore> | null };
function slot(): Slot {
  const g = globalThis as unknown as Record<symbol, Slot | undefined>;
  return (g[STORE_SLOT] ??= { promise: null });
}

/** The process's lead store, opened (and migrated) on first use. A failed open is retried next time. */
export function getLeadStore(): Promise<LeadStore> {
  const s = slot();
  if (!s.promise) {
    const opening = openLeadStore();
    s.promise = opening;
    opening.catch(() => {
      if (s.promise === opening) s.promise = null;
    });
  }
  return s.promise;
}

/** Closes the process's store (shutdown, tests). */
export async function closeLeadStore(): Promise<void> {
  const s = slot();
  const opening = s.promise;
  s.promise = null;
  if (opening) await (await opening.catch(() => null))?.close();
}

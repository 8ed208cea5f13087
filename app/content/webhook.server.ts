import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { storedSlug } from "./site-path";

/**
 * Storyblok's webhook (Settings → Webhooks): a JSON POST, authenticated either by the webhook
 * secret (header `webhook-signature` = HMAC-SHA1 hex of the raw body) or, on plans without
 * secrets, by a long random token in the webhook's URL (`?token=`).
 */
export const SIGNATURE_HEADER = "webhook-signature";
/** The query parameter of the URL token. */
export const TOKEN_PARAM = "token";
/** Shortest URL token accepted (env.server.ts refuses shorter ones at start). */
export const MIN_WEBHOOK_TOKEN_LENGTH = 32;
/** Larger bodies are refused before they are read in full. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;
/**
 * Events that change what the site shows: stories (published, unpublished, deleted, moved),
 * datasources (entries_updated, legacy datasource_entry_saved), releases (merged, legacy
 * release_merged) and pipelines (deployed, legacy branch_deployed).
 */
export const CONTENT_CHANGING_ACTIONS = [
  "published",
  "unpublished",
  "deleted",
  "moved",
  "entries_updated",
  "datasource_entry_saved",
  "merged",
  "release_merged",
  "deployed",
  "branch_deployed",
] as const;
/** Events that change many stories at once and name none: everything is invalidated. */
export const WHOLE_SPACE_ACTIONS: readonly string[] = ["merged", "release_merged", "deployed", "branch_deployed"];

/** The expected signature of a body. */
export function webhookSignature(body: string, secret: string): string {
  return createHmac("sha1", secret).update(body, "utf8").digest("hex");
}

/** Whether `signature` is the body's HMAC-SHA1 hex with `secret` (constant-time comparison). */
export function verifyWebhookSignature(body: string, signature: string | null | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{40}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(webhookSignature(body, secret), "hex");
  const given = Buffer.from(signature.trim().toLowerCase(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether the URL's token is the configured one; hashed first so the comparison is constant-time whatever the lengths. */
export function verifyWebhookToken(given: string | null | undefined, token: string): boolean {
  if (!given || token.length < MIN_WEBHOOK_TOKEN_LENGTH) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(token));
}

export const WEBHOOK_NOT_CONFIGURED = "Webhook requests cannot be authenticated: STORYBLOK_WEBHOOK_SECRET is not set, nor STORYBLOK_WEBHOOK_TOKEN";

export type WebhookAuth = { ok: true; by: "signature" | "token" } | { ok: false; error: string };

/**
 * Authenticates a webhook request: a valid signature (with a secret) or the URL token (with a
 * token) suffices; a wrong signature is refused even when a token is also configured.
 */
export function authenticateWebhook(input: {
  body: string;
  signature: string | null;
  urlToken: string | null;
  secret?: string;
  token?: string;
}): WebhookAuth {
  const { body, signature, urlToken, secret, token } = input;
  if (!secret && !token) return { ok: false, error: WEBHOOK_NOT_CONFIGURED };
  if (secret && signature) {
    return verifyWebhookSignature(body, signature, secret) ? { ok: true, by: "signature" } : { ok: false, error: "Invalid signature" };
  }
  if (token && urlToken) {
    return verifyWebhookToken(urlToken, token) ? { ok: true, by: "token" } : { ok: false, error: "Invalid token" };
  }
  return { ok: false, error: secret ? `Missing ${SIGNATURE_HEADER} header` : `Missing ${TOKEN_PARAM} parameter` };
}

export interface WebhookEvent {
  action: string;
  storyId?: number;
  fullSlug?: string;
}

/** The event of a verified body, or null when it is not a webhook payload. */
export function parseWebhookEvent(body: string): WebhookEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  if (typeof record.action !== "string" || record.action.trim() === "") return null;
  const storyId = typeof record.story_id === "number" ? record.story_id : undefined;
  const fullSlug = typeof record.full_slug === "string" ? storedSlug(record.full_slug) : undefined;
  return { action: record.action.trim(), storyId, fullSlug };
}

export function changesContent(event: WebhookEvent): boolean {
  return (CONTENT_CHANGING_ACTIONS as readonly string[]).includes(event.action);
}

/** The event as it is invalidated: a release merge or a deploy is about the whole space, whatever it names. */
export function invalidationScope(event: WebhookEvent): { storyId?: number; fullSlug?: string } {
  if (WHOLE_SPACE_ACTIONS.includes(event.action)) return {};
  return { storyId: event.storyId, fullSlug: event.fullSlug };
}

/** How long a story's invalidation covers repeats of it (ms). */
export const WEBHOOK_COALESCE_MS = 5000;

interface Slot {
  until: number;
  pending: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * At most one invalidation per key (a story, a datasource, the whole space) per window. The first
 * call runs at once; repeats within the window (a replayed body, an editor publishing twice) are
 * answered at once and fold into one run at the window's end, so the last change is never lost.
 */
export class WebhookCoalescer {
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly windowMs: number = WEBHOOK_COALESCE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** "now": the caller invalidates; "coalesced": a run at the window's end is scheduled (once). */
  admit(key: string, later: () => Promise<unknown>): "now" | "coalesced" {
    const now = this.now();
    for (const [k, slot] of this.slots) if (!slot.pending && slot.until <= now) this.slots.delete(k);
    const slot = this.slots.get(key);
    if (!slot) {
      this.slots.set(key, { until: now + this.windowMs, pending: false });
      return "now";
    }
    if (!slot.pending) {
      slot.pending = true;
      slot.timer = setTimeout(() => {
        slot.pending = false;
        slot.timer = undefined;
        slot.until = this.now() + this.windowMs;
        later().catch((error: unknown) => console.error(`[webhook] coalesced invalidation of ${key} failed: ${error instanceof Error ? error.message : String(error)}`));
      }, Math.max(0, slot.until - now));
      slot.timer.unref?.();
    }
    return "coalesced";
  }

  /** Forgets every window and drops scheduled runs (tests). */
  clear(): void {
    for (const slot of this.slots.values()) if (slot.timer) clearTimeout(slot.timer);
    this.slots.clear();
  }
}

/** This process's webhook coalescing (the route's; tests clear it). */
export const webhookCoalescer = new WebhookCoalescer();

/** A handled body is remembered this long: a replay within it invalidates nothing. */
export const WEBHOOK_REPLAY_MEMORY_MS = 2 * 60 * 60_000;
/** Bodies remembered in memory at most (the oldest go first). */
export const MAX_REMEMBERED_WEBHOOKS = 10_000;

/** What identifies a delivery: its raw body (the signature is a function of it). */
export function webhookDigest(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}

/** Where handled bodies are remembered, with the content version after their invalidation. */
export interface HandledWebhookStore {
  /** The version a body was handled at (null: not known), or undefined when it is not remembered. */
  versionHandledAt(digest: string): Promise<number | null | undefined>;
  remember(digest: string, cv: number | null): Promise<void>;
}

/** This process's memory of handled bodies, bounded in count and time. */
export class MemoryHandledWebhooks implements HandledWebhookStore {
  private readonly handled = new Map<string, { cv: number | null; at: number }>();

  constructor(
    private readonly memoryMs: number = WEBHOOK_REPLAY_MEMORY_MS,
    private readonly maxEntries: number = MAX_REMEMBERED_WEBHOOKS,
    private readonly now: () => number = Date.now,
  ) {}

  async versionHandledAt(digest: string): Promise<number | null | undefined> {
    const entry = this.handled.get(digest);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.memoryMs) {
      this.handled.delete(digest);
      return undefined;
    }
    return entry.cv;
  }

  async remember(digest: string, cv: number | null): Promise<void> {
    this.handled.delete(digest);
    this.handled.set(digest, { cv, at: this.now() });
    while (this.handled.size > this.maxEntries) {
      const oldest = this.handled.keys().next().value;
      if (oldest === undefined) break;
      this.handled.delete(oldest);
    }
  }

  clear(): void {
    this.handled.clear();
  }
}

/**
 * Recognises replays. Storyblok's payloads carry no timestamp or id, so a second publish of the
 * same story sends the same signed body as a replay of the first: a body already handled is a
 * replay only while the space's content version is still the one it was handled at (nothing was
 * published since). Checking costs one version read, shared by concurrent repeats, and only a
 * repeat of a handled body pays it; a replay invalidates nothing and purges nothing.
 */
export class WebhookReplays {
  private pendingVersion: Promise<number | null> | null = null;

  constructor(
    private readonly stores: () => HandledWebhookStore[],
    private readonly readVersion: () => Promise<number | null>,
  ) {}

  /** True when `body` was handled and no content was published since. */
  async isReplay(body: string): Promise<boolean> {
    const digest = webhookDigest(body);
    let handledAt: number | null | undefined;
    for (const store of this.stores()) {
      handledAt = await store.versionHandledAt(digest).catch(() => undefined);
      if (handledAt !== undefined) break;
    }
    if (handledAt === undefined || handledAt === null) return false;
    return (await this.currentVersion()) === handledAt;
  }

  /** Remembers a handled body with the content version its invalidation left. */
  async remember(body: string, cv: number | null): Promise<void> {
    const digest = webhookDigest(body);
    await Promise.all(
      this.stores().map((store) =>
        store.remember(digest, cv).catch((error: unknown) => console.error(`[webhook] remembering a handled body failed: ${error instanceof Error ? error.message : String(error)}`)),
      ),
    );
  }

  private currentVersion(): Promise<number | null> {
    this.pendingVersion ??= this.readVersion()
      .catch(() => null)
      .finally(() => (this.pendingVersion = null));
    return this.pendingVersion;
  }
}

/** This process's memory of handled bodies (the route's; tests clear it). */
export const handledWebhooks = new MemoryHandledWebhooks();

/** The Postgres table of handled bodies, shared by the instances of one database. */
export const HANDLED_WEBHOOKS_TABLE = "kestrel_webhooks_handled";

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Handled bodies in Postgres: a replay sent to another instance is recognised there too. */
export class PostgresHandledWebhooks implements HandledWebhookStore {
  private ready: Promise<void> | null = null;

  constructor(
    private readonly query: Query,
    private readonly memoryMs: number = WEBHOOK_REPLAY_MEMORY_MS,
  ) {}

  async versionHandledAt(digest: string): Promise<number | null | undefined> {
    await this.table();
    const { rows } = await this.query(`SELECT cv FROM ${HANDLED_WEBHOOKS_TABLE} WHERE digest = $1 AND handled_at > now() - make_interval(secs => $2)`, [digest, this.memoryMs / 1000]);
    if (rows.length === 0) return undefined;
    const cv = Number(rows[0]?.cv);
    return rows[0]?.cv === null || !Number.isFinite(cv) ? null : cv;
  }

  async remember(digest: string, cv: number | null): Promise<void> {
    await this.table();
    await this.query(
      `INSERT INTO ${HANDLED_WEBHOOKS_TABLE} (digest, cv, handled_at) VALUES ($1, $2, now()) ON CONFLICT (digest) DO UPDATE SET cv = EXCLUDED.cv, handled_at = EXCLUDED.handled_at`,
      [digest, cv],
    );
    // Publishes are rare: forgetting the expired ones on each is cheap and keeps the table small.
    await this.query(`DELETE FROM ${HANDLED_WEBHOOKS_TABLE} WHERE handled_at < now() - make_interval(secs => $1)`, [this.memoryMs / 1000]);
  }

  private table(): Promise<void> {
    this.ready ??= this.query(`CREATE TABLE IF NOT EXISTS ${HANDLED_WEBHOOKS_TABLE} (digest char(64) PRIMARY KEY, cv bigint, handled_at timestamptz NOT NULL)`).then(
      () => undefined,
      (error: { code?: string }) => {
        // Another instance created it at the same moment (the catalogue's unique index).
        if (error?.code === "23505" || error?.code === "42P07") return;
        this.ready = null;
        throw error;
      },
    );
    return this.ready;
  }
}

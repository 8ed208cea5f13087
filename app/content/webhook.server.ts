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

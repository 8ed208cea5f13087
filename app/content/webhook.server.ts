import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Storyblok's publish webhook (Settings → Webhooks): a JSON POST signed with the webhook secret,
 * header `webhook-signature` = HMAC-SHA1 (hex) of the raw body.
 */
export const SIGNATURE_HEADER = "webhook-signature";
/** Larger bodies are refused before they are read in full. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;
/** Story events that change what the site shows: the content cache is cleared. */
export const CONTENT_CHANGING_ACTIONS = ["published", "unpublished", "deleted", "moved", "entries_updated"] as const;

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
  const fullSlug = typeof record.full_slug === "string" ? record.full_slug : undefined;
  return { action: record.action.trim(), storyId, fullSlug };
}

export function changesContent(event: WebhookEvent): boolean {
  return (CONTENT_CHANGING_ACTIONS as readonly string[]).includes(event.action);
}

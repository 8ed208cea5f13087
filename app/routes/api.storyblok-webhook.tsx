import type { ActionFunctionArgs } from "@remix-run/node";
import { getContentCache } from "~/content/cache.server";
import { refreshContentVersion } from "~/content/client.server";
import { invalidateEverywhere } from "~/content/invalidation.server";
import {
  MAX_WEBHOOK_BODY_BYTES,
  SIGNATURE_HEADER,
  changesContent,
  parseWebhookEvent,
  verifyWebhookSignature,
} from "~/content/webhook.server";
import { getEnv } from "~/env.server";
import { NO_STORE_HEADERS as NO_STORE } from "~/features/http/cache-control";
import { purgeCdn } from "~/features/page-cache/cdn-purge.server";
import { purgeKeysForPublish } from "~/features/page-cache/surrogate-keys";
const reply = (body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

/** Only POST. */
export const loader = () => reply({ error: "Use POST" }, 405, { Allow: "POST" });

/**
 * POST /api/storyblok-webhook: Storyblok's webhook. The `webhook-signature` header must be the
 * HMAC-SHA1 (hex) of the raw body with STORYBLOK_WEBHOOK_SECRET (else 401); the body must be a
 * webhook payload with an `action` (else 400). On published, unpublished, deleted, moved (and a
 * datasource's entries_updated) the content cache of every instance is invalidated (entries kept
 * as stale-if-error fallbacks, read again before they are served), their page caches are cleared
 * and the content version refreshed (invalidation.server.ts; the content cache's subscription
 * clears the page cache). Then, with CDN_PURGE_URL, the CDN is purged of the pages naming the
 * event's surrogate keys (after this instance's caches are cleared, so the CDN's next fetch gets
 * the new content); the CDN's outcome is in the answer, never its status (ADR 034).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply({ error: "Use POST" }, 405, { Allow: "POST" });
  const secret = getEnv().STORYBLOK_WEBHOOK_SECRET;
  if (!secret) return reply({ error: "Webhook signatures cannot be verified: STORYBLOK_WEBHOOK_SECRET is not set" }, 401);
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_WEBHOOK_BODY_BYTES) return reply({ error: "Body too large" }, 413);
  const body = await request.text();
  if (Buffer.byteLength(body) > MAX_WEBHOOK_BODY_BYTES) return reply({ error: "Body too large" }, 413);
  const signature = request.headers.get(SIGNATURE_HEADER);
  if (!signature) return reply({ error: `Missing ${SIGNATURE_HEADER} header` }, 401);
  if (!verifyWebhookSignature(body, signature, secret)) return reply({ error: "Invalid signature" }, 401);
  const event = parseWebhookEvent(body);
  if (!event) return reply({ error: "Body must be a JSON webhook payload with an action" }, 400);
  if (!changesContent(event)) return reply({ ok: true, action: event.action, cleared: false });
  // The cache subscribes to invalidations: make sure it exists before the first one.
  getContentCache();
  const cv = await invalidateEverywhere(event.action, refreshContentVersion);
  console.log(`[webhook] ${event.action} ${event.fullSlug ?? event.storyId ?? ""}: content invalidated on every instance, cv ${cv ?? "unknown"}`.trim());
  const { CDN_PURGE_URL: purgeUrl, CDN_PURGE_SECRET: purgeSecret } = getEnv();
  const cdn = purgeUrl ? await purgeCdn(purgeUrl, purgeKeysForPublish(event), { secret: purgeSecret }) : null;
  return reply({ ok: true, action: event.action, cleared: true, cv, ...(cdn ? { cdnPurged: cdn.ok } : {}) });
}

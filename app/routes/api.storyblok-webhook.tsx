import type { ActionFunctionArgs } from "@remix-run/node";
import { getContentCache } from "~/content/cache.server";
import { readContentVersion, refreshContentVersion } from "~/content/client.server";
import { invalidateEverywhere, sharedHandledWebhooks } from "~/content/invalidation.server";
import {
  MAX_WEBHOOK_BODY_BYTES,
  SIGNATURE_HEADER,
  TOKEN_PARAM,
  WEBHOOK_NOT_CONFIGURED,
  authenticateWebhook,
  changesContent,
  handledWebhooks,
  invalidationScope,
  parseWebhookEvent,
  webhookCoalescer,
  WebhookReplays,
  type WebhookEvent,
} from "~/content/webhook.server";
import { getEnv } from "~/server/env.server";
import { NO_STORE_HEADERS as NO_STORE } from "~/server/http/cache-control";
import { purgeCdn } from "~/server/page-cache/cdn-purge.server";
import { purgeKeysForPublish } from "~/server/page-cache/surrogate-keys";
const reply = (body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

/** Bodies already handled: this process's memory, and the instances' database when the channel runs. */
const replays = new WebhookReplays(() => [handledWebhooks, ...sharedHandledWebhooks()], readContentVersion);

/** Only POST. */
export const loader = () => reply({ error: "Use POST" }, 405, { Allow: "POST" });

/** Invalidates every instance's content, then purges the CDN of the event's keys when there is one. */
async function invalidate(event: WebhookEvent, keys: string[]) {
  // The cache subscribes to invalidations: make sure it exists before the first one.
  getContentCache();
  const cv = await invalidateEverywhere(event.action, refreshContentVersion, keys);
  console.log(`[webhook] ${event.action} ${event.fullSlug ?? event.storyId ?? ""}: content invalidated on every instance, cv ${cv ?? "unknown"}`.trim());
  const { CDN_PURGE_URL: purgeUrl, CDN_PURGE_SECRET: purgeSecret } = getEnv();
  const cdn = purgeUrl ? await purgeCdn(purgeUrl, keys, { secret: purgeSecret }) : null;
  return { cv, ...(cdn ? { cdnPurged: cdn.ok } : {}) };
}

/**
 * POST /api/storyblok-webhook: Storyblok's webhook, authenticated by the `webhook-signature`
 * header (HMAC-SHA1 hex of the raw body with STORYBLOK_WEBHOOK_SECRET) or by `?token=` equal to
 * STORYBLOK_WEBHOOK_TOKEN (else 401); the body must be a webhook payload with an `action` (else
 * 400). On an event that changes content (webhook.server.ts) the content cache of every instance
 * is invalidated (entries kept as stale-if-error fallbacks), the pages of their page caches that
 * show the event's surrogate keys are outdated (served stale while one render replaces each) and
 * the content version refreshed; with CDN_PURGE_URL the CDN is then purged of the event's surrogate
 * keys (a release merge or a deploy: everything). The CDN's outcome is in the answer, never its
 * status. A repeat of the same story's event within a few seconds is answered at once
 * and folded into one invalidation at the end of that window. A body already handled while the
 * content version has not changed since (a replay, within two hours) invalidates nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply({ error: "Use POST" }, 405, { Allow: "POST" });
  const env = getEnv();
  const configured = { secret: env.STORYBLOK_WEBHOOK_SECRET, token: env.STORYBLOK_WEBHOOK_TOKEN };
  if (!configured.secret && !configured.token) return reply({ error: WEBHOOK_NOT_CONFIGURED }, 401);
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_WEBHOOK_BODY_BYTES) return reply({ error: "Body too large" }, 413);
  const body = await request.text();
  if (Buffer.byteLength(body) > MAX_WEBHOOK_BODY_BYTES) return reply({ error: "Body too large" }, 413);
  const auth = authenticateWebhook({
    body,
    signature: request.headers.get(SIGNATURE_HEADER),
    urlToken: new URL(request.url).searchParams.get(TOKEN_PARAM),
    ...configured,
  });
  if (!auth.ok) return reply({ error: auth.error }, 401);
  const event = parseWebhookEvent(body);
  if (!event) return reply({ error: "Body must be a JSON webhook payload with an action" }, 400);
  if (!changesContent(event)) return reply({ ok: true, action: event.action, cleared: false });
  if (await replays.isReplay(body)) return reply({ ok: true, action: event.action, cleared: false, replayed: true });
  const keys = purgeKeysForPublish(invalidationScope(event));
  const run = async () => {
    const result = await invalidate(event, keys);
    await replays.remember(body, result.cv);
    return result;
  };
  if (webhookCoalescer.admit(keys.join(" "), run) === "coalesced") {
    return reply({ ok: true, action: event.action, cleared: false, coalesced: true });
  }
  return reply({ ok: true, action: event.action, cleared: true, ...(await run()) });
}

import path from "node:path";
import { z } from "zod";
import { parseAssetHost } from "~/lib/asset-hosts";
import { parseImageServiceFlag } from "~/lib/image-url";
import { parseTrustProxy } from "~/server/http/trust-proxy";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

function optionalUrl(name: string) {
  return optionalString.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), `${name} must be an http(s) URL`);
}

function optionalNumber(name: string) {
  return optionalString.refine((v) => v === undefined || /^\d+(\.\d+)?$/.test(v), `${name} must be a number of 0 or more`);
}

function optionalPositiveInt(name: string) {
  return optionalString.refine((v) => v === undefined || /^[1-9]\d*$/.test(v), `${name} must be a positive whole number`);
}

/**
 * Every environment variable the server reads, validated once at start (a bad value stops
 * start-up). Feature modules read their values through getEnv() (parsed on first use, then
 * cached) or get them from their caller (server.ts passes its validated env). The one exception
 * is IMAGE_SERVICE in app/lib/image-url.ts: that module is shared with the browser, so on
 * the server it reads the variable with the same parser as here.
 */
export const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { message: "NODE_ENV must be development, production or test" })
    .default("development"),
  PORT: z.coerce
    .number({ message: "PORT must be a whole number between 1 and 65535" })
    .int("PORT must be a whole number between 1 and 65535")
    .min(1, "PORT must be a whole number between 1 and 65535")
    .max(65535, "PORT must be a whole number between 1 and 65535")
    .default(3000),
  CONTENT_DIR: z.string().trim().min(1).default("content-fixtures"),
  STORYBLOK_TOKEN: optionalString,
  STORYBLOK_REGION: z
    .enum(["eu", "us", "ap", "ca", "cn"], { message: "STORYBLOK_REGION must be one of eu, us, ap, ca, cn" })
    .default("eu"),
  STORYBLOK_PREVIEW_TOKEN: optionalString,
  STORYBLOK_WEBHOOK_SECRET: optionalString,
  // The webhook's URL token for plans without webhook secrets (`?token=`): long and random.
  STORYBLOK_WEBHOOK_TOKEN: optionalString.refine(
    (v) => v === undefined || (v.length >= 32 && /^[A-Za-z0-9._~-]+$/.test(v)),
    "STORYBLOK_WEBHOOK_TOKEN must be at least 32 characters of A-Z a-z 0-9 . _ ~ - (e.g. openssl rand -hex 32)",
  ),
  // A custom asset domain of the space (e.g. assets.example.com), besides the region's asset hosts.
  STORYBLOK_ASSET_HOST: optionalString.refine(
    (v) => v === undefined || parseAssetHost(v) !== null,
    "STORYBLOK_ASSET_HOST must be a host name such as assets.example.com (or https://assets.example.com)",
  ).transform((v) => (v === undefined ? undefined : (parseAssetHost(v) ?? undefined))),
  IMAGE_SERVICE: z
    .string()
    .optional()
    .refine((v) => parseImageServiceFlag(v) !== null, "IMAGE_SERVICE must be on or off")
    .transform((v) => parseImageServiceFlag(v) ?? true),
  // Preview token of the local content (no STORYBLOK_TOKEN); default: see app/features/preview/preview.server.ts.
  LOCAL_PREVIEW_TOKEN: optionalString,
  SITE_URL: z
    .url({ message: "SITE_URL must be an absolute http(s) URL such as https://www.example.com" })
    .refine((v) => /^https?:\/\//.test(v), "SITE_URL must start with http:// or https://")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),

  // Dealer data (CSV by URL; default: the fixture assets) and maps.
  DEALERS_CSV_URL: optionalString,
  PMA_CSV_URL: optionalString,
  GOOGLE_MAPS_API_KEY: optionalString,
  GOOGLE_MAPS_MAP_ID: optionalString,
  REVERSE_GEOCODE_URL: optionalUrl("REVERSE_GEOCODE_URL"),

  // Forms: lead store, CRM outbox, bot check, rate limit.
  DATABASE_URL: optionalString,
  LEADS_DB_PATH: optionalString,
  CRM_BASE_URL: optionalUrl("CRM_BASE_URL"),
  CRM_API_TOKEN: optionalString,
  BOT_CHECK_SECRET: optionalString,
  BOT_CHECK_SITE_KEY: optionalString,
  // Google Tag Manager's container id: loaded only after the visitor accepts cookies. Unset: none.
  GTM_ID: optionalString.refine((v) => v === undefined || /^GTM-[A-Z0-9]{4,12}$/.test(v), "GTM_ID must be a container id such as GTM-ABC1234"),
  BOT_CHECK_VERIFY_URL: optionalUrl("BOT_CHECK_VERIFY_URL"),
  OUTBOX_POLL_MS: optionalPositiveInt("OUTBOX_POLL_MS"),
  OUTBOX_MAX_ATTEMPTS: optionalPositiveInt("OUTBOX_MAX_ATTEMPTS"),
  OUTBOX_BASE_DELAY_MS: optionalPositiveInt("OUTBOX_BASE_DELAY_MS"),
  FORM_RATE_LIMIT: optionalPositiveInt("FORM_RATE_LIMIT"),
  FORM_RATE_WINDOW_SECONDS: optionalPositiveInt("FORM_RATE_WINDOW_SECONDS"),
  // Leads per contact (one e-mail address or phone number) in the same window; past it held for review.
  FORM_CONTACT_RATE_LIMIT: optionalPositiveInt("FORM_CONTACT_RATE_LIMIT"),
  // Bytes the download endpoints send one client per window, in MB.
  DOWNLOAD_BUDGET_MB: optionalPositiveInt("DOWNLOAD_BUDGET_MB"),
  DOWNLOAD_BUDGET_WINDOW_SECONDS: optionalPositiveInt("DOWNLOAD_BUDGET_WINDOW_SECONDS"),

  // Hardening and operations: per-client limits per minute, log format.
  POST_RATE_LIMIT: optionalPositiveInt("POST_RATE_LIMIT"),
  IMAGE_RATE_LIMIT: optionalPositiveInt("IMAGE_RATE_LIMIT"),
  // The image service's bounds: encodes at a time (default 1), misses waiting for one
  // (default 64, then a 503), and encodes one client may cause per minute (default 120, then a 429).
  IMAGE_ENCODE_CONCURRENCY: optionalPositiveInt("IMAGE_ENCODE_CONCURRENCY"),
  IMAGE_ENCODE_QUEUE: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), "IMAGE_ENCODE_QUEUE must be a whole number (0: no queue)"),
  IMAGE_MISS_LIMIT: optionalPositiveInt("IMAGE_MISS_LIMIT"),
  // Queue places one client's image misses may hold (default half of IMAGE_ENCODE_QUEUE), served in turn with others'.
  IMAGE_ENCODE_QUEUE_PER_CLIENT: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), "IMAGE_ENCODE_QUEUE_PER_CLIENT must be a whole number"),
  // Proxies that may name the client (X-Forwarded-For): a hop count or addresses/ranges (trust-proxy.ts).
  TRUST_PROXY: optionalString.refine(
    (v) => parseTrustProxy(v) !== null,
    "TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal, uniquelocal",
  ),
  // Content calls: the deadline of one call in ms (default 5000); a timeout counts as an outage.
  CONTENT_TIMEOUT_MS: optionalPositiveInt("CONTENT_TIMEOUT_MS"),
  // Full-page cache and overload protection: the cache's bound in bytes (0: off), and
  // concurrent renders, queued requests and the longest wait in the queue before a fast 503.
  PAGE_CACHE_MAX_BYTES: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), "PAGE_CACHE_MAX_BYTES must be a whole number of bytes (0: no page cache)"),
  // The largest page the cache stores, in bytes (default 524288); larger pages are served unstored.
  PAGE_CACHE_MAX_ENTRY_BYTES: optionalPositiveInt("PAGE_CACHE_MAX_ENTRY_BYTES"),
  RENDER_CONCURRENCY: optionalPositiveInt("RENDER_CONCURRENCY"),
  RENDER_QUEUE: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), "RENDER_QUEUE must be a whole number (0: no queue)"),
  RENDER_QUEUE_TIMEOUT_MS: optionalPositiveInt("RENDER_QUEUE_TIMEOUT_MS"),
  // One client's share: slots (default a quarter of RENDER_CONCURRENCY, rounded up) and
  // queue places (default 2); past them its requests get the fast 503.
  RENDER_CONCURRENCY_PER_CLIENT: optionalPositiveInt("RENDER_CONCURRENCY_PER_CLIENT"),
  RENDER_QUEUE_PER_CLIENT: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), "RENDER_QUEUE_PER_CLIENT must be a whole number (0: no queue for one client)"),
  // One client's renders in time, however its requests arrive: a bucket of RENDER_BURST_PER_CLIENT
  // (default 100) refilled at RENDER_RATE_PER_CLIENT a second (default 5; 0: no budget in time).
  RENDER_RATE_PER_CLIENT: optionalString.refine((v) => v === undefined || /^\d+(\.\d+)?$/.test(v), "RENDER_RATE_PER_CLIENT must be a number of renders a second (0: none)"),
  RENDER_BURST_PER_CLIENT: optionalPositiveInt("RENDER_BURST_PER_CLIENT"),
  // How often /readyz's background check runs, in ms (default 2000).
  READINESS_INTERVAL_MS: optionalPositiveInt("READINESS_INTERVAL_MS"),
  // The hashed assets of earlier builds (scripts/retain-assets.ts), served after this build's own.
  RETAINED_ASSETS_DIR: z.string().trim().min(1).default("retained-assets"),
  // Shutdown on SIGTERM: the process exits within SHUTDOWN_GRACE_MS (default 25000); it keeps
  // listening, /readyz answering 503, for SHUTDOWN_DRAIN_MS (default 5000, at most half the grace).
  SHUTDOWN_GRACE_MS: optionalPositiveInt("SHUTDOWN_GRACE_MS"),
  SHUTDOWN_DRAIN_MS: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), "SHUTDOWN_DRAIN_MS must be a whole number of ms (0: close the listener at once)"),
  // A CDN's purge endpoint: the publish webhook sends it `PURGE` with the publish's
  // Surrogate-Key list (deploy/varnish/default.vcl answers it). Unset: no purge is sent.
  CDN_PURGE_URL: optionalUrl("CDN_PURGE_URL"),
  // The shared secret each purge carries (`X-Purge-Token`); the VCL's purge.vcl holds the same.
  CDN_PURGE_SECRET: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9_\-.~]{16,200}$/.test(v), "CDN_PURGE_SECRET must be 16-200 characters of A-Z a-z 0-9 _ - . ~"),
  // Prometheus metrics: on their own port, bound to METRICS_HOST (default 127.0.0.1),
  // and/or on the main port for `Authorization: Bearer <METRICS_TOKEN>` (at least 32 characters).
  // Neither: no /metrics.
  METRICS_PORT: optionalPositiveInt("METRICS_PORT"),
  METRICS_HOST: optionalString,
  // The address the site listens on; unset: every interface. Tests and benchmarks use 127.0.0.1.
  HOST: optionalString,
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 32, "METRICS_TOKEN must be at least 32 characters"),
  LOG_FORMAT: z
    .enum(["json", "pretty"], { message: "LOG_FORMAT must be json or pretty" })
    .optional(),
  // Finance quotes: the partner's quote API (proxied when URL and key are set), else the built-in
  // engine with these fallbacks for the rates and fees of the finance-settings story.
  FINANCE_PARTNER_URL: optionalUrl("FINANCE_PARTNER_URL"),
  FINANCE_PARTNER_API_KEY: optionalString,
  FINANCE_PARTNER_TIMEOUT_MS: optionalPositiveInt("FINANCE_PARTNER_TIMEOUT_MS"),
  FINANCE_BASE_RATE: optionalNumber("FINANCE_BASE_RATE"),
  FINANCE_BUSINESS_RATE: optionalNumber("FINANCE_BUSINESS_RATE"),
  FINANCE_ESTABLISHMENT_FEE: optionalNumber("FINANCE_ESTABLISHMENT_FEE"),
  FINANCE_MONTHLY_FEE: optionalNumber("FINANCE_MONTHLY_FEE"),
});

export type Env = z.infer<typeof envSchema> & { SITE_URL: string; CONTENT_DIR_ABS: string };

export class EnvError extends Error {}

/** Parses an environment; throws EnvError with one line per bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    CONTENT_DIR_ABS: path.resolve(env.CONTENT_DIR),
  };
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The subset that may reach the browser as window.ENV. Never add secrets here. */
export function getPublicEnv(env: Env = getEnv()) {
  return {
    SITE_URL: env.SITE_URL,
    MODE: env.NODE_ENV,
    IMAGE_SERVICE: env.IMAGE_SERVICE,
    // A public host name: the browser builds image-service URLs for it too.
    ...(env.STORYBLOK_ASSET_HOST ? { STORYBLOK_ASSET_HOST: env.STORYBLOK_ASSET_HOST } : {}),
    // The bot check's site key is public by design (the widget needs it in the browser).
    ...(env.BOT_CHECK_SITE_KEY ? { BOT_CHECK_SITE_KEY: env.BOT_CHECK_SITE_KEY } : {}),
    // A container id is public: the browser loads the container by it.
    ...(env.GTM_ID ? { GTM_ID: env.GTM_ID } : {}),
  };
}
export type PublicEnv = ReturnType<typeof getPublicEnv>;

/**
 * The local preview token when LOCAL_PREVIEW_TOKEN is unset. It is published (README, tests), so
 * in production it is honoured only for requests from this machine (previewTokenAllowedFrom).
 */
export const DEFAULT_LOCAL_PREVIEW_TOKEN = "kestrel-local-preview";

/** The local content's preview token: its drafts are answered to it alone (LOCAL_PREVIEW_TOKEN or the default). */
export function localPreviewToken(env: Env = getEnv()): string {
  return env.LOCAL_PREVIEW_TOKEN ?? DEFAULT_LOCAL_PREVIEW_TOKEN;
}

/** The content version without a request: drafts in development, else published content. */
export function environmentContentVersion(env: Env = getEnv()): "draft" | "published" {
  return env.NODE_ENV === "development" ? "draft" : "published";
}

import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import type { ViteDevServer } from "vite";
import { z } from "zod";
import type { Env } from "./app/server/env.server";
import { createContentClient } from "./app/content/client.server";
import { getLocalContentApi } from "./app/content/local-api.server";
import { assetOrigins } from "./app/lib/asset-hosts";
import { wwwRedirect } from "./app/features/seo/www";
import { htmlEtag } from "./app/server/http/html-etag.server";
import { previewMiddleware } from "./app/features/preview/middleware.server";
import { PUBLIC_DEFAULT_TOKEN_NOTICE, previewTokenAllowedFrom, usesPublicDefaultToken } from "./app/features/preview/preview.server";
import { DRAFT_NEEDS_PREVIEW_TOKEN } from "./app/content/local-api/index";
import { hasPreviewParams } from "./app/features/preview/params";
import { createImageService } from "./app/server/images/image-service.server";
import { ISLANDS_DIR } from "./app/islands/assets.server";
import {
  DEFAULT_IMAGE_RATE_LIMIT,
  DEFAULT_POST_RATE_LIMIT,
  contactRateLimitConfigFromEnv,
  clientKey,
  createLimiter,
  createRateLimitPool,
  isImageRequest,
  isWrite,
  leadLimitCheck,
  perMinuteFromEnv,
  rateLimitConfigFromEnv,
  requestRateLimit,
} from "./app/features/forms/rate-limit.server";
import { byteBudgetFor, downloadBudgetConfigFromEnv } from "./app/features/downloads/budget.server";
import { sameSiteWrites } from "./app/server/security/same-site";
import { DEFAULT_TRUST_PROXY, parseTrustProxy } from "./app/server/http/trust-proxy";
import { getLeadStore } from "./app/features/forms/store.server";
import { ReadinessMonitor, contentReachable } from "./app/server/observability/health.server";
import { accessLog, type Logger } from "./app/server/observability/logger.server";
import { bearerMatches, Metrics } from "./app/server/observability/metrics.server";
import { currentRequestContext, reenterRequestContext, requestIdFrom, runWithRequestContext, type RequestContext } from "./app/server/observability/request-context.server";
import { jsonErrorHandler } from "./app/server/security/errors.server";
import { applyPreviewPolicy, securityHeaders, shareablePagePolicy, staticSecurityHeaders } from "./app/server/security/headers.server";
import { createRemixHandler } from "./app/server/security/remix-handler.server";
import { RenderLimiter } from "./app/server/http/render-limit.server";
import { clientOfConnection, earlyRefusal, type TrustProxyFn } from "./app/server/http/early-refusal.server";
import { DEFAULT_PAGE_CACHE_MAX_BYTES, PageCache } from "./app/server/page-cache/page-cache.server";
import * as pageKeys from "./app/features/page-keys/page-keys";
import { registerPageCache } from "./app/server/page-cache/registry";
import { countryOfPath } from "./app/server/http/country-path";
import { canonicalPageLocation } from "./app/server/page-cache/canonical-path";
import { mayBeStaticFile } from "./app/server/http/static-paths";
import { CacheControl, contentApiCacheControl } from "./app/server/http/cache-control";
import { ASSET_FOLDERS } from "./app/server/http/retained-assets";

/**
 * The Express application (server.ts starts it; tests call it directly): request ids and
 * structured access logs, security headers with a per-request CSP nonce, compression, health
 * checks, static files, rate limits, the image service, the local content API, then Remix with a
 * bounded request body. Every error ends in a JSON answer without a stack trace.
 */

export interface AppOptions {
  env: Env;
  build: ServerBuild | (() => Promise<ServerBuild>);
  logger: Logger;
  viteDevServer?: ViteDevServer;
  /** Development: Vite serving the islands' entry and modules from source under /islands/. */
  islandsDevServer?: ViteDevServer;
  /** Where resized images are cached (default .cache/images). */
  imageCacheDir?: string;
  /** True once the process is shutting down: /readyz then answers 503 at once. */
  draining?: () => boolean;
}

/**
 * A static-file middleware that is not asked about country pages: no file lives under /au or /nz,
 * and each look-up is a file-system stat (6 % of an uncached render's CPU).
 */
function filesOnly(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => (mayBeStaticFile(req.path) ? serve(req, res, next) : next());
}

type Locals = { requestContext?: RequestContext; nonce?: string; preview?: boolean };

/** The query of the local content API, checked before it is parsed (its parser checks the rest). */
const contentQuerySchema = z
  .object({
    version: z.enum(["draft", "published"]).optional(),
    page: z.string().regex(/^\d{1,6}$/).optional(),
    per_page: z.string().regex(/^\d{1,4}$/).optional(),
    cv: z.string().regex(/^\d{1,20}$/).optional(),
  })
  .passthrough();
const MAX_CONTENT_URL = 4096;

type HeaderOptions = Parameters<typeof securityHeaders>[0];
type LimitPool = ReturnType<typeof createRateLimitPool> | undefined;

/**
 * The Express app and the request listener to serve it with: the listener answers a client past
 * its render share before Express runs (see `earlyRefusal`), then hands everything else to the app.
 */
export interface CreatedApp {
  app: Express;
  listener: RequestListener;
}

export function createApp({ env, build, logger, viteDevServer, islandsDevServer, imageCacheDir, draining = () => false }: AppOptions): CreatedApp {
  const production = env.NODE_ENV === "production";
  const headerOptions = {
    production,
    https: env.SITE_URL.startsWith("https://"),
    assetOrigins: assetOrigins(env.STORYBLOK_REGION, env.STORYBLOK_ASSET_HOST),
    tagManager: env.GTM_ID !== undefined,
  };
  const app = express();
  app.disable("x-powered-by");
  // Behind a balancer (TRUST_PROXY), req.ip is the visitor's address: rate limits key on it.
  app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY) ?? DEFAULT_TRUST_PROXY);
  // Form posts and writes are counted in Postgres when there is one (shared by every instance);
  // the image limit guards this instance's CPU (resizes are per instance), so it stays in memory.
  const limitPool = env.DATABASE_URL ? createRateLimitPool(env.DATABASE_URL) : undefined;

  const metrics = mountMetrics(app, env);
  mountRequestContext(app);
  app.use(securityHeaders(headerOptions));
  // Health checks come first after the baseline headers: nothing else runs for them.
  mountHealthChecks(app, env, draining);
  app.use(compression());

  // Visual-editor preview: verifies the editor's signed parameters once and sets
  // res.locals.preview (the CSP widens for that response in the load context); preview responses
  // are never cached nor indexed.
  app.use(previewMiddleware(env));

  mountCanonicalRedirects(app, env, production);
  mountStaticFiles(app, viteDevServer, path.resolve(env.RETAINED_ASSETS_DIR), islandsDevServer);
  mountImages(app, env, metrics, imageCacheDir);
  // Content assets (images, video, PDF, CSV) of the local content set.
  app.use("/media", express.static(path.join(env.CONTENT_DIR_ABS, "assets"), { maxAge: "1d", fallthrough: false }));

  const access = accessLog(logger);
  app.use(access);
  const limiters = mountWriteLimits(app, env, limitPool);
  // The local content API, mounted for tools, when no Storyblok token is configured.
  if (!env.STORYBLOK_TOKEN) mountLocalContentApi(app, env, logger);

  // HTML documents get a weak ETag of their body and 304 on a matching If-None-Match.
  app.use(htmlEtag());
  const rendering = mountRemix(app, { env, build, logger, production, headerOptions, metrics, ...limiters });
  const refuseBeforeExpress = earlyRefusalOf(app, { env, production, headerOptions, metrics, access, ...rendering });

  app.use(
    jsonErrorHandler((error) =>
      logger.log("error", `Unhandled error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`),
    ),
  );
  return {
    app,
    listener: (req, res) => {
      if (!refuseBeforeExpress(req, res)) app(req, res);
    },
  };
}

/**
 * Prometheus metrics: every request is timed from here. /metrics is served on this port only
 * with METRICS_TOKEN (a bearer token); server.ts serves it on METRICS_PORT otherwise.
 */
function mountMetrics(app: Express, env: Env): Metrics {
  const metrics = new Metrics({ isStaticFile: mayBeStaticFile, leadCounts: async () => (await getLeadStore()).counts() });
  app.locals.metrics = metrics;
  app.use(metrics.middleware());
  app.get("/metrics", (req, res, next) => {
    if (!env.METRICS_TOKEN || !bearerMatches(req.get("authorization"), env.METRICS_TOKEN)) return next();
    metrics.scrape().then(({ contentType, body }) => res.set({ "Content-Type": contentType, "Cache-Control": CacheControl.noStore }).send(body), next);
  });
  return metrics;
}

/** Every request gets an id (a sane client X-Request-Id is kept), echoed and put on every log line. */
function mountRequestContext(app: Express): void {
  app.use((req, res, next) => {
    const id = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", id);
    runWithRequestContext(id, (context) => {
      (res.locals as Locals).requestContext = context;
      // The client as the rate limits name it: its share of render slots is counted under this.
      context.client = clientKey(req.ip || req.socket.remoteAddress);
      next();
    });
  });
}

/** /healthz (the process answers) and /readyz (the content and the lead store answer). */
function mountHealthChecks(app: Express, env: Env, draining: () => boolean): void {
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", CacheControl.noStore).json({ status: "ok" });
  });
  const contentClient = createContentClient(env);
  // Readiness from a background check (no I/O per request: it answers at once under load). It
  // starts with the first /readyz and ends with the HTTP server that asked it.
  const readiness = new ReadinessMonitor(
    {
      content: contentReachable(async () => {
        await contentClient.get("cdn/spaces/me", {});
        return { status: 200 };
      }),
      store: async () => (await getLeadStore()).probeWrite(),
    },
    { intervalMs: env.READINESS_INTERVAL_MS ? Number(env.READINESS_INTERVAL_MS) : undefined },
  );
  let readinessTiedToServer = false;
  app.get("/readyz", async (req, res) => {
    // A draining instance takes no new traffic from a balancer, whatever its checks say.
    if (draining()) {
      res.status(503).set("Cache-Control", CacheControl.noStore).json({ status: "draining" });
      return;
    }
    if (!readinessTiedToServer) {
      readinessTiedToServer = true;
      (req.socket as Socket & { server?: Server }).server?.once("close", () => readiness.stop());
    }
    const report = await readiness.current();
    res.status(report.status === "ready" ? 200 : 503).set("Cache-Control", CacheControl.noStore).json(report);
  });
}

function mountCanonicalRedirects(app: Express, env: Env, production: boolean): void {
  // In production the host without "www" goes to the "www" form when SITE_URL has it.
  if (production) {
    app.use((req, res, next) => {
      const target = wwwRedirect(`${req.protocol}://${req.get("host") ?? req.hostname}${req.originalUrl}`, env.SITE_URL);
      return target ? res.redirect(301, target) : next();
    });
  }

  // One address per page: /au/NEWS, /au//news and /au/news/ answer a 301 to /au/news.
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const target = canonicalPageLocation(req.originalUrl);
    if (!target) return next();
    res.set("Cache-Control", CacheControl.publicHour).redirect(301, target);
  });
}

/** The build's files (or Vite in development) and public/. */
function mountStaticFiles(app: Express, viteDevServer: ViteDevServer | undefined, retainedDir: string, islandsDevServer?: ViteDevServer): void {
  if (islandsDevServer) {
    // Only the islands' URLs: that server's base is /islands/, and other paths are the app's.
    const islands = islandsDevServer.middlewares;
    app.use((req, res, next) => (req.path.startsWith(`/${ISLANDS_DIR}/`) ? islands(req, res, next) : next()));
  }
  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Fingerprinted build assets (Remix's and the islands') never change: cache them for a year.
    // Those of earlier builds, which cached pages still name, come from the retained folder.
    for (const folder of ASSET_FOLDERS) {
      app.use(`/${folder}`, express.static(`build/client/${folder}`, { immutable: true, maxAge: "1y" }));
      app.use(`/${folder}`, express.static(path.join(retainedDir, folder), { immutable: true, maxAge: "1y" }));
    }
    app.use(filesOnly(express.static("build/client", { maxAge: "1h" })));
  }
  app.use(filesOnly(express.static("public", { maxAge: "1h" })));
}

/** The image service for local content: /media/<file>/m/<w>x<h>/filters:... (Storyblok's URL forms). */
function mountImages(app: Express, env: Env, metrics: Metrics, imageCacheDir: string | undefined): void {
  app.use(requestRateLimit(isImageRequest, createLimiter("images", perMinuteFromEnv(env.IMAGE_RATE_LIMIT, DEFAULT_IMAGE_RATE_LIMIT))));
  const images = createImageService({
    assetsDir: path.join(env.CONTENT_DIR_ABS, "assets"),
    cacheDir: imageCacheDir ?? path.resolve(".cache/images"),
    encodeConcurrency: env.IMAGE_ENCODE_CONCURRENCY ? Number(env.IMAGE_ENCODE_CONCURRENCY) : undefined,
    encodeQueue: env.IMAGE_ENCODE_QUEUE !== undefined ? Number(env.IMAGE_ENCODE_QUEUE) : undefined,
    encodeQueuePerClient: env.IMAGE_ENCODE_QUEUE_PER_CLIENT !== undefined ? Number(env.IMAGE_ENCODE_QUEUE_PER_CLIENT) : undefined,
    missesPerClientPerMinute: env.IMAGE_MISS_LIMIT ? Number(env.IMAGE_MISS_LIMIT) : undefined,
    onEncode: (format, seconds) => metrics.imageEncoded(format, seconds),
  });
  metrics.watchImages(images.stats);
  app.get(/^\/media\/(.+\/m(?:\/.*)?)$/, async (req, res) => {
    const result = await images(req.params[0] ?? "", (res.locals as Locals).requestContext?.client);
    if (result.status === 302) {
      // A size or format no page asks for: the nearest one a page does.
      res.set("Cache-Control", CacheControl.publicFiveMinutes).redirect(302, `/media/${encodeURI(result.location)}`);
      return;
    }
    if (result.status !== 200) {
      if (result.status === 429 || result.status === 503) res.set("Retry-After", String(result.retryAfter));
      res.status(result.status).set("Cache-Control", CacheControl.noStore).json({ error: result.error });
      return;
    }
    res.set({ "Content-Type": result.contentType, "Cache-Control": CacheControl.image, "X-Image-Cache": result.cache });
    res.send(result.body);
  });
}

/**
 * Refuses cross-site writes and limits each client's writes; returns the limiters of leads and
 * download bytes, which the load context hands to the routes that accept them.
 */
function mountWriteLimits(app: Express, env: Env, limitPool: LimitPool) {
  // A write another site's page sent is refused (403) before anything counts or reads it.
  app.use(sameSiteWrites(env.SITE_URL));
  // Per-client limit of any write. Leads are limited where one is accepted (submitLead, through
  // the load context), download bytes by the download routes.
  app.use(requestRateLimit(isWrite, createLimiter("writes", perMinuteFromEnv(env.POST_RATE_LIMIT, DEFAULT_POST_RATE_LIMIT), limitPool)));
  const leadLimiters = {
    perAddress: createLimiter("forms", rateLimitConfigFromEnv(env), limitPool),
    perContact: createLimiter("form-contacts", contactRateLimitConfigFromEnv(env), limitPool),
  };
  const downloadLimiter = createLimiter("downloads", downloadBudgetConfigFromEnv(env), limitPool);
  return { leadLimiters, downloadLimiter };
}

/** The local content API (/_content/v2/), for tools, answering GET only. */
function mountLocalContentApi(app: Express, env: Env, logger: Logger): void {
  if (usesPublicDefaultToken(env)) logger.log("warn", PUBLIC_DEFAULT_TOKEN_NOTICE);
  const contentApi = getLocalContentApi(env.CONTENT_DIR_ABS);
  app.all("/_content/v2/*", async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set({ Allow: "GET", "Cache-Control": CacheControl.privateNoStore }).json({ error: "Only GET is supported." });
      return;
    }
    const query = contentQuerySchema.safeParse(req.query);
    if (req.originalUrl.length > MAX_CONTENT_URL || !query.success) {
      res.status(400).set("Cache-Control", CacheControl.privateNoStore).json({ error: "Invalid query: version must be draft or published; page, per_page and cv whole numbers." });
      return;
    }
    // The published default preview token opens drafts to this machine alone.
    if (query.data.version === "draft" && !previewTokenAllowedFrom(env, req.ip)) {
      res.status(401).set("Cache-Control", CacheControl.privateNoStore).json({ error: DRAFT_NEEDS_PREVIEW_TOKEN });
      return;
    }
    let url: URL;
    try {
      url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
    } catch {
      url = new URL(req.originalUrl, "http://localhost");
    }
    const response = await contentApi(new Request(url, { method: "GET" }));
    res.status(response.status);
    response.headers.forEach((value, key) => res.setHeader(key, value));
    const cacheControl = contentApiCacheControl(query.data.version, response.status);
    if (cacheControl) res.setHeader("Cache-Control", cacheControl);
    res.send(Buffer.from(await response.arrayBuffer()));
  });
}

/**
 * Remix renders every other request. Published pages come from the full-page cache (never in
 * development, which reads drafts); renders are bounded, past a short queue a fast 503.
 */
function mountRemix(
  app: Express,
  {
    env,
    build,
    logger,
    production,
    headerOptions,
    metrics,
    leadLimiters,
    downloadLimiter,
  }: Pick<AppOptions, "env" | "build" | "logger"> & {
    production: boolean;
    headerOptions: HeaderOptions;
    metrics: Metrics;
  } & ReturnType<typeof mountWriteLimits>,
): { pageCache: PageCache; renderLimiter: RenderLimiter } {
  const pageCache = new PageCache(pageKeys, {
    maxBytes: env.NODE_ENV === "development" ? 0 : Number(env.PAGE_CACHE_MAX_BYTES ?? DEFAULT_PAGE_CACHE_MAX_BYTES),
    maxEntryBytes: env.PAGE_CACHE_MAX_ENTRY_BYTES ? Number(env.PAGE_CACHE_MAX_ENTRY_BYTES) : undefined,
    // Shareable pages carry the hashes of their inline scripts, not a nonce.
    scriptPolicy: production ? shareablePagePolicy(headerOptions) : undefined,
    onError: (key, error) => logger.log("warn", `[page-cache] ${key}: ${error instanceof Error ? error.message : String(error)} (serving the stored page)`),
    // Stored pages are encoded once per encoding, not by compression() per response.
    encode: true,
  });
  registerPageCache(pageCache);
  const renderLimiter = new RenderLimiter({
    concurrency: env.RENDER_CONCURRENCY ? Number(env.RENDER_CONCURRENCY) : undefined,
    queue: env.RENDER_QUEUE !== undefined ? Number(env.RENDER_QUEUE) : undefined,
    queueTimeoutMs: env.RENDER_QUEUE_TIMEOUT_MS ? Number(env.RENDER_QUEUE_TIMEOUT_MS) : undefined,
    perClientConcurrency: env.RENDER_CONCURRENCY_PER_CLIENT ? Number(env.RENDER_CONCURRENCY_PER_CLIENT) : undefined,
    perClientQueue: env.RENDER_QUEUE_PER_CLIENT !== undefined ? Number(env.RENDER_QUEUE_PER_CLIENT) : undefined,
    perClientRate: env.RENDER_RATE_PER_CLIENT !== undefined ? Number(env.RENDER_RATE_PER_CLIENT) : undefined,
    perClientBurst: env.RENDER_BURST_PER_CLIENT ? Number(env.RENDER_BURST_PER_CLIENT) : undefined,
    clientOf: () => currentRequestContext()?.client,
  });
  metrics.watchRenderLimit(renderLimiter);
  const [readBody, remix] = createRemixHandler({
    build,
    mode: env.NODE_ENV,
    secureCookies: production,
    pageCache,
    renderLimiter,
    // A page of a country (not Remix's data requests for client navigations), not a preview.
    cacheable: (req, res) => req.method === "GET" && (res.locals as Locals).preview !== true && countryOfPath(req.path) !== null && !req.path.endsWith(".data"),
    getLoadContext: (req: ExpressRequest, res: ExpressResponse) => {
      // Last moment before rendering: the preview middleware (if any) has run.
      applyPreviewPolicy(res, headerOptions);
      const locals = res.locals as Locals;
      const client = req.ip || req.socket.remoteAddress;
      return {
        nonce: locals.nonce,
        requestId: locals.requestContext?.id,
        leadLimit: leadLimitCheck(leadLimiters, client),
        downloadBudget: byteBudgetFor(downloadLimiter, client),
      };
    },
  });
  app.all("*", readBody, (req, res, next) => reenterRequestContext((res.locals as Locals).requestContext, () => remix(req, res, next)));
  return { pageCache, renderLimiter };
}

/**
 * A client past its render share is refused before Express itself (early-refusal.server.ts):
 * only what the Remix handler would refuse, with the same answer.
 */
function earlyRefusalOf(
  app: Express,
  {
    env,
    production,
    headerOptions,
    metrics,
    access,
    pageCache,
    renderLimiter,
  }: {
    env: Env;
    production: boolean;
    headerOptions: HeaderOptions;
    metrics: Metrics;
    access: ReturnType<typeof accessLog>;
    pageCache: PageCache;
    renderLimiter: RenderLimiter;
  },
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const trust = app.get("trust proxy fn") as TrustProxyFn;
  // The host that the www redirect sends on (null: SITE_URL has no www, nothing redirects).
  const siteHost = new URL(env.SITE_URL).hostname.toLowerCase();
  const bareHost = siteHost.startsWith("www.") ? siteHost.slice(4) : null;
  return earlyRefusal({
    limiter: renderLimiter,
    clientOf: clientOfConnection(trust, clientKey),
    answeredWithoutRender: (req, url, pathname) => {
      const query = url.indexOf("?");
      if (canonicalPageLocation(url) !== null || (query !== -1 && hasPreviewParams(url.slice(query)))) return true;
      const host = req.headers.host;
      if (production && !host) return true;
      // The www redirect's own test only for a host that might be the bare one (a plain host
      // that is not, the usual case, costs no URL parsing).
      if (production && bareHost !== null && host) {
        const plain = /^[\w.-]+(?::\d+)?$/.test(host);
        if (!plain || host.split(":")[0]!.toLowerCase() === bareHost) {
          if (wwwRedirect(`http://${host}${url}`, env.SITE_URL) !== null) return true;
        }
      }
      if (req.method !== "GET" || pathname.endsWith(".data")) return false;
      try {
        return pageCache.answersWithoutRender(new URL(url, "http://localhost"), req.headers.cookie ?? null);
      } catch {
        return true;
      }
    },
    headers: staticSecurityHeaders(headerOptions),
    requestId: (req) => requestIdFrom(req.headers["x-request-id"]),
    onRefused: (pathname, seconds) => {
      metrics.answered(pathname, 503, seconds);
      access.countRefused();
    },
  });
}

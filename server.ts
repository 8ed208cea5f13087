import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { EnvError, parseEnv, type Env } from "./app/env.server";
import { getLocalContentApi } from "./app/content/local-api.server";
import { wwwRedirect } from "./app/features/seo/www";
import { createImageService, IMAGE_CACHE_CONTROL } from "./app/features/images/image-service.server";
import { startOutbox } from "./app/features/forms/outbox.server";
import { formPostRateLimit } from "./app/features/forms/rate-limit.server";
import { previewMiddleware } from "./app/features/preview/middleware.server";
import { htmlEtag } from "./app/features/http/html-etag.server";

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const IS_PROD = env.NODE_ENV === "production";
const BUILD_PATH = path.resolve("build/server/index.js");

const viteDevServer = IS_PROD
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true }, appType: "custom" }));

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(compression());

// Visual-editor preview: verifies the editor's signed parameters once and sets res.locals.preview
// (boolean) before any header-setting middleware (the CSP widens for previews only); preview
// responses are never cached nor indexed.
app.use(previewMiddleware(env));

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

// In production the host without "www" goes to the "www" form when SITE_URL has it.
if (IS_PROD) {
  app.use((req, res, next) => {
    const target = wwwRedirect(`${req.protocol}://${req.get("host") ?? req.hostname}${req.originalUrl}`, env.SITE_URL);
    return target ? res.redirect(301, target) : next();
  });
}

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Fingerprinted build assets never change: cache them for a year.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
}
app.use(express.static("public", { maxAge: "1h" }));

// The image service for local content: /media/<file>/m/<w>x<h>/filters:... (Storyblok's URL forms).
const images = createImageService({
  assetsDir: path.join(env.CONTENT_DIR_ABS, "assets"),
  cacheDir: path.resolve(".cache/images"),
});
app.get(/^\/media\/(.+\/m(?:\/.*)?)$/, async (req, res) => {
  const result = await images(req.params[0] ?? "");
  if (result.status !== 200) {
    res.status(result.status).set("Cache-Control", "no-store").json({ error: result.error });
    return;
  }
  res.set({ "Content-Type": result.contentType, "Cache-Control": IMAGE_CACHE_CONTROL, "X-Image-Cache": result.cache });
  res.send(result.body);
});

// Content assets (images, video, PDF, CSV) of the local content set.
app.use("/media", express.static(path.join(env.CONTENT_DIR_ABS, "assets"), { maxAge: "1d", fallthrough: false }));

app.use(morgan(IS_PROD ? "combined" : "dev"));

// Per-client limit of form posts (429 with Retry-After).
app.use(formPostRateLimit());

// The local content API, mounted for tools, when no Storyblok token is configured.
if (!env.STORYBLOK_TOKEN) {
  const contentApi = getLocalContentApi(env.CONTENT_DIR_ABS);
  app.get("/_content/v2/*", async (req, res) => {
    const url = new URL(req.originalUrl, `http://${req.headers.host ?? "localhost"}`);
    const response = await contentApi(new Request(url, { method: "GET" }));
    res.status(response.status);
    response.headers.forEach((value, key) => res.setHeader(key, value));
    res.send(Buffer.from(await response.arrayBuffer()));
  });
}

async function getBuild(): Promise<ServerBuild> {
  if (viteDevServer) return (await viteDevServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  return (await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild;
}

// HTML documents get a weak ETag of their body and 304 on a matching If-None-Match.
app.use(htmlEtag());

app.all("*", createRequestHandler({ build: IS_PROD ? await getBuild() : getBuild, mode: env.NODE_ENV }));

// The CRM outbox: opens the lead store, runs migrations and delivers stored leads.
const outbox = await startOutbox();

const server: Server = app.listen(env.PORT, () => {
  const source = env.STORYBLOK_TOKEN ? `Storyblok (${env.STORYBLOK_REGION})` : `local content at ${env.CONTENT_DIR}`;
  console.log(`[${env.NODE_ENV}] listening on http://localhost:${env.PORT} with ${source}`);
});

function shutdown(signal: string) {
  console.log(`${signal} received: closing the server`);
  server.close(() => {
    void outbox.stop();
    void viteDevServer?.close();
    process.exit(0);
  });
  // Keep-alive connections get a grace period, then the process ends anyway.
  setTimeout(() => process.exit(0), 10_000).unref();
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

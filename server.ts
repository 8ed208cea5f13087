import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer, type Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { EnvError, parseEnv, type Env } from "./app/server/env.server";
import { startOutbox } from "./app/features/forms/outbox.server";
import { closeLeadStore } from "./app/features/forms/store.server";
import { startInvalidationChannel, type InvalidationChannel } from "./app/content/invalidation.server";
import { createLogger, installConsoleLogger } from "./app/server/observability/logger.server";
import { startMetricsServer, type Metrics } from "./app/server/observability/metrics.server";
import { createGracefulShutdown, shutdownTimes } from "./app/server/http/graceful-shutdown.server";
import { createApp } from "./server-app";

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

// Structured logs (JSON lines in production): every console line of the app goes through them.
const logger = createLogger(env.LOG_FORMAT ?? (IS_PROD ? "json" : "pretty"));
installConsoleLogger(logger, { stacks: !IS_PROD });

const server: Server = createServer();

// Development: Vite builds on request. The app's browser build serves the documents that hydrate
// whole; content pages hydrate as islands from the islands' own config, as in production (only its
// entry's URL differs, app/islands/assets.server.ts). Live reload goes through the site's own port.
const viteDevServer = IS_PROD
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" }));
const islandsDevServer = IS_PROD
  ? undefined
  : await import("vite").then((vite) =>
      vite.createServer({ configFile: "vite.islands.config.ts", cacheDir: "node_modules/.vite-islands", server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom" }),
    );

async function getBuild(): Promise<ServerBuild> {
  if (viteDevServer) return (await viteDevServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  return (await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild;
}

// Created before the app, whose /readyz answers 503 once the shutdown has begun.
let shutdown: ReturnType<typeof createGracefulShutdown> | null = null;
const { app, listener } = createApp({
  env,
  build: IS_PROD ? await getBuild() : getBuild,
  logger,
  viteDevServer,
  islandsDevServer,
  draining: () => shutdown?.draining === true,
});

// The CRM outbox: opens the lead store, runs migrations and delivers stored leads.
const outbox = await startOutbox(env);

// Several instances on one Postgres: a publish webhook received by any of them invalidates the
// content of all (LISTEN/NOTIFY). A database that cannot be reached is logged; the server serves.
let invalidation: InvalidationChannel | null = null;
if (env.DATABASE_URL) {
  invalidation = await startInvalidationChannel(env.DATABASE_URL).catch((error: unknown) => {
    console.error(`[invalidation] the Postgres channel could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
}

// Prometheus metrics on their own port, on loopback unless METRICS_HOST says otherwise.
const metricsServer = env.METRICS_PORT
  ? await startMetricsServer(app.locals.metrics as Metrics, Number(env.METRICS_PORT), env.METRICS_HOST ?? "127.0.0.1").then(
      (started) => {
        console.log(`metrics on http://${env.METRICS_HOST ?? "127.0.0.1"}:${env.METRICS_PORT}/metrics`);
        return started;
      },
      (error: unknown) => {
        console.error(`[metrics] port ${env.METRICS_PORT} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      },
    )
  : null;

const onListening = () => {
  const source = env.STORYBLOK_TOKEN ? `Storyblok (${env.STORYBLOK_REGION})` : `local content at ${env.CONTENT_DIR}`;
  console.log(`[${env.NODE_ENV}] listening on http://${env.HOST ?? "localhost"}:${env.PORT} with ${source}`);
};
shutdown = createGracefulShutdown({
  server,
  ...shutdownTimes(env),
  // The outbox finishes its current batch and takes no other: another instance delivers the rest.
  stopWork: () => outbox.stop(),
  closeResources: async () => {
    metricsServer?.close();
    await invalidation?.stop();
    await closeLeadStore();
    await viteDevServer?.close();
    await islandsDevServer?.close();
  },
  exit: (code) => process.exit(code),
  log: (message) => console.log(message),
});
server.on("request", shutdown.wrap(listener));
if (env.HOST) server.listen(env.PORT, env.HOST, onListening);
else server.listen(env.PORT, onListening);
// Slow clients cannot hold a connection open forever.
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;

// SIGTERM (an orchestrator, a rolling deploy) drains; SIGINT (a terminal) closes without waiting for a balancer.
process.on("SIGTERM", () => shutdown?.begin("SIGTERM"));
process.on("SIGINT", () => shutdown?.begin("SIGINT", 0));
// A failure nobody awaited is logged; the server keeps serving.
process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", reason));

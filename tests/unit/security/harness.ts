import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import type { Env } from "~/server/env.server";
import type { LogLevel } from "~/server/observability/logger.server";

/**
 * The whole Express application of server-app.ts, started on a free port of 127.0.0.1 with the
 * Remix build compiled by Vite (no production build needed) and a temporary lead store: the
 * tests talk to it over HTTP like a browser or a client would.
 */

export interface TestServer {
  url: string;
  env: Env;
  dir: string;
  logs: { level: LogLevel; line: string }[];
  close(): Promise<void>;
}

let vite: ViteDevServer | null = null;
let buildPromise: Promise<ServerBuild> | null = null;

/** The Remix server build through Vite's SSR loader (the Remix plugin is off under Vitest; on here). */
export function loadBuild(): Promise<ServerBuild> {
  buildPromise ??= (async () => {
    const { createServer } = await import("vite");
    const saved = process.env.VITEST;
    delete process.env.VITEST;
    try {
      vite = await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: "custom", logLevel: "error" });
    } finally {
      process.env.VITEST = saved;
    }
    return (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  })();
  return buildPromise;
}

export async function closeBuild(): Promise<void> {
  await vite?.close();
  vite = null;
  buildPromise = null;
}

/**
 * Starts the app with these environment variables (one environment per test file: the build's
 * modules keep the first one they read).
 */
export async function startTestServer(overrides: Record<string, string> = {}): Promise<TestServer> {
  // Load the build first: React's JSX runtime is picked by NODE_ENV when it is first imported.
  const build = await loadBuild();
  const dir = mkdtempSync(path.join(tmpdir(), "security-"));
  const vars: Record<string, string> = {
    NODE_ENV: "production",
    CONTENT_DIR: "content-fixtures",
    STORYBLOK_TOKEN: "",
    SITE_URL: "https://www.kestrel.test",
    LEADS_DB_PATH: path.join(dir, "leads.db"),
    REVERSE_GEOCODE_URL: "",
    // One address for every request of a test file (fuzzing renders thousands): the budget of
    // renders in time is tested on its own.
    RENDER_RATE_PER_CLIENT: "0",
    ...overrides,
  };
  for (const [key, value] of Object.entries(vars)) process.env[key] = value;
  delete process.env.DATABASE_URL;
  delete process.env.CRM_BASE_URL;
  delete process.env.BOT_CHECK_SECRET;

  const { parseEnv } = await import("~/server/env.server");
  const { createApp } = await import("../../../server-app");
  const { createLogger } = await import("~/server/observability/logger.server");
  const env = parseEnv(process.env);
  const logs: TestServer["logs"] = [];
  const logger = createLogger("json", (line, level) => logs.push({ level, line }));
  const { listener } = createApp({ env, build, logger, imageCacheDir: path.join(dir, "images") });
  const server: Server = createServer(listener).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env,
    dir,
    logs,
    async close() {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      const { closeLeadStore } = await import("~/features/forms/store.server");
      await closeLeadStore();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

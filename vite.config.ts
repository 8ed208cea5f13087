/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/**
 * The browser build of the documents that hydrate whole (the editor's preview, a route with
 * `handle.hydrate = "app"`); content pages run as islands (vite.islands.config.ts), on the dev
 * server too. Its chunks:
 * - zod and app/lib/zod-config.ts are one chunk, so the jitless setting runs right after zod itself,
 *   before any module that builds a schema (zod-config.ts says why);
 * - the framework (React, ReactDOM, Remix and its routers) is one chunk, which changes only with an
 *   upgrade; Rollup's CommonJS helpers go with it, or it would import the shell;
 * - the shell is one chunk: every module the root and the country layout import, at any depth
 *   (header, menu, footer, site state, the block runtime). Every such document loads all of it,
 *   and one file compresses better than the two dozen Rollup makes of it by which routes share
 *   what (without these rules the configurator loaded 33 files, 9 KB more);
 * - the rest (blocks, routes) is Rollup's, with chunks under 600 bytes folded into a neighbour.
 */

/** React, ReactDOM and Remix with their routers. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[a-z-]+|react-router|react-router-dom|turbo-stream)\//;
/** What every page renders around its route: the root and the country layout. */
const SHELL_ENTRIES = /\/app\/(root|routes\/\$country)\.tsx$/;

function browserChunks() {
  const inShell = new Map<string, boolean>();
  const reachedFromShell = (id: string, getModuleInfo: ModuleInfoOf): boolean => {
    const known = inShell.get(id);
    if (known !== undefined) return known;
    inShell.set(id, false);
    const result = SHELL_ENTRIES.test(id) || (getModuleInfo(id)?.importers ?? []).some((importer) => reachedFromShell(importer, getModuleInfo));
    inShell.set(id, result);
    return result;
  };
  return (id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }): string | undefined => {
    if (id.includes("/node_modules/zod/") || id.endsWith("/app/lib/zod-config.ts")) return "zod";
    if (FRAMEWORK.test(id) || id.startsWith("\0commonjsHelpers")) return "framework";
    if (reachedFromShell(id, getModuleInfo)) return "shell";
    return undefined;
  };
}

const isVitest = Boolean(process.env.VITEST);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // The Remix plugin breaks DOM-environment tests ("can't detect preamble"); see the toolchain notes.
    !isVitest &&
      remix({
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_lazyRouteDiscovery: true,
          v3_singleFetch: true,
          v3_routeConfig: true,
          unstable_optimizeDeps: true,
        },
      }),
    tsconfigPaths(),
  ],
  build: {
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 600,
        manualChunks: isSsrBuild ? undefined : browserChunks(),
      },
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
        warn(warning);
      },
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    // A React warning fails the test that caused it.
    setupFiles: ["tests/unit/support/console-check.setup.ts", "tests/unit/support/story-parser.setup.ts"],
  },
}));

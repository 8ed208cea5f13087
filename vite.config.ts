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

/** React, ReactDOM and Remix with their routers. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[a-z-]+|react-router|react-router-dom|turbo-stream)\//;
/** What every page renders around its route: the root and the country layout. */
const SHELL_ENTRIES = /\/app\/(root|routes\/\$country)\.tsx$/;

/**
 * The browser build's chunks (ADR 022). zod and app/zod-config.ts are one chunk, so the jitless
 * setting runs right after zod itself, before any module that builds a schema (zod-config.ts says
 * why). Every page then loads two chunks first: the framework, which changes only with an upgrade
 * and so stays cached across deploys, and the shell, every module that the root and the country
 * layout import, directly or not (header, mega menu, footer, site state, the block runtime). One
 * file compresses better than the dozen Rollup would make of them by which routes share what, and
 * every page loads all of them anyway. The rest (blocks, routes) is chunked by Rollup.
 */
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
    if (id.includes("/node_modules/zod/") || id.endsWith("/app/zod-config.ts")) return "zod";
    // Rollup's CommonJS interop helpers serve React's CJS builds: in the shell, they made the
    // framework import the shell, so its hash changed with every shell change.
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
        // Chunks of a few hundred bytes (a label map, a hook shared by two blocks) are folded into a
        // neighbour. Rollup keeps the side effects of every entry as they are, but a merged chunk
        // can carry code that a page does not need: above about 600 bytes that cost more than the
        // requests it saved (ADR 022).
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
  },
}));

/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
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

/** A block module: app/blocks/<name>.tsx (not its schema, not a helper with a dot in its name). */
const BLOCK_MODULE = /\/app\/blocks\/([a-z0-9-]+)\.tsx$/;
const ALWAYS_LOADED = /\/app\/(entry\.client|root|routes\/\$country)\.tsx$/;

/**
 * The blocks' chunk map (ADR 022): for each block, the browser files its chunk needs besides the
 * framework, the shell and the route entries, which Remix already preloads. The browser build
 * writes it beside build/client (build/.block-chunks.json, never served); the server reads it at
 * start-up (app/blocks/runtime/block-chunks.server.ts) and writes `<link rel="modulepreload">` for
 * the blocks that hydrate on a page. The browser then fetches them alongside the framework, and
 * Vite's preload helper, finding the links, adds none while the page prepares to hydrate. Vite's
 * client manifest cannot replace it: it names a chunk by its facade module only, and the chunks
 * Rollup folds together (a model range into the compact one) have none.
 */
function blockChunkHints(isSsrBuild: boolean | undefined): Plugin {
  let root = process.cwd();
  let base = "/";
  return {
    name: "block-chunk-hints",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      if (isSsrBuild) return;
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // Loaded on every page before any block: Remix preloads the entry, the root and the country
      // layout, and with them the framework and the shell. Other route chunks can hold code that a
      // block shares with a route, so they stay in.
      const preloaded = (fileName: string) => {
        const chunk = byFile.get(fileName);
        return !chunk || chunk.name === "framework" || chunk.name === "shell" || ALWAYS_LOADED.test(chunk.facadeModuleId ?? "");
      };
      const map: Record<string, string[]> = {};
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          const name = BLOCK_MODULE.exec(id)?.[1];
          if (!name || preloaded(chunk.fileName)) continue;
          const files = new Set<string>();
          const visit = (fileName: string) => {
            if (files.has(fileName) || preloaded(fileName)) return;
            files.add(fileName);
            for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
          };
          visit(chunk.fileName);
          map[name] = [...files].map((fileName) => `${base}${fileName}`);
        }
      }
      writeFileSync(path.join(root, "build", ".block-chunks.json"), JSON.stringify(map));
    },
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
    blockChunkHints(isSsrBuild),
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

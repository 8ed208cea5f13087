/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * zod and app/lib/zod-config.ts are one chunk, so the jitless setting runs right after zod itself,
 * before any module that builds a schema (zod-config.ts says why). This build serves the pages
 * that hydrate whole (the configurator, the editor's preview, the dev server); published content
 * pages run as islands (vite.islands.config.ts).
 */
function browserChunks(id: string): string | undefined {
  if (id.includes("/node_modules/zod/") || id.endsWith("/app/lib/zod-config.ts")) return "zod";
  return undefined;
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
        manualChunks: isSsrBuild ? undefined : browserChunks,
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

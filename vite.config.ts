/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const isVitest = Boolean(process.env.VITEST);

export default defineConfig({
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
        // Shared modules of a few hundred bytes (hooks, helpers) would each be a chunk: one request
        // and one evaluation task each. Rollup folds chunks under 3 kB into a chunk that is loaded
        // with them anyway, when that changes nothing else that loads.
        experimentalMinChunkSize: 3_000,
        // zod and app/zod-config.ts in one chunk, so the jitless setting runs right after zod
        // itself, before any module that builds a schema (app/zod-config.ts says why).
        manualChunks(id) {
          if (id.includes("/node_modules/zod/") || id.endsWith("/app/zod-config.ts")) return "zod";
          return undefined;
        },
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
});

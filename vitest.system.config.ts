import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * The whole-system tests (tests/system): production servers from the production build, on a real
 * Postgres, and behind Varnish with the CDN recipe. `npm test` runs them after the build, with
 * TEST_DATABASE_URL and VARNISHD_PATH set (scripts/test.mjs); without a build, a database or
 * varnishd, the tests that need them skip.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/system/**/*.test.ts"],
    environment: "node",
    // One file at a time: each starts production servers (and their timing checks) on 2 cores.
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 60_000,
  },
});

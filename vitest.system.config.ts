import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * The whole-system tests (tests/system): production servers from the production build, on a real
 * Postgres. `npm test` runs them after the build, with TEST_DATABASE_URL set (scripts/test.mjs);
 * without a build or a database they skip.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/system/**/*.test.ts"],
    environment: "node",
    testTimeout: 150_000,
    hookTimeout: 60_000,
  },
});

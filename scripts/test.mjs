// `npm test`: every check CI runs, in order: typecheck, lint, content check, unit tests, the
// production build, the whole-system tests (two instances on one Postgres; Varnish with the CDN
// recipe in front of the server), the Playwright e2e suite (JavaScript on and off, with the
// HTML and accessibility checkers) against the production server on the fixture content, and a
// few pages against the dev server. Ends with one summary line: "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureBuild, ensureChromium, ensureDependencies, ensureJava, ensureVarnish, run, startPostgres } from "./lib.mjs";

ensureDependencies();
const chromium = ensureChromium();
// The Nu Html Checker in the e2e suite (tests/e2e/validity.spec.ts) runs on Java.
const java = ensureJava();
// The CDN recipe's system test (tests/system/cdn.test.ts) runs Varnish in front of the server.
const varnishd = ensureVarnish();
rmSync(".cache/test-results", { recursive: true, force: true });
mkdirSync(".cache/test-results", { recursive: true });

// ---- Postgres ----
// One throwaway cluster for the whole run (about a second to start): the unit tests' Postgres
// suites (store, outbox, rate limits, invalidation) and the whole-system test get it as
// TEST_DATABASE_URL. It is stopped and its folder removed when this script exits, whatever the
// outcome. DATABASE_URL itself is not set, so every other test keeps its SQLite default.
const postgres = startPostgres();
process.on("exit", postgres.stop);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
const postgresEnv = { TEST_DATABASE_URL: postgres.url };
// ---- end Postgres ----

const counts = { passed: 0, failed: 0, skipped: 0 };
function step(name, command, args, env) {
  console.log(`\n=== ${name} ===`);
  const status = run(command, args, { env });
  if (status !== 0) {
    console.error(`\n${name} failed (exit ${status}).`);
    summary(status);
  }
}
function summary(exitCode) {
  readCounts();
  console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(exitCode);
}
function readCounts() {
  counts.passed = counts.failed = counts.skipped = 0;
  const vitest = ".cache/test-results/vitest.json";
  if (existsSync(vitest)) {
    const r = JSON.parse(readFileSync(vitest, "utf8"));
    counts.passed += r.numPassedTests ?? 0;
    counts.failed += r.numFailedTests ?? 0;
    counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  // The whole-system test reports like the unit tests.
  const system = ".cache/test-results/system.json";
  if (existsSync(system)) {
    const r = JSON.parse(readFileSync(system, "utf8"));
    counts.passed += r.numPassedTests ?? 0;
    counts.failed += r.numFailedTests ?? 0;
    counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  for (const e2e of [".cache/test-results/e2e.json", ".cache/test-results/e2e-dev.json"]) {
    if (!existsSync(e2e)) continue;
    const s = JSON.parse(readFileSync(e2e, "utf8")).stats ?? {};
    counts.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    counts.failed += s.unexpected ?? 0;
    counts.skipped += s.skipped ?? 0;
  }
}

step("typecheck", "npx", ["tsc"]);
step("lint", "npx", ["eslint", ".", "--max-warnings", "0"]);
step("content check", "npx", ["tsx", "scripts/content-check.ts"]);
step("unit tests", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=.cache/test-results/vitest.json"], postgresEnv);
console.log("\n=== build ===");
ensureBuild({ force: true });
// ---- Several instances: two production servers on the Postgres above ----
step("whole system (two instances, one Postgres; Varnish in front)", "npx", ["vitest", "run", "--config", "vitest.system.config.ts", "--reporter=default", "--reporter=json", "--outputFile.json=.cache/test-results/system.json"], { ...postgresEnv, VARNISHD_PATH: varnishd });
// ---- end several instances ----
step("e2e (JavaScript on and off)", "npx", ["playwright", "test"], { CHROMIUM_PATH: chromium, JAVA_PATH: java });
// Content pages on the dev server run as islands too: a few pages against `npm run dev`.
step("e2e on the dev server", "npx", ["playwright", "test", "-c", "playwright.dev.config.ts"], { CHROMIUM_PATH: chromium });
readCounts();
summary(counts.failed > 0 ? 1 : 0);

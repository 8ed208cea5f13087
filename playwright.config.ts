import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3200);
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: ".cache/test-results/e2e.json" }]],
  // A failed test keeps a trace of its actions, console, network and errors (and Playwright writes
  // the page's ARIA snapshot next to it), without DOM snapshots and screenshots: recording those for
  // every test, to keep the few that fail, cost about a fifth of the e2e time. For a full trace,
  // rerun the failing test with `--trace on`.
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false },
    launchOptions: chromium,
  },
  // Two specs run in one project only, where the other would repeat the same check: the metadata
  // and structured data are server-rendered (what crawlers read), so the JavaScript-off project
  // checks them; the story-tree walk needs hydration to catch client errors, and its server-side
  // half (status, content, no unknown block) is the same page with JavaScript on.
  projects: [
    { name: "js", testIgnore: /seo\.spec\.ts$/, use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "no-js",
      testIgnore: /story-tree\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions: chromium },
    },
  ],
  webServer: {
    command: `node server-build/server.js`,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      CONTENT_DIR: "content-fixtures",
      SITE_URL: `http://localhost:${PORT}`,
      LEADS_DB_PATH: `.cache/e2e-leads-${PORT}.db`,
      // The suite posts many forms from one address; the limit itself is tested in unit tests.
      FORM_RATE_LIMIT: "100000",
      FORM_CONTACT_RATE_LIMIT: "100000",
      // Likewise the per-client limits of other writes and of the image service (one address, many pages).
      POST_RATE_LIMIT: "100000",
      IMAGE_RATE_LIMIT: "100000",
      // One address for the whole suite: its share of renders and image encodes is everyone's.
      RENDER_CONCURRENCY_PER_CLIENT: "8",
      RENDER_QUEUE_PER_CLIENT: "32",
      RENDER_RATE_PER_CLIENT: "0",
      IMAGE_ENCODE_QUEUE_PER_CLIENT: "64",
      IMAGE_MISS_LIMIT: "100000",
      MALLOC_ARENA_MAX: "2",
    },
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

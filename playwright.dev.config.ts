import { defineConfig, devices } from "@playwright/test";

/**
 * The dev server (`npm run dev`) checked as a browser sees it: content pages run as islands there
 * too, from the same entry as in production (tests/e2e-dev/). A few tests, JavaScript on only
 * (without it the dev server's HTML is the production server's), so `npm test` runs it cheaply.
 */
const PORT = Number(process.env.E2E_DEV_PORT ?? 3201);

export default defineConfig({
  testDir: "./tests/e2e-dev",
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Vite compiles each module on its first request: a page's first load takes seconds.
  timeout: 90_000,
  reporter: [["list"], ["json", { outputFile: ".cache/test-results/e2e-dev.json" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false },
  },
  projects: [
    {
      name: "dev",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] },
      },
    },
  ],
  webServer: {
    command: "npm run dev",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      CONTENT_DIR: "content-fixtures",
      SITE_URL: `http://localhost:${PORT}`,
      LEADS_DB_PATH: `.cache/e2e-dev-leads-${PORT}.db`,
    },
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

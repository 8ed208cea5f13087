import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";

/**
 * Google Tag Manager with consent, on a server of its own with GTM_ID set (the suite's server has
 * none): no request to the tag host before the visitor accepts cookies; after Accept the container
 * loads (Google's host is intercepted and answered with a small script that records the data
 * layer it finds: no real network), sees consent denied by default then granted, and the events
 * pushed before it; no CSP violation; on pages served from the page cache (hash policy) too.
 * Without JavaScript nothing loads. The port is the suite's + 1 (js) or + 2 (no-js): the two
 * projects run side by side, each with its own server.
 */

let ORIGIN = "";
const GTM_ID = "GTM-E2ETEST";
const PAGE = "/au/models/suv/tarrak";
const TAG_HOST = /^https:\/\/www\.googletagmanager\.com\//;
// Runs as the container would: it records what the data layer held when it loaded.
const CONTAINER = `window.__container = (window.dataLayer || []).map(function (e) {
  return Object.prototype.toString.call(e) === "[object Arguments]" ? { gtag: Array.prototype.slice.call(e) } : e;
});`;

let server: ChildProcess | null = null;

// Playwright reads the fixtures a hook uses from its first parameter's pattern: none here.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  const port = Number(process.env.E2E_PORT ?? 3200) + (testInfo.project.name === "no-js" ? 2 : 1);
  ORIGIN = `http://localhost:${port}`;
  server = spawn(process.execPath, ["server-build/server.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      CONTENT_DIR: "content-fixtures",
      SITE_URL: ORIGIN,
      LEADS_DB_PATH: `.cache/e2e-leads-${port}.db`,
      GTM_ID,
      SHUTDOWN_DRAIN_MS: "0",
      REVERSE_GEOCODE_URL: "",
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await fetch(`${ORIGIN}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  // The page without consent is stored by the page cache before any browser asks for it.
  await (await fetch(`${ORIGIN}${PAGE}`)).text();
});

test.afterAll(async () => {
  const child = server;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
});

async function watch(context: BrowserContext) {
  const tagRequests: string[] = [];
  await context.route(TAG_HOST, async (route) => {
    tagRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "application/javascript", body: CONTAINER });
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return tagRequests;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
const container = (page: Page) => page.evaluate(() => (window as unknown as { __container?: unknown[] }).__container ?? null);

test("loads the container only after Accept, with consent mode and the earlier events, on cached pages too", async ({ browser, browserName, javaScriptEnabled }) => {
  test.skip(browserName !== "chromium");
  const context = await browser.newContext({ javaScriptEnabled });
  const tagRequests = await watch(context);
  const page = await context.newPage();

  const first = await page.goto(`${ORIGIN}${PAGE}`);
  expect(first?.headers()["x-cache"]).toBe("HIT");
  const scriptSrc = (first?.headers()["content-security-policy"] ?? "").split(";").find((d) => d.trim().startsWith("script-src ")) ?? "";
  expect(scriptSrc).toContain("https://www.googletagmanager.com");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(tagRequests).toEqual([]);

  await page.getByRole("button", { name: "Accept cookies" }).click();
  if (!javaScriptEnabled) {
    // The plain form: back on the page with consent, and no tag manager without JavaScript.
    await page.waitForURL(`${ORIGIN}${PAGE}`);
    await expect(page.getByRole("button", { name: "Accept cookies" })).toHaveCount(0);
    expect(tagRequests).toEqual([]);
    await context.close();
    return;
  }
  await expect.poll(() => container(page)).not.toBeNull();
  expect(tagRequests).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);
  const seen = (await container(page)) as { event?: string; gtag?: unknown[] }[];
  const denied = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" };
  const granted = { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted", analytics_storage: "granted" };
  const commands = seen.filter((e) => e.gtag).map((e) => e.gtag);
  expect(commands).toEqual([
    ["consent", "default", denied],
    ["consent", "update", granted],
  ]);
  // The page view pushed before consent is there for the container.
  expect(seen.findIndex((e) => e.event === "page_view")).toBeLessThan(seen.findIndex((e) => e.event === "gtm.js"));
  expect(await violations(page)).toEqual([]);

  // The next page with consent comes from the page cache (its consent variant, a hash policy): the
  // container loads at once, with no violation.
  await (await fetch(`${ORIGIN}${PAGE}`, { headers: { cookie: "consent=1" } })).text();
  const second = await page.goto(`${ORIGIN}${PAGE}`);
  expect(second?.headers()["x-cache"]).toBe("HIT");
  await expect.poll(() => container(page)).not.toBeNull();
  expect(tagRequests).toHaveLength(2);
  expect(await violations(page)).toEqual([]);
  await context.close();
});

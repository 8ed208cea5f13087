import { expect, test, type Page } from "@playwright/test";
import { collectPageErrors } from "../e2e/helpers";

/**
 * On the dev server a content page runs as it does in production: server HTML with islands, the
 * islands' entry (served by Vite from source), the early-taps script and the speculation rules in
 * the head, and no whole-app hydration (no Remix context, no Remix scripts).
 */

/** The islands' entry as the dev server names it (app/islands/assets.server.ts). */
const DEV_ENTRY = "/islands/app/entry.islands.ts";
/** The header island's own module: held, its island cannot hydrate. */
const HEADER_MODULE = "**/islands/app/features/shell/site-header.tsx*";

async function expectIslandsDocument(page: Page) {
  expect(await page.locator('script[type="module"][src]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute("src")))).toEqual([DEV_ENTRY]);
  await expect(page.locator('head script[type="speculationrules"]')).toHaveCount(1);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
  expect(await page.evaluate(() => typeof window.__islands?.wake)).toBe("function");
}

for (const path of ["/au", "/nz/privacy"]) {
  test(`${path} hydrates as islands from the islands' entry, with one page view`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto(path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectIslandsDocument(page);
    expect(await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "page_view").map((e) => e.page_path))).toEqual([path]);
    await page.locator('[data-island="site-header"] .menu-button').hover();
    await expect(page.locator('[data-island="site-header"]'), errors.join("\n")).toHaveAttribute("data-island-ready", "", { timeout: 20_000 });
    expect(errors).toEqual([]);
  });
}

test("a tap on Menu before the header's code has come opens the menu at once, and the enhanced menu keeps it open", async ({ page, context }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 390, height: 800 });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(HEADER_MODULE, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/au");
  await expect.poll(() => page.evaluate(() => typeof window.__islands?.wake)).toBe("function");
  await expect(page.locator('[data-island="site-header"]')).not.toHaveAttribute("data-island-ready");
  await page.locator("summary.menu-button").click();
  // Not held by the early script: the disclosure opens under the tap, as in production.
  await expect(page.locator("details.mega-menu")).toHaveAttribute("open", "");
  release();
  await expect(page.locator("button.menu-button")).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#mega-menu-panel")).toBeVisible();
  expect(errors).toEqual([]);
});

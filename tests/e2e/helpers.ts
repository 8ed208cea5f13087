import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const COUNTRIES = ["au", "nz"] as const;

/** True in the project that runs with JavaScript disabled. */
export function jsDisabled(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled === false;
}

/** Fails on uncaught page errors and console errors (hydration mismatches among them). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/Failed to load resource: the server responded with a status of 404/.test(msg.text())) {
      errors.push(`console: ${msg.text()}`);
    }
  });
  return errors;
}

/** Waits until React has hydrated the document (JavaScript project only). */
export async function waitForHydration(page: Page, testInfo: TestInfo) {
  if (jsDisabled(testInfo)) return;
  await page.waitForFunction(() => {
    const w = window as unknown as { __remixContext?: unknown; __reactRouterContext?: unknown };
    return Boolean(w.__remixContext) && document.readyState === "complete";
  });
}

/** WCAG 2.2 AA checks with axe; returns nothing, fails the test on any violation. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

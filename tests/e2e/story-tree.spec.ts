import { expect, test } from "@playwright/test";
import { COUNTRIES, collectPageErrors, waitForHydration } from "./helpers";

/** Every page of the story tree, in both countries, as the sitemap lists them. */
async function sitemapPaths(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

for (const country of COUNTRIES) {
  test(`every page of the story tree renders in /${country} without an error`, async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const paths = (await sitemapPaths(request)).filter((p) => p === `/${country}` || p.startsWith(`/${country}/`));
    expect(paths.length).toBeGreaterThan(20);
    const errors = collectPageErrors(page);
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await waitForHydration(page, testInfo);
      await expect(page.locator("main"), path).toBeVisible();
      await expect(page.locator(".unknown-blok"), path).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });
}

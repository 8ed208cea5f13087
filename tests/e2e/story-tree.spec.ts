import { expect, test, type Page } from "@playwright/test";
import { COUNTRIES, collectPageErrors, waitForHydration } from "./helpers";

/** Every page of the story tree, in both countries, as the sitemap lists them. */
async function sitemapPaths(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/**
 * The walk does not fetch images: every `load` would otherwise wait for each page's images, most
 * of them resized by sharp on a cold cache, about a quarter of the walk. The image service and the
 * images of each block are checked by media.spec and blocks.spec. Chromium's own URL blocking is
 * used rather than page.route, which would turn the HTTP cache off (every page would download and
 * compile the site's scripts again); a blocked request logs no console error.
 */
async function blockImages(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setBlockedURLs", {
    urls: ["*/media/*/m/*", ...["svg", "png", "jpg", "jpeg", "webp", "avif", "gif"].map((ext) => `*/media/*.${ext}`)],
  });
}

for (const country of COUNTRIES) {
  test(`every page of the story tree renders in /${country} without an error`, async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const paths = (await sitemapPaths(request)).filter((p) => p === `/${country}` || p.startsWith(`/${country}/`));
    expect(paths.length).toBeGreaterThan(20);
    const errors = collectPageErrors(page);
    await blockImages(page);
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

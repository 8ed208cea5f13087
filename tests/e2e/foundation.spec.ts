import { expect, test } from "@playwright/test";
import {
  COUNTRIES,
  axeCountry,
  collectPageErrors,
  expectNewDocument,
  expectNoAxeViolations,
  jsDisabled,
  markDocument,
  waitForHydration,
} from "./helpers";

test("/ redirects to /au", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/au$/);
});

for (const country of COUNTRIES) {
  test.describe(`/${country}`, () => {
    test("home renders from the fixtures with header and footer, without errors", async ({ page }, testInfo) => {
      const errors = collectPageErrors(page);
      const response = await page.goto(`/${country}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page, testInfo);
      await expect(page).toHaveTitle(/\| Kestrel$/);
      await expect(page.locator("html")).toHaveAttribute("lang", country === "au" ? "en-AU" : "en-NZ");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Go further with Kestrel");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Cookies", exact: true })).toHaveAttribute("href", `/${country}/cookies`);
      await expect(footer.getByRole("link", { name: "Privacy", exact: true })).toHaveAttribute("href", `/${country}/privacy`);
      // Country-specific content comes through field-level translation.
      await expect(footer).toContainText(country === "au" ? "Kestrel Motors Pty Ltd" : "Kestrel Motors New Zealand Limited");
      expect(errors).toEqual([]);
    });

    test("links navigate within the country, each to a new document that opens at the top", async ({ page }, testInfo) => {
      const errors = collectPageErrors(page);
      await page.goto(`/${country}`);
      await waitForHydration(page, testInfo);
      const js = !jsDisabled(testInfo);
      if (js) await markDocument(page);
      // Pages change by document navigation (no client router, no route data requests).
      const dataRequests: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.endsWith(".data") || url.searchParams.has("_data")) dataRequests.push(url.pathname + url.search);
      });
      const documentRequest = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.frame() === page.mainFrame() && new URL(request.url()).pathname === `/${country}/privacy`,
      );
      const link = page.getByRole("contentinfo").getByRole("link", { name: "Privacy", exact: true });
      await link.scrollIntoViewIfNeeded();
      // The link is at the foot of the page: the page is scrolled when it is followed.
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await link.click();
      await documentRequest;
      await expect(page).toHaveURL(new RegExp(`/${country}/privacy$`));
      if (js) {
        // A new document: the mark set on the old one's window is gone, and the new one hydrates.
        await expectNewDocument(page);
        await waitForHydration(page, testInfo);
      }
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", country === "au" ? "en-AU" : "en-NZ");
      // The new page opens at its top, not at the old page's scroll position.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(dataRequests).toEqual([]);
      expect(errors).toEqual([]);
    });

    test("an unknown path answers 404 with the error story inside the layout", async ({ page }) => {
      const response = await page.goto(`/${country}/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      // A missing story: 'Page Not Found' without the path (spec site.md section 8).
      await expect(page.getByRole("status")).toHaveText("Page Not Found");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page).toHaveTitle("Page not found | Kestrel");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    });

    test("a story limited to the other country is a 404", async ({ page }) => {
      const own = country === "au" ? "au-only" : "nz-only";
      const other = country === "au" ? "nz-only" : "au-only";
      expect((await page.goto(`/${country}/test/${own}`))?.status()).toBe(200);
      expect((await page.goto(`/${country}/test/${other}`))?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    });

    test("an unknown block shows the editor message and the rest of the page", async ({ page }) => {
      await page.goto(`/${country}/test/unknown-block`);
      await expect(page.locator(".unknown-blok")).toHaveText(
        "Component could not be found for blok legacy-promo-strip! Is it configured correctly?",
      );
      await expect(page.locator(".unknown-blok strong")).toHaveText("legacy-promo-strip");
    });

    test("the configurator route answers 404 for an unknown model line", async ({ page }) => {
      expect((await page.goto(`/${country}/config/tarrak`))?.status()).toBe(200);
      const response = await page.goto(`/${country}/config/not-a-model`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("status")).toHaveText("Page Not Found");
    });

    test("news articles show their categories and publish date", async ({ page }) => {
      await page.goto(`/${country}/news/dealer-network-expands`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kestrel dealer network grows to 120 locations");
      await expect(page.locator(".news-detail__date")).toHaveText(country === "au" ? "16th Jul 2026" : "16th Jul 2026");
      await expect(page.locator(".news-detail__categories")).toHaveText("Company News");
    });

    test("unpublished news is not served", async ({ page }) => {
      expect((await page.goto(`/${country}/news/tarrak-my27-update`))?.status()).toBe(404);
    });

    for (const path of [`/${country}`, `/${country}/privacy`, `/${country}/no-such-page`]) {
      test(`${path} has no axe violations`, async ({ page }, testInfo) => {
        test.skip(country !== axeCountry(testInfo), "each project checks one country's pages with axe");
        test.setTimeout(60_000);
        await page.goto(path);
        await expectNoAxeViolations(page, testInfo);
      });
    }
  });
}

test("an unknown country is a 404 with the error story", async ({ page }) => {
  const response = await page.goto("/xx/offers");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("status")).toHaveText("Page Not Found: /xx/offers");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveTitle("Page not found | Kestrel");
});

test("a path that is not a country is an unknown route", async ({ page }) => {
  const response = await page.goto("/not-a-country");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("status")).toHaveText("Page not found: /not-a-country");
});

test("the health check answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("the local content API is mounted for tools", async ({ request }) => {
  const response = await request.get("/_content/v2/cdn/stories/home?version=published&language=nz");
  expect(response.status()).toBe(200);
  const body = await response.json();
  // As Storyblok's CDN answers under a language: the code in front of full_slug, and in lang.
  expect(body.story.full_slug).toBe("nz/home");
  expect(body.story.lang).toBe("nz");
  expect(typeof body.cv).toBe("number");
  const missing = await request.get("/_content/v2/cdn/stories/nope");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual(["This record could not be found"]);
});

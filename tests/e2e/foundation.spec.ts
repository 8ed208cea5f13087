import { expect, test } from "@playwright/test";
import { COUNTRIES, axeCountry, collectPageErrors, expectNoAxeViolations, jsDisabled, waitForHydration } from "./helpers";

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

    test("links navigate within the country", async ({ page }, testInfo) => {
      const errors = collectPageErrors(page);
      await page.goto(`/${country}`);
      await waitForHydration(page, testInfo);
      if (!jsDisabled(testInfo)) await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${country}/privacy$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (!jsDisabled(testInfo)) {
        // A client-side navigation keeps the same document.
        expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      }
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
  expect(body.story.full_slug).toBe("home");
  expect(typeof body.cv).toBe("number");
  const missing = await request.get("/_content/v2/cdn/stories/nope");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual(["This record could not be found"]);
});

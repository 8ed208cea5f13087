import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { collectPageErrors, jsDisabled, waitForHydration } from "./helpers";

/**
 * The buyer's flow on a phone (390×844, touch), with JavaScript and without: Back returns to the
 * previous choice, round trips land where the buyer was, and small targets are thumb-sized.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "consent", value: "1", url: baseURL ?? "http://localhost:3200" }]);
});

async function open(page: Page, testInfo: TestInfo, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
}

test.describe("Back returns to the buyer's previous choice", () => {
  test("in the configurator: a step, then a variant", async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/config/tarrak");
    const panel = page.locator(".configurator__panel");
    const chosen = panel.locator('a[aria-current="true"][data-choice]').first();
    const first = (await chosen.getAttribute("data-choice")) ?? "";
    await panel.locator('a[data-choice="Summit"]').click();
    await expect(panel.locator('a[data-choice="Summit"]')).toHaveAttribute("aria-current", "true");
    await expect(page).toHaveURL(/variant=summit/);
    await page.getByRole("navigation", { name: "Configurator steps" }).getByRole("link", { name: "Summary" }).click();
    await expect(page).toHaveURL(/tab=summary/);

    await page.goBack();
    await expect(page).not.toHaveURL(/tab=summary/);
    await expect(page).toHaveURL(/variant=summit/);
    await expect(panel.locator('a[data-choice="Summit"]')).toHaveAttribute("aria-current", "true");
    await page.goBack();
    await expect(page).toHaveURL(/\/au\/config\/tarrak/);
    await expect(page).not.toHaveURL(/variant=summit/);
    await expect(panel.locator(`a[data-choice="${first}"]`)).toHaveAttribute("aria-current", "true");
    expect(errors).toEqual([]);
  });

  test("in the offers filters: the sort, then the category", async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/offers");
    const listing = page.locator(".offers-listing");
    const names = listing.locator(".offer-card__name");
    const all = await names.allInnerTexts();
    await listing.getByRole("navigation", { name: "Vehicle categories" }).getByRole("link", { name: "HEV" }).click();
    await expect(page).toHaveURL(/category=Hybrid/);
    await expect(names).toHaveText(["Solenne Hybrid", "Solenne Hybrid AWD", "Solenne Limited"]);
    await listing.getByLabel("Sort by").selectOption("priceHigh");
    if (jsDisabled(testInfo)) await listing.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/sort=priceHigh/);
    await expect(names).toHaveText(["Solenne Limited", "Solenne Hybrid AWD", "Solenne Hybrid"]);

    await page.goBack();
    await expect(page).toHaveURL(/\/au\/offers\?category=Hybrid$/);
    await expect(names).toHaveText(["Solenne Hybrid", "Solenne Hybrid AWD", "Solenne Limited"]);
    await expect(listing.getByLabel("Sort by")).toHaveValue("alphabetical");
    await page.goBack();
    await expect(page).toHaveURL(/\/au\/offers$/);
    await expect(names).toHaveText(all);
    expect(errors).toEqual([]);
  });
});

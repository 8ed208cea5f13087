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
    const all = (await names.allTextContents()).map((t) => t.trim());
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

test.describe("a round trip without JavaScript lands where the buyer was", () => {
  test("'View vehicle' in the pricing modal returns to the price", async ({ page }, testInfo) => {
    test.skip(!jsDisabled(testInfo), "with JavaScript the modal closes in place");
    for (const path of ["/au/models/suv/tarrak", "/au/config/tarrak"]) {
      await open(page, testInfo, path);
      await page.locator(".price-location-link").first().click();
      const dialog = page.getByRole("dialog", { name: "Configure your pricing" });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Select your state").selectOption("NSW");
      await dialog.getByRole("button", { name: "View vehicle" }).click();
      await page.waitForURL((url) => url.pathname === path && url.hash === "#price");
      await expect(dialog).toBeHidden();
      const price = page.locator("#price");
      await expect(price).toBeInViewport();
      await expect(price.locator(".price-location-link")).toContainText("New South Wales");
    }
  });

  test("the calculator's ×, its overlay and 'Close calculator' close it, back at the price", async ({ page }, testInfo) => {
    test.skip(!jsDisabled(testInfo), "with JavaScript the modal closes in place");
    await open(page, testInfo, "/au/config/tarrak");
    const dialog = page.getByRole("dialog", { name: "Calculate your loan repayments for your Tarrak" });
    const closers = [
      () => dialog.getByRole("link", { name: "Close", exact: true }).click(),
      () => dialog.locator(".modal__overlay").click({ position: { x: 4, y: 4 }, force: true }),
      () => dialog.getByRole("link", { name: "Close calculator" }).click(),
    ];
    for (const close of closers) {
      await page.getByRole("link", { name: "View finance calculator" }).click();
      await expect(dialog).toBeVisible();
      await close();
      await page.waitForURL((url) => url.hash === "#price" && !url.searchParams.has("calculator"));
      await expect(dialog).toBeHidden();
      await expect(page.locator("#price")).toBeInViewport();
    }
  });
});

test.describe("the dealer locator on a phone", () => {
  test("a search brings the results into view, and the dealer carried to the test-drive form is shown", async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/dealer-locator");
    const locator = page.locator("section.store-locator");
    await locator.getByLabel("Suburb, town or postcode").fill("3121");
    await locator.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\?q=3121/);
    const heading = locator.getByRole("heading", { level: 2, name: "Dealers near Richmond, VIC 3121" });
    await expect(heading).toBeInViewport();
    const card = locator.locator("article.dealer-card").first();
    await expect(card).toBeInViewport();

    // The card's 'Book a Test Drive' carries the dealer; the form shows it chosen, among the nearby ones.
    const name = (await card.locator(".dealer-card__name a").innerText()).trim();
    await card.getByRole("link", { name: /Book a Test Drive/ }).click();
    await page.waitForURL(/\/au\/test-drive\?dealer=/);
    await waitForHydration(page, testInfo);
    const dealer = page.locator("form#form-test-drive").getByLabel("Preferred dealership");
    await expect(dealer.locator("option:checked")).toHaveText(name);
    const options = await dealer.locator("option").count();
    expect(options).toBeGreaterThan(2);
    expect(options, "the nearby dealers, not all 70 of Australia").toBeLessThan(30);
    expect(errors).toEqual([]);
  });
});

test.describe("targets for a thumb", () => {
  test("carousel dots are 44 px", async ({ page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "the carousel's dots come with its script");
    await open(page, testInfo, "/au");
    const dots = page.locator(".hero-banner .carousel__dots:visible .carousel__dot:visible");
    await expect(dots.first()).toBeVisible();
    for (const dot of await dots.all()) {
      const box = (await dot.boundingBox())!;
      expect(Math.round(Math.min(box.width, box.height))).toBeGreaterThanOrEqual(44);
    }
  });

  test("the map's markers: 44 px for the listed dealers, 24 px for the others", async ({ page }, testInfo) => {
    // Before a search every dealer is an unlisted marker.
    await open(page, testInfo, "/au/dealer-locator");
    const other = (await page.locator("a.static-map__marker--other").first().boundingBox())!;
    expect(Math.round(Math.min(other.width, other.height))).toBeGreaterThanOrEqual(24);
    await open(page, testInfo, "/au/dealer-locator?q=3121");
    const listed = page.locator("a.static-map__marker--listed");
    expect(await listed.count()).toBeGreaterThan(3);
    for (const marker of (await listed.all()).slice(0, 5)) {
      const box = (await marker.boundingBox())!;
      expect(Math.round(Math.min(box.width, box.height))).toBeGreaterThanOrEqual(44);
    }
  });
});

test.describe("the repayment calculator where the menu and home say there is one", () => {
  test("/au/finance#calculator: choose a model, see its repayments, change the deposit", async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au");
    // The menu's 'Repayment calculator' and home's 'Estimate your repayments' go to the block's anchor.
    await expect(page.locator('a[href="/au/finance#calculator"]').first()).toBeAttached();
    await open(page, testInfo, "/au/finance#calculator");
    const block = page.locator("#calculator");
    await expect(block).toHaveClass(/finance-calculator/);
    await expect(block).toBeInViewport();
    const select = block.getByLabel("Choose your model");
    await select.selectOption({ label: "Tarrak GX" });
    if (jsDisabled(testInfo)) await block.getByRole("button", { name: "Show repayments" }).click();
    await page.waitForURL((url) => url.searchParams.get("model") === "tarrak/gx" && url.hash === "#calculator");
    await expect(block.getByRole("heading", { name: "Calculate your loan repayments for your Tarrak" })).toBeVisible();
    const repayment = block.locator('[data-figure="repayment"]');
    await expect(repayment).toHaveText(/^\$[\d,]+\.\d\d (weekly|fortnightly|monthly)$/);
    const before = (await repayment.textContent()) ?? "";

    const deposit = block.getByLabel("Deposit");
    await deposit.fill("9000");
    if (jsDisabled(testInfo)) {
      await block.getByRole("button", { name: "Calculate" }).click();
      await page.waitForURL((url) => url.searchParams.get("deposit") === "9000" && url.hash === "#calculator");
      await expect(block.getByLabel("Deposit")).toHaveValue("9000");
    }
    await expect(repayment).not.toHaveText(before);
    await expect(repayment).toHaveText(/^\$[\d,]+\.\d\d (weekly|fortnightly|monthly)$/);
    await expect(block.getByLabel("Choose your model")).toHaveValue("tarrak/gx");
    expect(errors).toEqual([]);
  });
});

test.describe("the menu button's label", () => {
  test("reads 'Menu' while closed and the content's 'Close' while open", async ({ page }, testInfo) => {
    await open(page, testInfo, "/au");
    const label = page.locator(".menu-button .menu-button__label:visible");
    await expect(label).toHaveText("Menu");
    await page.locator(".menu-button").click();
    await expect(page.locator("#mega-menu-panel")).toBeVisible();
    await expect(label).toHaveText("Close");
    if (!jsDisabled(testInfo)) await expect(page.locator("button.menu-button")).toHaveAccessibleName("Close");
    await page.locator(".menu-button").click();
    await expect(page.locator("#mega-menu-panel")).toBeHidden();
    await expect(label).toHaveText("Menu");
  });
});

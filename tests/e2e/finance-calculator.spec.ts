import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { collectPageErrors, jsDisabled, waitForHydration } from "./helpers";

/**
 * The configurator's finance calculator (spec transactional.md §2 "Finance calculator modal",
 * §4, §5, §9; issue 25 items 1, 2, 3 and the calculator's part of 16).
 */

/** The buyer type checked in the pricing modal's form ("true": ABN). */
function buyerTypeInPricingModal(page: Page) {
  return page.locator('input[name="isABN"]:checked');
}

async function withBuyer(context: BrowserContext, baseURL: string | undefined, isABN: "true" | "false") {
  const url = baseURL ?? "http://localhost:3200";
  await context.addCookies([
    { name: "consent", value: "1", url },
    { name: "auState", value: "VIC", url },
    { name: "isABN", value: isABN, url },
  ]);
}

async function open(page: Page, testInfo: TestInfo, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
}

const calculatorDialog = (page: Page) => page.getByRole("dialog", { name: "Calculate your loan repayments for your Tarrak" });
const priceLocation = (page: Page) => page.locator(".configurator__price .configurator__price-location");

async function openCalculator(page: Page) {
  await page.getByRole("link", { name: "View finance calculator" }).click();
  const dialog = calculatorDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-figure="repayment"]')).toHaveText(/^\$[\d,]+\.\d\d (weekly|fortnightly|monthly)$/);
  return dialog;
}

test.describe("finance calculator", () => {
  test("keeps every key and the focus while quotes load; the results show the loading state", async ({ page, context, baseURL }, testInfo) => {
    test.skip(jsDisabled(testInfo), "typing with a debounced quote needs JavaScript");
    test.setTimeout(60_000);
    await withBuyer(context, baseURL, "false");
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/config/tarrak");
    const dialog = await openCalculator(page);
    const deposit = dialog.getByLabel("Deposit");
    const balloon = dialog.getByLabel("Balloon payment");
    const result = dialog.locator(".calculator__result");

    // Hold the quotes while typing, so the loading state is on screen for the checks.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/angleGenericQuote/", async (route) => {
      await held;
      await route.continue().catch(() => undefined); // an aborted (superseded) request
    });

    // An ordinary pace: one key every 350 ms, slower than the 300 ms debounce.
    await deposit.click();
    await page.keyboard.type("12000", { delay: 350 });
    await expect(deposit).toHaveValue("12000");
    await expect(deposit).toBeFocused();
    await expect(deposit).toBeEnabled();
    await expect(result).toHaveAttribute("aria-busy", "true");
    // The last repayment stays, marked as updating: never a blank between two quotes.
    const repayment = dialog.locator('[data-figure="repayment"]');
    await expect(repayment).toHaveAttribute("data-updating", "");
    await expect(repayment.locator(".calculator__figure")).toHaveText(/^\$[\d,]+\.\d\d weekly$/);
    await expect(repayment.locator(".calculator__updating")).toHaveText("Calculating…");
    release();
    await expect(result).toHaveAttribute("aria-busy", "false");
    await expect(dialog.locator('[data-figure="repayment"]')).toHaveText(/^\$[\d,]+\.\d\d weekly$/);
    await expect(deposit).toHaveValue("12000");
    await expect(deposit).toBeFocused();
    await page.unroute("**/api/angleGenericQuote/");

    await balloon.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("25", { delay: 350 });
    await expect(balloon).toHaveValue("25");
    await expect(balloon).toBeFocused();
    await expect(dialog.locator(".calculator__balloon-amount")).toHaveText("$13,247.50");
    await expect(result).toHaveAttribute("aria-busy", "false");
    await expect(balloon).toBeFocused();

    // Leading zeros are stripped in the field itself.
    await deposit.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("007", { delay: 350 });
    await expect(deposit).toHaveValue("7");
    await balloon.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("010", { delay: 350 });
    await expect(balloon).toHaveValue("10");
    await expect(balloon).toBeFocused();
    await expect(dialog.locator(".calculator__balloon-amount")).toHaveText("$5,299.00");
    expect(errors).toEqual([]);
  });

  test("the price-location link, the price and the default frequency agree after every change of Primary vehicle use", async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    await withBuyer(context, baseURL, "false");
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/config/tarrak");
    await expect(priceLocation(page)).toHaveText(/Victoria \| Private$/);
    const dialog = await openCalculator(page);
    // A real submit control, with JavaScript too (a form needs one; there it skips the debounce).
    const calculate = dialog.getByRole("button", { name: "Calculate" });
    await expect(calculate).toBeVisible();
    await expect(calculate).toHaveAttribute("type", "submit");

    // Individual: Weekly by default; choose Fortnightly.
    await expect(dialog.getByLabel("Driveaway price")).toHaveValue("$52,990");
    await dialog.getByRole("button", { name: "Fortnightly" }).click();
    await expect(dialog.locator('[data-figure="repayment"]')).toHaveText(/fortnightly$/);

    // Individual → Business: the ABN price, the link names ABN, Monthly only.
    await dialog.getByLabel("Business").check();
    await calculate.click();
    await expect(dialog.getByLabel("Business")).toBeChecked();
    await expect(dialog.getByLabel("Driveaway price")).toHaveValue("$50,490");
    await expect(page.locator('.configurator__price [data-price="total"]')).toHaveText("$50,490");
    await expect(priceLocation(page)).toHaveText(/Victoria \| ABN$/);
    // The shell's pricing form (server-rendered; kept as it is until it opens with JavaScript).
    if (jsDisabled(testInfo)) await expect(buyerTypeInPricingModal(page)).toHaveValue("true");
    await expect(dialog.locator(".calculator__frequency-button")).toHaveText(["Monthly"]);
    await expect(dialog.locator('[data-figure="repayment"]')).toHaveText(/monthly$/);

    // Business → Individual: the private price, the link names Private, Weekly again (not the
    // Monthly the Calculate button carried for Business).
    await dialog.getByLabel("Individual").check();
    await calculate.click();
    await expect(dialog.getByLabel("Individual")).toBeChecked();
    await expect(dialog.getByLabel("Driveaway price")).toHaveValue("$52,990");
    await expect(page.locator('.configurator__price [data-price="total"]')).toHaveText("$52,990");
    await expect(priceLocation(page)).toHaveText(/Victoria \| Private$/);
    if (jsDisabled(testInfo)) await expect(buyerTypeInPricingModal(page)).toHaveValue("false");
    await expect(dialog.locator(".calculator__frequency-button")).toHaveText(["Weekly", "Fortnightly", "Monthly"]);
    await expect(dialog.getByRole("button", { name: "Weekly" })).toHaveAttribute("aria-pressed", "true");
    await expect(dialog.locator('[data-figure="repayment"]')).toHaveText(/weekly$/);
    await expect(dialog.locator('[data-figure="comparison"]')).toHaveText(/% p\.a\.$/);
    expect(errors).toEqual([]);
  });

  test("is offered only for a model with an nvicCode and a valid driveaway price", async ({ page, context, baseURL }, testInfo) => {
    await withBuyer(context, baseURL, "false");
    const errors = collectPageErrors(page);
    // Fixture: Kordan Outback Pro (AU) has nvicCode K66388 and no valid price ("000", "", state prices "0" and "").
    await open(page, testInfo, "/au/config/kordan?model=Outback%20Pro");
    await expect(page.locator(".configurator__price-model")).toHaveText("Kordan Outback Pro");
    await expect(page.locator('.configurator__price [data-price="total"]')).toHaveText("Contact your Dealer for Pricing");
    await expect(page.getByRole("link", { name: "View finance calculator" })).toHaveCount(0);
    // Nor from the no-JS calculator address.
    await open(page, testInfo, "/au/config/kordan?model=Outback%20Pro&calculator=1&term=60&use=Individual");
    await expect(page.locator(".calculator-modal")).toHaveCount(0);
    await expect(page.getByText("Sorry, we've encountered an error processing your request.")).toHaveCount(0);
    // The same line's model with a price offers it.
    await open(page, testInfo, "/au/config/kordan?model=SR");
    await expect(page.locator('.configurator__price [data-price="total"]')).toHaveText(/^\$[\d,]+$/);
    await expect(page.getByRole("link", { name: "View finance calculator" })).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});

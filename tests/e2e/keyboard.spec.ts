import path from "node:path";
import { expect, test, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { collectPageErrors, jsDisabled, waitForHydration } from "./helpers";

/**
 * The five buyer tasks done with the keyboard alone: after page.goto, only page.keyboard (Tab,
 * Shift+Tab, Enter, Space, arrows, typing). Each step checks where focus is and what the visitor
 * then sees. With JavaScript off a choice is a document load; the keys pressed are the same.
 */

const POSTCODE = { au: "3121", nz: "1010" } as const;
/** The PMA dealer of each postcode, chosen for the visitor once the postcode is known. */
const NEAREST = { au: "AU-VIC-001", nz: "NZ-AKL-001" } as const;

async function withCookies(context: BrowserContext, baseURL: string | undefined, extra: Record<string, string> = {}) {
  const url = baseURL ?? "http://localhost:3200";
  // Consent given up front: the cookie banner is not what these journeys are about.
  const cookies = { consent: "1", ...extra };
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url })));
}

async function open(page: Page, testInfo: TestInfo, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
}

/** What has focus, for a failure message: tag, id or class, and the first words of its name. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "the page body";
    const name = el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? "";
    const id = el.id ? `#${el.id}` : el.classList.length ? `.${el.classList[0]}` : "";
    return `<${el.tagName.toLowerCase()}${id}> "${name.replace(/\s+/g, " ").trim().slice(0, 60)}"`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus and returns the number of presses, so a
 * journey does not depend on how many controls come before the one it wants. Fails, saying where
 * focus is, after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}): Promise<number> {
  const key = backwards ? "Shift+Tab" : "Tab";
  // The target must be on the page (after a navigation, once it has rendered) before counting.
  await expect(target, `${target} should be on the page to be reached by ${key}`).toHaveCount(1);
  const focused = target.and(page.locator(":focus"));
  for (let presses = 0; ; presses++) {
    if ((await focused.count()) === 1) return presses;
    if (presses === max) break;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} pressed ${max} times without reaching ${target}; focus is on ${await describeFocus(page)}`);
}

/**
 * Waits for the document a key press loaded (JavaScript off) to finish loading, once a check has
 * shown it is the new one: the browser puts the Tab starting point at the URL's fragment only as
 * it finishes, and a Tab pressed before then starts from the top of the page. With JavaScript the
 * page was loaded long before, and this returns at once.
 */
async function loaded(page: Page) {
  await page.waitForLoadState("load");
}

/** Focus is on the element or inside it. */
async function expectFocusWithin(page: Page, container: Locator) {
  await expect(container.and(page.locator(":focus")).or(container.locator(":focus"))).toHaveCount(1);
}

/** The payload of the lead stored with this email, from the e2e server's store (playwright.config.ts). */
function storedLead(email: string): Record<string, unknown> {
  const db = new Database(path.resolve(".cache", `e2e-leads-${process.env.E2E_PORT ?? 3200}.db`), { readonly: true });
  try {
    const rows = db.prepare("SELECT payload FROM leads ORDER BY created_at DESC").all() as { payload: string }[];
    const found = rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>).find((p) => p.Email === email);
    if (!found) throw new Error(`no lead stored for ${email}`);
    return found;
  } finally {
    db.close();
  }
}

const configPanel = (page: Page) => page.locator(".configurator__panel");
const configTotal = (page: Page) => page.locator('.configurator__price [data-price="total"]');
const choice = (page: Page, name: string) => configPanel(page).locator(`a[data-choice="${name}"]`);

test.describe("keyboard journeys", () => {
  test("price a model for a state: the pricing modal re-prices the Tarrak for NSW, private buyer (au)", async ({ page, context, baseURL }, testInfo) => {
    await withCookies(context, baseURL, { auState: "VIC", isABN: "true" });
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/models/suv/tarrak");
    const price = page.locator(".range-tabs__panel [data-price]");
    const link = page.locator(".range-tabs__panel a[data-price-location]");
    await expect(price).toHaveText("$50,490");

    await tabTo(page, link);
    await expect(link).toContainText("Victoria | ABN");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Configure your pricing" });
    await expect(dialog).toBeVisible();
    // Opened, focus is in the dialog (its close control with JavaScript, the dialog itself as the
    // anchor's target without), so the next Tab stays in it.
    await expectFocusWithin(page, dialog);

    const state = dialog.getByLabel("Select your state");
    await tabTo(page, state, { max: 5 });
    // Type-ahead on a closed select picks the matching option.
    await page.keyboard.type("New");
    await expect(state).toHaveValue("NSW");
    await page.keyboard.press("Tab");
    const abn = dialog.getByRole("radio", { name: "ABN" });
    const privateBuyer = dialog.getByRole("radio", { name: "Private" });
    await expect(abn).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(privateBuyer).toBeFocused();
    await expect(privateBuyer).toBeChecked();
    if (!jsDisabled(testInfo)) await expect(price).toHaveText("$53,280"); // applied at once, behind the modal

    const view = dialog.getByRole("button", { name: "View vehicle" });
    await page.keyboard.press("Tab");
    await expect(view).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(price).toHaveText("$53,280");
    await expect(link).toContainText("New South Wales | Private");
    // With JavaScript the modal gives focus back to the link that opened it.
    if (!jsDisabled(testInfo)) await expect(link).toBeFocused();
    expect(errors).toEqual([]);
  });

  const BUILDS = {
    au: { line: "tarrak", variant: "GXL", variantTotal: "$59,990", colour: "Coastal Blue", colourTotal: "$60,680", start: "$52,990" },
    nz: { line: "mirra", variant: "GT", variantTotal: "$35,990", colour: "Volcanic Red", colourTotal: "$36,540", start: "$29,990" },
  } as const;
  for (const country of ["au", "nz"] as const) {
    const build = BUILDS[country];
    test(`configure a build: a variant and a colour chosen with Enter update the build and the price (${country})`, async ({ page, context, baseURL }, testInfo) => {
      await withCookies(context, baseURL, { auState: "VIC", isABN: "false" });
      const errors = collectPageErrors(page);
      await open(page, testInfo, `/${country}/config/${build.line}`);
      await expect(configTotal(page)).toHaveText(build.start);

      await tabTo(page, choice(page, build.variant));
      await page.keyboard.press("Enter");
      await expect(choice(page, build.variant)).toHaveAttribute("aria-current", "true");
      await expect(configTotal(page)).toHaveText(build.variantTotal);
      await expect(page.locator(".configurator__model")).toHaveText(`${build.line === "tarrak" ? "Tarrak" : "Mirra"} ${build.variant}`);
      await loaded(page);
      // The chosen control keeps focus through the update; without JavaScript the new document
      // starts the Tab order at the step chosen in (its fragment), not at the top of the page.
      if (!jsDisabled(testInfo)) await expect(choice(page, build.variant)).toBeFocused();

      await tabTo(page, choice(page, build.colour), { max: 20 });
      await page.keyboard.press("Enter");
      await expect(choice(page, build.colour)).toHaveAttribute("aria-current", "true");
      await expect(configTotal(page)).toHaveText(build.colourTotal);
      await expect(page.locator(".build-carousel img").first()).toHaveAttribute("alt", new RegExp(build.colour));
      await loaded(page);
      if (!jsDisabled(testInfo)) await expect(choice(page, build.colour)).toBeFocused();

      // The summary step lists the build at the same price.
      const summaryStep = page.getByRole("navigation", { name: "Configurator steps" }).getByRole("link", { name: "Summary" });
      await tabTo(page, summaryStep, { backwards: true });
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 2, name: "Summary" })).toBeVisible();
      await expect(page.locator(".config-summary__table")).toContainText(build.colour);
      await expect(page.locator("[data-summary-total]")).toHaveText(build.colourTotal);
      expect(errors).toEqual([]);
    });
  }

  test("estimate finance: deposit, term and frequency changed by keyboard give the repayment (au)", async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    await withCookies(context, baseURL, { auState: "VIC", isABN: "false" });
    const errors = collectPageErrors(page);
    const js = !jsDisabled(testInfo);
    await open(page, testInfo, "/au/config/tarrak");
    const opener = page.getByRole("link", { name: "View finance calculator" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Calculate your loan repayments for your Tarrak" });
    await expect(dialog).toBeVisible();
    await expectFocusWithin(page, dialog);
    const repayment = dialog.locator('[data-figure="repayment"]');
    await expect(repayment).toHaveText("$255.09 weekly");

    const deposit = dialog.getByLabel("Deposit");
    await tabTo(page, deposit, { max: 10 });
    await page.keyboard.type("10000");
    const term = dialog.getByLabel("Loan term");
    await page.keyboard.press("Tab");
    await expect(term).toBeFocused();
    // A closed select steps to the next option with the arrow key: 5 years to 6.
    await page.keyboard.press("ArrowDown");
    await expect(term).toHaveValue("72");
    // With JavaScript the quote follows each change; Calculate (a real submit) works in both.
    const calculate = dialog.getByRole("button", { name: "Calculate" });
    await tabTo(page, calculate, { max: 5 });
    await page.keyboard.press("Enter");
    await expect(repayment).toHaveText("$180.03 weekly");
    await expect(dialog.getByLabel("Deposit")).toHaveValue("10000");
    await expect(dialog.getByLabel("Loan term")).toHaveValue("72");
    await expect(dialog.locator('[data-figure="rate"]')).toHaveText("8.99% p.a.");
    await loaded(page);
    if (js) await expect(calculate).toBeFocused();

    // Space presses a button: Fortnightly.
    const fortnightly = dialog.getByRole("button", { name: "Fortnightly" });
    await tabTo(page, fortnightly, { max: 20 });
    await page.keyboard.press("Space");
    await expect(repayment).toHaveText("$360.29 fortnightly");
    if (js) {
      await expect(dialog.getByRole("button", { name: "Fortnightly" })).toBeFocused();
      await expect(dialog.getByRole("button", { name: "Fortnightly" })).toHaveAttribute("aria-pressed", "true");
      // Focus stays in the dialog both ways round: Shift+Tab from its first control goes to its last.
      const close = dialog.getByRole("button", { name: "Close" });
      await tabTo(page, close, { max: 20 });
      await page.keyboard.press("Shift+Tab");
      await expect(dialog.getByText("About business use", { exact: true })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(close).toBeFocused();
      // Escape closes it and focus goes back to the link that opened it.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
    expect(errors).toEqual([]);
  });

  for (const country of ["au", "nz"] as const) {
    test(`book a test drive with the build: from the summary to the form, filled and sent by keyboard (${country})`, async ({ page, context, baseURL }, testInfo) => {
      test.setTimeout(60_000);
      await withCookies(context, baseURL, { auState: "NSW", isABN: "false" });
      const errors = collectPageErrors(page);
      const js = !jsDisabled(testInfo);
      await open(page, testInfo, `/${country}/config/tarrak?variant=summit&colour=red-centre&trim=saddle-tan-nappa&acc=floor-mats`);
      const summaryStep = page.getByRole("navigation", { name: "Configurator steps" }).getByRole("link", { name: "Summary" });
      await tabTo(page, summaryStep);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 2, name: "Summary" })).toBeVisible();
      await loaded(page);
      if (js) await expect(summaryStep).toBeFocused();

      const book = page.getByRole("link", { name: "Book a Test Drive", exact: true });
      await tabTo(page, book, { max: 15 });
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${country}/test-drive\\?model=Tarrak&build=`));
      await waitForHydration(page, testInfo);

      const form = page.locator("form#form-test-drive");
      await expect(form.getByLabel("Model")).toHaveValue("tarrak");
      await expect(form.locator(".form-build__summary")).toHaveText("Summary: Tarrak Summit, Red Centre, Saddle Tan Nappa, 1 accessory");

      const stamp = `${testInfo.project.name}.${country}.${Date.now()}`;
      const email = `keys.${stamp}@example.com`;
      await tabTo(page, form.getByLabel("First name"));
      await page.keyboard.type("Kay");
      for (const [label, value] of [
        ["Last name", "Board"],
        ["Mobile number", "0412345678"],
        ["Email", email],
        ["Postcode", POSTCODE[country]],
      ]) {
        await page.keyboard.press("Tab");
        await expect(form.getByLabel(label)).toBeFocused();
        await page.keyboard.type(value);
      }
      const dealer = form.getByLabel("Preferred dealership");
      if (js) {
        // A complete postcode looks its dealers up as it is typed: the nearest is chosen, and the
        // dealer select comes next in the Tab order.
        await expect(dealer).toHaveValue(NEAREST[country]);
        await page.keyboard.press("Tab");
        await expect(dealer).toBeFocused();
      } else {
        const find = form.getByRole("button", { name: "Find dealers near my postcode" });
        await page.keyboard.press("Tab");
        await expect(find).toBeFocused();
        await page.keyboard.press("Enter");
        // The answer opens at the dealer field: the next Tab is the dealer select.
        await expect(page).toHaveURL(/#form-test-drive-dealer$/);
        await loaded(page);
        await page.keyboard.press("Tab");
        await expect(dealer).toBeFocused();
      }
      await expect(dealer).toHaveValue(NEAREST[country]);
      // Still the build after the no-JS round trip.
      await expect(form.locator(".form-build__summary")).toContainText("Tarrak Summit, Red Centre");

      const submit = form.getByRole("button", { name: "Book test drive" });
      await tabTo(page, submit, { max: 10 });
      await page.keyboard.press("Enter");
      if (js) {
        const thanks = page.getByRole("dialog", { name: "Thank you" });
        await expect(thanks).toBeVisible();
        await expectFocusWithin(page, thanks);
      } else {
        await expect(page).toHaveURL(new RegExp(`/${country}/test-drive\\?submitted=test-drive`));
        await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
      }
      await expect(page.getByText("Thanks for booking a test drive.")).toBeVisible();

      // The lead carries the build.
      const lead = storedLead(email);
      expect(lead).toMatchObject({ form_id: "test-drive", vehicle_interested_in: "tarrak", dealer_code: NEAREST[country], first_name: "Kay" });
      expect(String(lead.build_url)).toMatch(new RegExp(`/${country}/config/tarrak\\?variant=summit&.*colour=red-centre&trim=saddle-tan-nappa&acc=floor-mats`));
      expect(lead.build_summary as string[]).toContain("Colour: Red Centre (+ $990)");
      expect(errors).toEqual([]);
    });
  }

  const SEARCHES = {
    au: { query: "3121", heading: "Dealers near Richmond, VIC 3121", first: "Kestrel Richmond", all: "All Kestrel dealers in Australia" },
    nz: { query: "Hamilton", heading: /^Dealers near Hamilton/, first: "Kestrel Hamilton", all: "All Kestrel dealers in New Zealand" },
  } as const;
  for (const country of ["au", "nz"] as const) {
    const search = SEARCHES[country];
    test(`find a dealer: type a place, submit with Enter, open the nearest dealer and its hours (${country})`, async ({ page, context, baseURL }, testInfo) => {
      await withCookies(context, baseURL);
      const errors = collectPageErrors(page);
      await open(page, testInfo, `/${country}/dealer-locator`);
      const locator = page.locator("section.store-locator");
      const box = page.getByLabel("Suburb, town or postcode");
      await tabTo(page, box);
      await page.keyboard.type(search.query);
      // Enter sends what was typed (with JavaScript, no suggestion has been picked with the arrows).
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`\\?q=${search.query}#dealer-results$`));
      await expect(locator.getByRole("heading", { level: 2, name: search.heading })).toBeVisible();
      // The results are a new document, with or without JavaScript, opened at the results: the
      // keyboard starts there.

      const card = locator.locator("article.dealer-card").first();
      await expect(card.getByRole("heading", { name: search.first })).toBeVisible();
      await tabTo(page, card.getByRole("link", { name: search.first, exact: true }));
      await page.keyboard.press("Enter");
      const selected = locator.locator("article.dealer-card--selected");
      await expect(selected.getByRole("heading", { level: 2, name: search.first })).toBeVisible();
      await expect(locator.locator("article.dealer-card")).toHaveCount(1);
      await loaded(page);
      // The dealer's page opens at its card (the link's fragment): the next Tab is in its details.
      await page.keyboard.press("Tab");
      await expect(selected.getByRole("link", { name: "Get Directions" })).toBeFocused();

      const more = selected.getByText("More Info", { exact: true });
      await tabTo(page, more, { max: 3 });
      await page.keyboard.press("Enter");
      await expect(selected.locator(".dealer-hours")).toBeVisible();
      await expect(selected.locator(".dealer-hours th")).toHaveText(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);

      // Back to the search: a new document, the search box empty for another place.
      await tabTo(page, locator.getByRole("button", { name: "Back" }), { backwards: true, max: 10 });
      await page.keyboard.press("Enter");
      await expect(locator.getByRole("heading", { level: 2, name: search.all })).toBeVisible();
      await expect(box).toHaveValue("");
      expect(errors).toEqual([]);
    });
  }
});

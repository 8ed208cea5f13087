import path from "node:path";
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { COUNTRIES, collectPageErrors, expectNoAxeViolations, jsDisabled, markDocument, waitForHydration } from "./helpers";

const POSTCODE = { au: "3121", nz: "1010" } as const;

/** The payload of the lead stored with this email, from the e2e server's store (playwright.config.ts). */
function storedLead(email: string): Record<string, unknown> {
  const db = new Database(path.resolve(".cache", `e2e-leads-${process.env.E2E_PORT ?? 3200}.db`), { readonly: true });
  try {
    const rows = db.prepare("SELECT payload FROM leads ORDER BY created_at DESC").all() as { payload: string }[];
    const payloads = rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>);
    const found = payloads.find((p) => p.Email === email);
    if (!found) throw new Error(`no lead stored for ${email}`);
    return found;
  } finally {
    db.close();
  }
}

async function withCookies(context: BrowserContext, baseURL: string | undefined, extra: Record<string, string> = {}) {
  const url = baseURL ?? "http://localhost:3200";
  await context.addCookies([{ name: "consent", value: "1", url }, ...Object.entries(extra).map(([name, value]) => ({ name, value, url }))]);
}

async function open(page: Page, testInfo: TestInfo, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
}

const panel = (page: Page) => page.locator(".configurator__panel");
const total = (page: Page) => page.locator('.configurator__price [data-price="total"]');

/** Chooses by the visible name; a link with JavaScript off, a client-side navigation with it on. */
async function choose(page: Page, name: string) {
  const link = panel(page).locator(`a[data-choice="${name}"]`);
  await link.click();
  await expect(panel(page).locator(`a[data-choice="${name}"]`)).toHaveAttribute("aria-current", "true");
}

async function step(page: Page, label: string) {
  await page.getByRole("navigation", { name: "Configurator steps" }).getByRole("link", { name: label }).click();
  await expect(page.getByRole("heading", { level: 2, name: label })).toBeVisible();
}

async function summaryRows(page: Page): Promise<string[]> {
  return page.locator(".config-summary__table tr").allInnerTexts();
}

test("the configurator is an island: no client router, choices and steps change the address in place", async ({ page, context, baseURL }, testInfo) => {
  test.skip(jsDisabled(testInfo), "without JavaScript every choice is a new document");
  await withCookies(context, baseURL, { auState: "VIC", isABN: "true" });
  const errors = collectPageErrors(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname);
  });
  await open(page, testInfo, "/au/config/tarrak");
  await expect(page.locator('[data-island="configurator"]')).toHaveAttribute("data-island-ready", "");
  // The site's header waits for the visitor; the page runs no Remix in the browser.
  await expect(page.locator('[data-island="site-header"]')).not.toHaveAttribute("data-island-ready");
  expect(await page.evaluate(() => "__remixContext" in window || "__remixRouter" in window)).toBe(false);
  await markDocument(page);
  const before = await total(page).textContent();
  await choose(page, "Summit");
  await expect(total(page)).not.toHaveText(before ?? "");
  await expect(page).toHaveURL(/variant=summit/);
  await step(page, "Summary");
  await expect(page).toHaveURL(/tab=summary/);
  // The same document throughout: one navigation, the first.
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__e2eDocumentMark === true)).toBe(true);
  expect(documents).toEqual(["/au/config/tarrak"]);
  expect(errors).toEqual([]);
});

test.describe("configurator", () => {
  test("au: builds a Tarrak, shares the build URL and reopens the same summary and price", async ({ page, context, baseURL, browser }, testInfo) => {
    test.setTimeout(120_000);
    await withCookies(context, baseURL, { auState: "VIC", isABN: "true" });
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/config/tarrak?model=GXL");
    await expect(page.getByRole("heading", { level: 1, name: "Tarrak" })).toBeVisible();
    await expect(panel(page).locator('a[data-choice="GXL"]')).toHaveAttribute("aria-current", "true");
    for (const heading of ["Choose your variant", "Choose your engine type", "Choose your transmission", "Choose your drivetrain", "Choose your wheels", "Choose your colour"]) {
      await expect(panel(page).getByRole("heading", { level: 3, name: heading })).toBeVisible();
    }
    await expect(panel(page).getByRole("heading", { name: "Choose your motor" })).toHaveCount(0);
    await expect(page).toHaveURL(/\?variant=gxl&engine=/); // ?model= redirected
    await expect(total(page)).toHaveText("$57,190");

    await choose(page, "2.8L twin-turbo diesel");
    await expect(total(page)).toHaveText("$60,690");
    await choose(page, "Red Centre");
    await expect(page.locator(".build-carousel img").first()).toHaveAttribute("alt", /Red Centre/);
    await step(page, "Interior");
    await expect(panel(page).getByRole("heading", { level: 3, name: "Choose your interior" })).toBeVisible();
    // Ebony Leather-accented is not offered in Red Centre.
    await expect(panel(page).locator("a[data-choice]")).toHaveText([/Charcoal Cloth/]);
    await step(page, "Specs");
    await choose(page, "Coastal Blue");
    await step(page, "Interior");
    await choose(page, "Ebony Leather-accented");
    await expect(total(page)).toHaveText("$62,880");

    await step(page, "Accessories");
    await expect(panel(page).getByRole("heading", { name: "Available accessories" })).toBeVisible();
    await expect(panel(page).getByText("Talk to your dealer about accessories.")).toBeVisible();
    await expect(panel(page).locator(".config-choice--accessory")).toHaveCount(6);
    await panel(page).getByRole("link", { name: "Load more" }).click();
    await expect(panel(page).locator(".config-choice--accessory")).toHaveCount(13);
    await panel(page).getByRole("link", { name: "Towing", exact: true }).click();
    await expect(panel(page).locator(".config-choice--accessory")).toHaveCount(1);
    await expect(panel(page).locator(".config-choice--accessory")).toContainText("$1,419.00 Fitted RRP");
    await choose(page, "Heavy-duty tow bar kit");
    await expect(total(page)).toHaveText("$64,299");

    await step(page, "Summary");
    const rows = await summaryRows(page);
    expect(rows.join("\n")).toContain("Heavy-duty tow bar kit");
    await expect(page.locator("[data-summary-total]")).toHaveText("$64,299");
    await expect(page.getByRole("link", { name: "Book a Test Drive", exact: true })).toHaveAttribute(
      "href",
      `/au/test-drive?model=Tarrak&build=${encodeURIComponent(`/au/config/tarrak${new URL(page.url()).search.replace("&tab=summary", "")}`)}`,
    );
    await expect(page.getByRole("link", { name: "Find a Dealer", exact: true })).toHaveAttribute("href", "/au/dealer-locator");
    await expectNoAxeViolations(page, testInfo);

    // The address bar is the build: reloading shows the same build.
    const buildUrl = page.url();
    await page.reload();
    await waitForHydration(page, testInfo);
    expect(await summaryRows(page)).toEqual(rows);

    // A shared link carries the state and buyer type: another visitor (NSW, private) sees the same price.
    const shared = new URL(buildUrl);
    shared.searchParams.set("state", "VIC");
    shared.searchParams.set("buyer", "abn");
    const other = await browser.newContext({ javaScriptEnabled: !jsDisabled(testInfo) });
    await withCookies(other, baseURL, { auState: "NSW", isABN: "false" });
    const second = await other.newPage();
    await second.goto(shared.toString());
    await waitForHydration(second, testInfo);
    // Without JavaScript the step link carries the fragment of the step's content.
    await expect(second).toHaveURL(new RegExp(`${new URL(buildUrl).search.replace(/[?+]/g, "\\$&")}(#configurator-step)?$`));
    await expect(second.locator("[data-summary-total]")).toHaveText("$64,299");
    expect(await summaryRows(second)).toEqual(rows);
    await other.close();
    expect(errors).toEqual([]);
  });

  test("nz: builds a Mirra with NZ wording and the no-interior message", async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    await withCookies(context, baseURL);
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/nz/config/mirra");
    await choose(page, "GT");
    await expect(total(page)).toHaveText("$35,990");
    await expect(page.locator(".configurator__price-wording")).toHaveText("RRP inc GST + ORC");
    await expect(panel(page).locator('a[data-choice="1.5L turbo-petrol"]')).toContainText("Clean car programme: No fee – neutral band");
    await expect(page.getByRole("link", { name: "View finance calculator" })).toHaveCount(0);
    await choose(page, "Volcanic Red");
    await step(page, "Accessories");
    await expect(page.getByLabel("Sort by")).toHaveCount(0);
    await expect(panel(page).locator(".config-choice--accessory").first()).toContainText("Contact your Dealer to confirm Pricing and Compatibility");
    await choose(page, "All-weather floor mats");
    await step(page, "Summary");
    await expect(page.locator("[data-summary-total]")).toHaveText("$36,540");
    const rows = await summaryRows(page);
    expect(rows.join("\n")).toMatch(/All-weather floor mats\s+Contact your Dealer to confirm Pricing and Compatibility/);
    await page.reload();
    await waitForHydration(page, testInfo);
    expect(await summaryRows(page)).toEqual(rows);

    await open(page, testInfo, "/nz/config/mirra?model=GT%20Sport&tab=interior");
    await expect(panel(page).locator(".config-interior__empty")).toHaveText(
      "Sorry, no interior options are available for the GT Sport variant in Snow White.Please try a different exterior colour, or contact your dealer for options.",
    );
    await expect(page.locator(".build-carousel__empty")).toHaveText("No interior images are available.");
    await open(page, testInfo, "/nz/config/kordan?colour=outback-orange");
    await expect(page.locator(".build-carousel__empty")).toHaveText("No images available for the selected colour.");
    await step(page, "Interior");
    await expect(panel(page).locator('a[data-choice="Hard-wearing Vinyl"]')).toHaveAttribute("aria-current", "true");
    await expect(page.locator(".build-carousel__empty")).toHaveText("No images are available for the selected interior.");
    expect((await page.goto("/nz/config/unknown"))?.status()).toBe(404);
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  test("au: the pricing modal sets the price; the finance calculator quotes the build, clamps the balloon and follows the entity type", async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    await withCookies(context, baseURL, { auState: "VIC", isABN: "false" });
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/config/mirra?model=GT");
    await expect(page.getByRole("link", { name: "View finance calculator" })).toHaveCount(0); // no nvicCode
    await open(page, testInfo, "/au/config/tarrak");
    // The shell's pricing modal (#configure-pricing) changes the configurator's price.
    await expect(total(page)).toHaveText("$52,990");
    await page.locator(".configurator__price").getByRole("link", { name: /Victoria \| Private/ }).click();
    const pricing = page.getByRole("dialog", { name: "Configure your pricing" });
    await pricing.getByLabel("Select your state").selectOption("NSW");
    await pricing.getByRole("button", { name: "View vehicle" }).click();
    await expect(total(page)).toHaveText("$53,280");
    await open(page, testInfo, "/au/config/tarrak");
    if (!jsDisabled(testInfo)) await expect(total(page)).toHaveText("$53,280"); // stored
    await page.context().addCookies([{ name: "auState", value: "VIC", url: page.url() }]);
    await open(page, testInfo, "/au/config/tarrak");
    await expect(total(page)).toHaveText("$52,990");
    await page.getByRole("link", { name: "View finance calculator" }).click();
    const dialog = page.getByRole("dialog", { name: "Calculate your loan repayments for your Tarrak" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Driveaway price")).toHaveValue("$52,990");
    await expect(dialog.getByLabel("Loan term")).toHaveValue("60");
    await expect(dialog.locator('[data-figure="repayment"]')).toHaveText(/^\$[\d,]+\.\d\d weekly$/);
    await expect(dialog.locator('[data-figure="rate"]')).toHaveText("8.99% p.a.");
    await expect(dialog.locator('[data-figure="comparison"]')).toHaveText(/% p\.a\.$/);

    await dialog.getByLabel("Balloon payment").fill("80");
    if (jsDisabled(testInfo)) await dialog.getByRole("button", { name: "Calculate" }).click();
    await expect(dialog.getByText("The maximum balloon amount for your loan term is 30%")).toBeVisible();
    await expect(dialog.getByLabel("Balloon payment")).toHaveValue("30");
    await expect(dialog.locator(".calculator__balloon-amount")).toHaveText("$15,897.00");

    await dialog.getByLabel("Business").check();
    if (jsDisabled(testInfo)) await dialog.getByRole("button", { name: "Calculate" }).click();
    await expect(dialog.locator(".calculator__frequency-button")).toHaveText(["Monthly"]);
    await expect(dialog.locator('[data-figure="repayment"]')).toHaveText(/monthly$/);
    await expect(dialog.locator('[data-figure="comparison"]')).toHaveCount(0);
    // Business sets the ABN flag: the price follows.
    await expect(dialog.getByLabel("Driveaway price")).toHaveValue("$50,490");
    await expect(dialog.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/au/finance/contact");
    await expect(dialog.getByText("Balloon Rate Table")).toBeVisible();
    expect(errors).toEqual([]);
  });
});

// ---- Issue 25: ?model= redirect (item 9); the build reaches the test-drive lead (item 13) --------

test.describe("configurator: ?model= and the build's hand-off to the test drive", () => {
  for (const country of COUNTRIES) {
    test(`?model= is answered with the build's canonical address, the query removed (${country})`, async ({ page, context, baseURL }, testInfo) => {
      await withCookies(context, baseURL);
      const response = await page.goto(`/${country}/config/tarrak?model=Summit&tab=summary`);
      expect(response?.status()).toBe(200);
      // The document itself was redirected (not a script replacing the address afterwards).
      expect(response?.request().redirectedFrom()?.url()).toContain("model=Summit");
      await waitForHydration(page, testInfo);
      expect(new URL(page.url()).searchParams.has("model")).toBe(false);
      await expect(page).toHaveURL(new RegExp(`/${country}/config/tarrak\\?variant=summit&engine=[^&]+&.*&tab=summary$`));
      await expect(page.locator(".configurator__model")).toHaveText("Tarrak Summit");
    });

    test(`Book a Test Drive carries the build: the form shows it, links back, and the lead stores it (${country})`, async ({ page, context, baseURL }, testInfo) => {
      test.setTimeout(90_000);
      await withCookies(context, baseURL, { auState: "NSW", isABN: "false" });
      const errors = collectPageErrors(page);
      await open(page, testInfo, `/${country}/config/tarrak?variant=summit&colour=red-centre&trim=saddle-tan-nappa&acc=floor-mats&acc=cargo-liner&tab=summary`);
      await page.getByRole("link", { name: "Book a Test Drive", exact: true }).click();
      await waitForHydration(page, testInfo);
      await expect(page).toHaveURL(new RegExp(`/${country}/test-drive\\?model=Tarrak&build=`));

      const form = page.locator("form#form-test-drive");
      await expect(form.getByLabel("Model")).toHaveValue("tarrak");
      await expect(form.locator(".form-build__summary")).toHaveText("Summary: Tarrak Summit, Red Centre, Saddle Tan Nappa, 2 accessories");
      const back = form.getByRole("link", { name: "Link to this build" });
      const backHref = await back.getAttribute("href");
      expect(backHref).toMatch(new RegExp(`^/${country}/config/tarrak\\?variant=summit&engine=.*&colour=red-centre&trim=saddle-tan-nappa&acc=floor-mats&acc=cargo-liner$`));
      await expectNoAxeViolations(page, testInfo);

      const stamp = `${testInfo.project.name}.${country}.${Date.now()}`;
      await form.getByLabel("First name").fill("Bea");
      await form.getByLabel("Last name").fill("Builder");
      await form.getByLabel("Mobile number").fill("0412345678");
      await form.getByLabel("Email").fill(`build.${stamp}@example.com`);
      await form.getByLabel("Postcode").fill(POSTCODE[country]);
      if (jsDisabled(testInfo)) await form.getByRole("button", { name: "Find dealers near my postcode" }).click();
      await expect(form.getByLabel("Preferred dealership")).not.toHaveValue("");
      // Still the build after the no-JS round trip.
      await expect(form.locator(".form-build__summary")).toContainText("Tarrak Summit, Red Centre");
      await form.getByRole("button", { name: "Book test drive" }).click();
      if (jsDisabled(testInfo)) await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
      else await expect(page.getByRole("dialog", { name: "Thank you" })).toBeVisible();

      const payload = storedLead(`build.${stamp}@example.com`);
      const origin = new URL(baseURL ?? "http://localhost:3200").origin;
      expect(payload.vehicle_interested_in).toBe("tarrak");
      expect(payload.build_url).toBe(`${origin}${backHref}${country === "au" ? "&state=NSW&buyer=private" : ""}`);
      const lines = payload.build_summary as string[];
      expect(lines[0]).toMatch(/^Variant: Tarrak Summit \(\$[\d,]+\)$/);
      expect(lines).toContain("Colour: Red Centre (+ $990)");
      expect(lines.filter((l) => l.startsWith("Accessory: "))).toHaveLength(2);
      expect(lines.at(-1)).toMatch(/^Total: \$[\d,]+$/);

      // The link back reopens the same build.
      await open(page, testInfo, backHref!);
      await expect(page.locator(".configurator__model")).toHaveText("Tarrak Summit");
      await step(page, "Summary");
      expect((await summaryRows(page)).join("\n")).toMatch(/Red Centre[\s\S]*Saddle Tan Nappa[\s\S]*All-weather floor mats[\s\S]*Moulded cargo liner/);
      expect(errors).toEqual([]);
    });
  }

  test("a tampered build parameter is ignored: the summary and link are rebuilt from the catalogue", async ({ page }, testInfo) => {
    const tampered = '/au/config/tarrak?variant=summit&colour="><script>window.hit=1</script>&acc=free-car';
    await open(page, testInfo, `/au/test-drive?build=${encodeURIComponent(tampered)}`);
    const form = page.locator("form#form-test-drive");
    await expect(form.getByLabel("Model")).toHaveValue("tarrak");
    await expect(form.locator(".form-build__summary")).toHaveText("Summary: Tarrak Summit, Glacier White, Charcoal Cloth");
    const href = await form.getByRole("link", { name: "Link to this build" }).getAttribute("href");
    expect(href).toMatch(/^\/au\/config\/tarrak\?variant=summit&engine=[a-z0-9-]+&/);
    // The summary, the link back and the posted value hold nothing of it (the page's own address
    // stays, escaped, in the form's action and the framework's state).
    expect(await page.locator(".form-build").innerHTML()).not.toMatch(/window\.hit|free-car|script/);
    // A build of another country is no build.
    await open(page, testInfo, `/au/test-drive?build=${encodeURIComponent("/nz/config/tarrak?variant=summit")}`);
    await expect(page.locator(".form-build")).toHaveCount(0);
  });
});

import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { collectPageErrors, expectNoAxeViolations, jsDisabled, waitForHydration } from "./helpers";

/** Consent given up front, so the cookie banner stays out of these tests. */
async function withConsent(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: "consent", value: "1", url: baseURL ?? "http://localhost:3200" }]);
}

async function open(page: Page, testInfo: TestInfo, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
}

const locator = (page: Page) => page.locator("section.store-locator");
const searchBox = (page: Page) => page.getByLabel("Suburb, town or postcode");
const cards = (page: Page) => locator(page).locator("article.dealer-card");
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Searches with the form: typing and pressing the Search button works with and without JavaScript. */
async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await locator(page).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(text).replace(/%20/g, "\\+")}#dealer-results$`));
}

/** The distances shown on the cards, in km. */
async function distances(page: Page): Promise<number[]> {
  const texts = await cards(page).locator(".dealer-card__distance").allTextContents();
  return texts.map((t) => Number(/([\d.]+) km/.exec(t)?.[1]));
}

test.describe("dealer locator", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsent(context, baseURL));

  test("au: postcode 3121 lists the nearest dealers with their distances, nearest first", async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/dealer-locator");
    await expect(locator(page).getByRole("heading", { level: 2, name: "All Kestrel dealers in Australia" })).toBeVisible();
    await search(page, "3121");
    await expect(locator(page).getByRole("heading", { level: 2, name: "Dealers near Richmond, VIC 3121" })).toBeVisible();
    await expect(cards(page).first().getByRole("heading", { name: "Kestrel Richmond" })).toBeVisible();
    await expect(cards(page).first().locator(".dealer-card__distance")).toHaveText("0.5 km away");
    const km = await distances(page);
    expect(km.length).toBeGreaterThan(5);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(km.every((d) => d < 100)).toBe(true);
    await expect(cards(page).filter({ hasText: "Ballarat" })).toHaveCount(0); // about 110 km away
    await expect(searchBox(page)).toHaveValue("3121");
    // The listed dealers' AutoDealer structured data, with opening hours.
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const dealers = jsonLd.map((t) => JSON.parse(t) as { "@type": string; name?: string; openingHoursSpecification?: unknown[] }).filter((n) => n["@type"] === "AutoDealer");
    expect(dealers.map((d) => d.name)).toContain("Kestrel Richmond");
    expect(dealers).toHaveLength(km.length);
    expect(dealers[0].openingHoursSpecification?.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("a postcode of fewer than 4 digits is read with leading zeros: 800 is Darwin's 0800, 110 Whangārei's 0110", async ({ page }, testInfo) => {
    await open(page, testInfo, "/au/dealer-locator");
    await search(page, "800");
    await expect(locator(page).getByRole("heading", { level: 2, name: /^Dealers near Darwin City, NT 0800/ })).toBeVisible();
    await expect(cards(page).first().getByRole("heading", { name: "Kestrel Darwin" })).toBeVisible();
    await open(page, testInfo, "/nz/dealer-locator");
    await search(page, "110");
    await expect(locator(page).getByRole("heading", { level: 2, name: /0110/ })).toBeVisible();
    await expect(cards(page).first().getByRole("heading", { name: "Kestrel Whangārei" })).toBeVisible();
  });

  test("nz: Hamilton lists Kestrel Hamilton first, then the other dealers under 100 km", async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/nz/dealer-locator");
    await search(page, "Hamilton");
    await expect(locator(page).getByRole("heading", { level: 2, name: /^Dealers near Hamilton/ })).toBeVisible();
    await expect(cards(page).first().getByRole("heading", { name: "Kestrel Hamilton" })).toBeVisible();
    const km = await distances(page);
    expect(km[0]).toBeLessThan(5);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(km.every((d) => d < 100)).toBe(true);
    await expect(cards(page).filter({ hasText: "VIC" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("selecting a dealer: More Info shows its hours Monday to Sunday, Book a Test Drive carries its code, Back clears", async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/dealer-locator?q=3121");
    await cards(page).nth(1).getByRole("link", { name: "Kestrel Essendon" }).click();
    await expect(page).toHaveURL(/\?q=3121&dealer=AU-VIC-004#dealer-AU-VIC-004$/);
    const card = page.locator("#dealer-AU-VIC-004");
    await expect(card.getByRole("heading", { level: 2, name: "Kestrel Essendon" })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(page.locator('a.static-map__marker[aria-current="true"]')).toHaveAttribute("aria-label", "Kestrel Essendon, Essendon VIC");

    await expect(card.getByRole("link", { name: "Book a Test Drive" })).toHaveAttribute("href", "/au/test-drive?dealer=AU-VIC-004");
    await expect(card.getByRole("link", { name: "Get Directions" })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-37\.7544%2C144\.9188$/);
    const hours = card.locator(".dealer-hours");
    await expect(hours).toBeHidden();
    await card.getByText("More Info", { exact: true }).click();
    await expect(hours).toBeVisible();
    await expect(hours.locator("th")).toHaveText(WEEKDAYS);
    await expect(hours.locator("tr").last()).toContainText("Closed");
    await expect(card.getByRole("link", { name: "(03) 7010 4111" })).toHaveAttribute("href", "tel:+61370104111");
    await card.getByText("More Info", { exact: true }).click();
    await expect(hours).toBeHidden();

    await locator(page).getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/au\/dealer-locator\??$/);
    await expect(locator(page).getByRole("heading", { level: 2, name: "All Kestrel dealers in Australia" })).toBeVisible();
    await expect(searchBox(page)).toHaveValue("");
    expect(errors).toEqual([]);
  });

  test("clicking a map marker selects its dealer", async ({ page }, testInfo) => {
    await open(page, testInfo, "/nz/dealer-locator?q=Hamilton");
    await page.getByRole("link", { name: "Kestrel Tauranga, Tauranga Bay of Plenty" }).click();
    await expect(page).toHaveURL(/dealer=NZ-BOP-001#dealer-NZ-BOP-001$/);
    await expect(page.locator("#dealer-NZ-BOP-001").getByRole("heading", { level: 2, name: "Kestrel Tauranga" })).toBeVisible();
    await expect(page.locator("a.static-map__marker--selected")).toHaveAttribute("data-code", "NZ-BOP-001");
  });

  test("without JavaScript the search is a GET form rendered on the server, with the static map", async ({ page }, testInfo) => {
    test.skip(!jsDisabled(testInfo), "the server-rendered form is what a visitor without JavaScript uses");
    await open(page, testInfo, "/au/dealer-locator");
    const form = locator(page).locator("form[role=search]");
    await expect(form).toHaveAttribute("method", "get");
    await expect(searchBox(page)).toHaveAttribute("name", "q");
    // No combobox or 'Use my location' without JavaScript: nothing that cannot work.
    await expect(locator(page).getByRole("button", { name: "Use my location" })).toHaveCount(0);
    await search(page, "Geelong");
    await expect(locator(page).getByRole("heading", { level: 2, name: /^Dealers near Geelong/ })).toBeVisible();
    await expect(page.getByTestId("static-map")).toBeVisible();
    await expect(page.getByRole("img", { name: "Map of Kestrel dealers in Australia" })).toBeVisible();
    // A place the gazetteer does not know, and a place with no dealer within 100 km.
    await search(page, "Atlantis");
    await expect(locator(page).getByText("We couldn't find “Atlantis”. Try a suburb, town or postcode.")).toBeVisible();
    await search(page, "Broome");
    await expect(locator(page).getByText(/There are no Kestrel dealers within 100 km of Broome, WA 6725/)).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
  });

  test("with JavaScript: suggestions as you type (keyboard), the search event, and no third-party request without a key", async ({ page, baseURL }, testInfo) => {
    test.skip(jsDisabled(testInfo), "suggestions need JavaScript");
    const errors = collectPageErrors(page);
    const origin = new URL(baseURL ?? "http://localhost:3200").origin;
    const outside: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).origin !== origin && !r.url().startsWith("data:")) outside.push(r.url());
    });
    await open(page, testInfo, "/au/dealer-locator");
    const input = page.getByRole("combobox", { name: "Suburb, town or postcode" });
    await input.fill("ric");
    const listbox = page.getByRole("listbox", { name: "Suggested places" });
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole("option").first()).toHaveText("Richmond, VIC 3121");
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await input.press("ArrowDown");
    await expect(listbox.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");
    await expect(page).toHaveURL(/\?q=Richmond%2C\+VIC\+3121#dealer-results$/);
    await expect(locator(page).getByRole("heading", { level: 2, name: "Dealers near Richmond, VIC 3121" })).toBeVisible();
    await expect(listbox).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "find_a_dealer_search")))
      .toEqual([expect.objectContaining({ event: "find_a_dealer_search", search_term: "Richmond, VIC 3121", country: "au" })]);
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("with JavaScript: 'Use my location' lists the dealers near the browser's position", async ({ page, context }, testInfo) => {
    test.skip(jsDisabled(testInfo), "geolocation needs JavaScript");
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: -36.85, longitude: 174.76 }); // Auckland CBD
    await open(page, testInfo, "/nz/dealer-locator");
    await page.getByRole("button", { name: "Use my location" }).click();
    // Rounded to 3 places, as the page cache keys it.
    await expect(page).toHaveURL(/\?lat=-36\.85&lng=174\.76#dealer-results$/);
    await expect(locator(page).getByRole("heading", { level: 2, name: "Dealers near your location" })).toBeVisible();
    await expect(cards(page).first()).toContainText("Kestrel Newmarket");
    await expect(page.getByRole("button", { name: "Use my location" })).toBeEnabled();
  });

  test("is accessible: every dealer listed before a search", async ({ page }, testInfo) => {
    test.slow(); // a long page: axe takes a while
    await open(page, testInfo, "/au/dealer-locator");
    await expectNoAxeViolations(page, testInfo);
  });

  test("is accessible: search results", async ({ page }, testInfo) => {
    await open(page, testInfo, "/nz/dealer-locator?q=Hamilton");
    await expectNoAxeViolations(page, testInfo);
  });

  test("is accessible: a selected dealer with More Info open", async ({ page }, testInfo) => {
    await open(page, testInfo, "/au/dealer-locator?q=3121&dealer=AU-VIC-001#dealer-AU-VIC-001");
    if (!jsDisabled(testInfo)) await page.getByText("More Info", { exact: true }).click();
    await expectNoAxeViolations(page, testInfo);
  });
});

import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { collectPageErrors, expectNoAxeViolations, jsDisabled, waitForHydration } from "./helpers";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "consent", value: "1", url: baseURL ?? "http://localhost:3200" }]);
});

async function open(page: Page, path: string, testInfo: TestInfo) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
}

/** Marks the document: the mark survives in-place updates and disappears on a page load. */
async function mark(page: Page, testInfo: TestInfo) {
  if (!jsDisabled(testInfo)) await page.evaluate(() => ((window as unknown as { __mark: boolean }).__mark = true));
}
async function expectSameDocument(page: Page, testInfo: TestInfo) {
  if (!jsDisabled(testInfo)) expect(await page.evaluate(() => (window as unknown as { __mark?: boolean }).__mark)).toBe(true);
}

test("news listing: six at a time, Load more, the category filter (links without JavaScript)", async ({ page }, testInfo) => {
  test.slow(); // several pages and an axe check in one walk
  const errors = collectPageErrors(page);
  await open(page, "/au/news", testInfo);
  const cards = page.locator(".news-listing .listing-card");
  await expect(cards).toHaveCount(6);
  await expectNoAxeViolations(page, testInfo);
  await mark(page, testInfo);

  const loadMore = page.locator(".news-listing").getByRole("link", { name: "Load more" });
  await expect(loadMore).toHaveAttribute("href", "/au/news?category=&page=2#news-5d0c3b1e-8a43-4f4e-9b6e-2b1f6a0c9e11-item-7");
  if (!jsDisabled(testInfo)) {
    // A link is never held: until the listing runs, Load more is a document navigation (as
    // without JavaScript). Heading for it wakes the listing; once it runs the link acts in place.
    await loadMore.hover();
    await expect(page.locator("[data-island]:has(.news-listing)").first()).toHaveAttribute("data-island-ready", "");
  }
  await loadMore.click();
  await expect(cards).toHaveCount(12);
  await expect(page).toHaveURL(/\/au\/news\?category=&page=2/);
  await expectSameDocument(page, testInfo);
  // 13 AU articles: one more page.
  await loadMore.click();
  await expect(cards).toHaveCount(13);
  await expect(loadMore).toHaveCount(0);

  const filter = page.getByRole("navigation", { name: "Filter news by category" });
  await filter.getByRole("link", { name: "Technology" }).click();
  await expect(page).toHaveURL(/category=technology&page=1/);
  await expect(filter.getByRole("link", { name: "Technology" })).toHaveAttribute("aria-current", "true");
  await expect(page.locator(".news-listing .listing__status")).toHaveText("");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  for (const meta of await page.locator(".news-listing .listing-card__meta").allTextContents()) expect(meta).toContain("Technology");
  await expectSameDocument(page, testInfo);

  // Reloading the URL gives the same list (state in the URL).
  await open(page, page.url(), testInfo);
  await expect(cards).toHaveCount(count);
  expect(errors).toEqual([]);
});

test("owners-club events: listing with Load more, event detail with Back to events and gallery downloads", async ({ page, request }, testInfo) => {
  test.slow(); // several pages and an axe check in one walk
  const errors = collectPageErrors(page);
  await open(page, "/au/owners-club/events", testInfo);
  const cards = page.locator(".event-listing .listing-card");
  await expect(cards).toHaveCount(6);
  await page.locator(".event-listing").getByRole("link", { name: "Load more" }).click();
  await expect(cards).toHaveCount(7);
  await expect(page.locator(".event-listing").getByRole("link", { name: "Load more" })).toHaveCount(0);
  await expect(page.locator(".event-listing .listing-card__link").filter({ hasText: "Coromandel" })).toHaveCount(0);

  await open(page, "/au/owners-club/events/barossa-long-lunch", testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Barossa long lunch");
  await expect(page.getByRole("link", { name: "Back to events" })).toHaveAttribute("href", "/au/owners-club/events");
  const downloads = page.locator(".gallery__download");
  await expect(downloads).toHaveCount(3);
  const href = await downloads.first().getAttribute("href");
  expect(href).toBe("/api/download/asset?url=%2Fmedia%2Fgallery-event-barossa-long-lunch-1.jpg");
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toBe('attachment; filename="gallery-event-barossa-long-lunch-1.jpg"');
  const [download] = await Promise.all([page.waitForEvent("download"), downloads.first().click()]);
  expect(download.suggestedFilename()).toBe("gallery-event-barossa-long-lunch-1.jpg");
  await expectNoAxeViolations(page, testInfo);
  expect(errors).toEqual([]);
});

test("offers listing: filter (HEV), sort, offer cards with tabs, finance card at 3 on large screens", async ({ page }, testInfo) => {
  test.slow(); // several pages and an axe check in one walk
  const errors = collectPageErrors(page);
  await open(page, "/au/offers", testInfo);
  const listing = page.locator(".offers-listing");
  const filter = listing.getByRole("navigation", { name: "Vehicle categories" });
  await expect(filter.getByRole("link")).toHaveText(["Show All", "Hatch", "SUV", "Ute", "HEV"]);
  const names = listing.locator(".offer-card__name");
  await expect(names.first()).toHaveText("Corvale Sport");
  // Desktop: the finance card is the third item.
  await expect(listing.locator(".offers-listing__items > li:visible").nth(2)).toHaveClass(/offers-finance-card--large/);
  const card = listing.locator(".offer-card").first();
  await expect(card.locator(".offer-card__features li")).toHaveCount(4);
  await expect(card.getByRole("link", { name: /Build Your Own/ })).toHaveAttribute("href", "/au/config/corvale?model=Sport");
  // The tabs are a radio group that works with JavaScript or without, before the island runs.
  const tabs = card.getByRole("radiogroup", { name: "Corvale Sport" });
  await expect(tabs.getByRole("radio")).toHaveCount(2);
  await expect(tabs.getByRole("radio", { name: "Offer" })).toBeChecked();
  await expect(card.locator(".offer-card__panel--finance")).toBeHidden();
  await tabs.getByText("Finance").click();
  await expect(tabs.getByRole("radio", { name: "Finance" })).toBeChecked();
  await expect(card.locator(".offer-card__panel--finance")).toContainText("2.99% p.a.");
  await expect(card.locator(".offer-card__panel--offer")).toBeHidden();
  await tabs.getByRole("radio", { name: "Finance" }).press("ArrowLeft");
  await expect(tabs.getByRole("radio", { name: "Offer" })).toBeChecked();
  await expect(card.locator(".offer-card__panel--offer")).toBeVisible();
  await expectNoAxeViolations(page, testInfo);
  await mark(page, testInfo);

  await filter.getByRole("link", { name: "HEV" }).click();
  await expect(page).toHaveURL(/category=Hybrid/);
  await expect(names).toHaveText(["Solenne Hybrid", "Solenne Hybrid AWD", "Solenne Limited"]);
  await listing.getByLabel("Sort by").selectOption("priceHigh");
  if (jsDisabled(testInfo)) await listing.getByRole("button", { name: "Sort" }).click();
  await expect(page).toHaveURL(/category=Hybrid&sort=priceHigh/);
  await expect(names).toHaveText(["Solenne Limited", "Solenne Hybrid AWD", "Solenne Hybrid"]);
  await expectSameDocument(page, testInfo);
  if (!jsDisabled(testInfo)) {
    expect(await page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === "offer_sort" && e.sort === "priceHigh"))).toBe(true);
  }

  await open(page, "/nz/offers", testInfo);
  await expect(page.locator(".offers-finance-card")).toHaveCount(0);
  await expect(page.locator(".offers-listing .offer-card").first()).toBeVisible();
  expect(errors).toEqual([]);
});

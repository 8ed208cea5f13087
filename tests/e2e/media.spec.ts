import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { collectPageErrors, expectNoAxeViolations, jsDisabled, waitForHydration, waitForScrollToSettle } from "./helpers";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "consent", value: "1", url: baseURL ?? "http://localhost:3200" }]);
});

async function open(page: Page, path: string, testInfo: TestInfo) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
}

test("media gallery: renders in both countries, tiles, video listing, image download", async ({ page }, testInfo) => {
  test.slow(); // several pages and an axe check in one walk
  const errors = collectPageErrors(page);
  await open(page, "/nz/blocks/media", testInfo);
  await expect(page.locator('[aria-roledescription="carousel"][aria-label="Aotearoa drives"]')).toBeVisible();
  await open(page, "/au/blocks/media", testInfo);
  await expect(page.locator('[aria-roledescription="carousel"][aria-label="Aotearoa drives"]')).toHaveCount(0);
  await expectNoAxeViolations(page, testInfo);

  // Video tiles: the first 5 only; the one with showDesktop off is hidden on this desktop viewport.
  const tiles = page.locator(".video-tile");
  await expect(tiles).toHaveCount(5);
  await expect(page.locator(".video-tile:visible")).toHaveCount(4);
  const tile = page.getByRole("link", { name: /The daily commute/ });
  if (jsDisabled(testInfo)) {
    await expect(tile).toHaveAttribute("href", "/media/kestrel-drive.mp4");
  } else {
    await tile.click();
    const dialog = page.getByRole("dialog", { name: "The daily commute" });
    await expect(dialog).toHaveClass(/modal--full-screen/);
    await expect(dialog.locator("video track[kind=captions]")).toHaveAttribute("src", "/media/kestrel-drive.vtt");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }

  // Video listing: cards, then a model's view, then a video; the query holds the slugs.
  const listing = page.locator(".video-listing");
  await listing.getByRole("link", { name: "Tarrak" }).click();
  await expect(page).toHaveURL(/\?model=tarrak/);
  await expect(listing.locator(".video-listing__model-heading")).toHaveText("Tarrak");
  await expect(listing.locator(".video-listing__player")).toBeInViewport();
  await waitForScrollToSettle(page, testInfo);
  await listing.getByRole("link", { name: "Towing with the Tarrak" }).click();
  await expect(page).toHaveURL(/\?model=tarrak&video=towing-with-the-tarrak/);
  await expect(listing.locator(".video-listing__model-heading")).toHaveText("Towing with the Tarrak");
  await expect(listing.locator(".video-listing__player")).toBeInViewport();
  await expect(listing.getByRole("link", { name: "Towing with the Tarrak" })).toHaveAttribute("aria-current", "true");

  // Image carousel: images.zip (a form post without JavaScript, a fetch with it).
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download all photos" }).click()]);
  expect(download.suggestedFilename()).toBe("images.zip");
  expect(errors).toEqual([]);
});

test("videos: no autoplay with sound; a background video pauses when scrolled out of view", async ({ page }, testInfo) => {
  test.skip(jsDisabled(testInfo), "playback control needs JavaScript");
  await open(page, "/au/blocks/media", testInfo);
  const banner = page.locator(".video-banner video");
  await banner.scrollIntoViewIfNeeded();
  await expect.poll(() => banner.evaluate((v: HTMLVideoElement) => !v.paused && v.muted)).toBe(true);
  // Every other video waits for the visitor.
  expect(await page.locator("video:not(.video-banner__video)").evaluateAll((vs) => vs.every((v) => (v as HTMLVideoElement).paused))).toBe(true);
  await page.locator(".news-carousel").scrollIntoViewIfNeeded();
  await expect.poll(() => banner.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test("download endpoints refuse other hosts and bad input with a 4xx", async ({ request }) => {
  const zip = await request.post("/api/download/index", { data: { images: ["/media/hero-home.jpg", "/media/hero-news.jpg"] } });
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  const ssrf = await request.post("/api/download/index", { data: { images: ["http://169.254.169.254/latest/meta-data"] } });
  expect(ssrf.status()).toBe(400);
  expect((await ssrf.json()).error).toMatch(/not an asset/);
  expect((await request.post("/api/download/index", { data: { images: Array.from({ length: 51 }, () => "/media/a.jpg") } })).status()).toBe(400);
  expect((await request.get("/api/download/asset?url=https%3A%2F%2Fevil.example%2Fx.jpg")).status()).toBe(400);
  expect((await request.get("/api/download/asset?url=%2Fmedia%2F..%2F..%2Fpackage.json")).status()).toBe(400);
});

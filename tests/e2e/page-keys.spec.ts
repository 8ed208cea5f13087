import { expect, test } from "@playwright/test";

/**
 * A content page is cached per value of the query parameters its blocks read and no others: a
 * parameter nothing on the page reads is the page without it (one entry, no render of its own),
 * while a page whose blocks read it still answers each value with its own page.
 */

/** A value no earlier run has sent, so each run starts from entries it made itself. */
const fresh = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

test("a parameter no block of the page reads is served from the page without it", async ({ request }) => {
  const plain = await request.get("/au/privacy");
  expect(plain.status()).toBe(200);
  expect(plain.headers()["x-page-query-params"]).toBe("-");
  const body = await plain.text();
  for (const model of [fresh("model"), fresh("model")]) {
    const other = await request.get(`/au/privacy?model=${model}&dealer=${fresh("d")}`);
    expect(other.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
    const html = await other.text();
    expect(html).toBe(body);
    expect(html).not.toContain(model);
  }
});

test("a form's page still answers each model with its own page, the model preselected", async ({ page }) => {
  for (const model of ["tarrak", "corvale"]) {
    const response = await page.goto(`/au/contact-us?model=${model}&utm_source=${fresh("tv")}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-page-query-params"]).toContain("model");
    await expect(page.locator(`select[name="vehicle_interested_in"] option[value="${model}"]`)).toHaveJSProperty("selected", true);
  }
});

test("the news listing still varies on its page number", async ({ request }) => {
  const [first, second] = await Promise.all([request.get("/au/news?page=1"), request.get("/au/news?page=2")]);
  expect(first.headers()["x-page-query-params"]).toBe("category page");
  expect(await first.text()).not.toBe(await second.text());
});

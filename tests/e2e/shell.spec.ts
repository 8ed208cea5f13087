import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import {
  collectPageErrors,
  expectNewDocument,
  expectNoAxeViolations,
  jsDisabled,
  markDocument,
  recordDataLayer,
  recordedPushes,
  waitForHydration,
} from "./helpers";

/** Consent given up front, so the banner stays out of tests about other things. */
async function withConsent(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: "consent", value: "1", url: baseURL ?? "http://localhost:3200" }]);
}

const header = (page: Page) => page.locator("header.site-header");
const headerIsland = (page: Page) => page.locator('[data-island="site-header"]');

/**
 * Loads a page. With JavaScript it waits until the page's scripts have started and, unless
 * `shell: false`, heads for the header as a visitor does (the pointer over Menu), which hydrates
 * it: the menu button replaces the no-JavaScript summary only then. Tests of what works before
 * that pass `shell: false`.
 */
async function open(page: Page, testInfo: TestInfo, path: string, { shell = true }: { shell?: boolean } = {}) {
  const response = await page.goto(path);
  await waitForHydration(page, testInfo);
  if (shell && !jsDisabled(testInfo) && (await header(page).count()) > 0) {
    await header(page).locator(".menu-button").hover();
    await page.locator(".mega-menu[data-enhanced]").waitFor({ state: "attached" });
  }
  return response;
}

/** The script files the page has requested so far whose path matches. */
async function scriptsLoaded(page: Page, pattern: RegExp): Promise<string[]> {
  const names = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
  return names.filter((name) => pattern.test(name));
}

/** React's chunk of the islands' build (vite.islands.config.ts names it). */
const REACT_CHUNK = /^\/islands\/assets\/react-[\w-]+\.js$/;
/** The islands' plain entry (app/entry.islands.ts). */
const ISLANDS_ENTRY = /^\/islands\/assets\/entry\.islands-[\w-]+\.js$/;
const menuPanel = (page: Page) => page.locator("#mega-menu-panel");
/** The menu button once the header runs: 'Menu', and the content's close label while open. */
const menuButton = (page: Page) => page.locator("button.menu-button");

/** Opens the mega menu: the button with JavaScript, the summary without. */
async function openMenu(page: Page, testInfo: TestInfo) {
  if (jsDisabled(testInfo)) await page.locator("summary.menu-button").click();
  else await menuButton(page).click();
  await expect(menuPanel(page)).toBeVisible();
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
}

test.describe("header", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsent(context, baseURL));

  test("follows the scroll: floating after 340 px, pinned scrolling up after 175 px, sticky bar after 20 px", async ({ page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "scroll thresholds need JavaScript");
    const errors = collectPageErrors(page);
    // The page's own scripts follow the scroll: the header's island need not have loaded.
    await open(page, testInfo, "/au", { shell: false });
    const bar = page.getByRole("navigation", { name: "Quick links" });
    await expect(bar).toBeHidden();
    await expect(header(page)).not.toHaveAttribute("data-floating");

    await scrollTo(page, 20);
    await page.waitForTimeout(150);
    await expect(bar).toBeHidden();
    await scrollTo(page, 21);
    await expect(bar).toBeVisible();

    await scrollTo(page, 340);
    await page.waitForTimeout(150);
    await expect(header(page)).not.toHaveAttribute("data-floating");
    await scrollTo(page, 800);
    await expect(header(page)).toHaveAttribute("data-floating", "");
    await expect(header(page)).not.toHaveAttribute("data-pinned");
    // Floating and not pinned: out of view above the viewport.
    await expect.poll(async () => (await header(page).boundingBox())?.y ?? 0).toBeLessThan(-40);

    await scrollTo(page, 600);
    await expect(header(page)).toHaveAttribute("data-pinned", "");
    await expect.poll(async () => (await header(page).boundingBox())?.y).toBe(0);
    await scrollTo(page, 700);
    await expect(header(page)).not.toHaveAttribute("data-pinned");

    await scrollTo(page, 0);
    await expect(header(page)).not.toHaveAttribute("data-floating");
    await expect(header(page)).not.toHaveAttribute("data-pinned");
    await expect(bar).toBeHidden();
    await expect(headerIsland(page)).not.toHaveAttribute("data-island-ready");
    expect(errors).toEqual([]);
  });

  test("over a dark hero, the header slid in is light with the normal logo, before and after it hydrates", async ({ page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "scroll thresholds need JavaScript");
    const errors = collectPageErrors(page);
    const visibleLogo = () => header(page).locator(".site-header__logo img").filter({ visible: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const shell of [false, true]) {
      await open(page, testInfo, "/au/models/suv/tarrak", { shell });
      await expect(visibleLogo()).toHaveAttribute("src", /brand-logo-inverted\.svg$/);
      await expect(header(page)).toHaveCSS("color", "rgb(255, 255, 255)");
      await scrollTo(page, 1200);
      await expect(header(page)).toHaveAttribute("data-floating", "");
      await scrollTo(page, 1000);
      await expect(header(page)).toHaveAttribute("data-pinned", "");
      await expect(visibleLogo()).toHaveAttribute("src", /brand-logo\.svg$/);
      await expect(header(page).locator(".menu-button")).toHaveCSS("color", "rgb(0, 0, 0)");
      await expect(header(page)).not.toHaveCSS("color", "rgb(255, 255, 255)");
      if (shell) await expect(headerIsland(page)).toHaveAttribute("data-island-ready", "");
      else await expect(headerIsland(page)).not.toHaveAttribute("data-island-ready");
      await scrollTo(page, 0);
      await expect(visibleLogo()).toHaveAttribute("src", /brand-logo-inverted\.svg$/);
    }
    expect(errors).toEqual([]);
  });

  test("without JavaScript the header stays in place and the sticky bar is always shown", async ({ page }, testInfo) => {
    test.skip(!jsDisabled(testInfo), "the no-JavaScript rendering");
    await open(page, testInfo, "/au");
    await expect(page.getByRole("navigation", { name: "Quick links" })).toBeVisible();
    await expect(header(page)).not.toHaveAttribute("data-floating");
  });

  test("takes solid, transparent, inverted logo and finance logo from the story", async ({ page }, testInfo) => {
    await open(page, testInfo, "/au/privacy");
    await expect(header(page)).toHaveAttribute("data-solid", "");
    // A model page opens on a dark hero: transparent header, inverted logo, white menu button.
    await open(page, testInfo, "/au/models/suv/tarrak");
    await expect(header(page)).not.toHaveAttribute("data-solid");
    await expect(header(page)).toHaveAttribute("data-theme", "dark");
    await expect(header(page).locator(".site-header__logo img").filter({ visible: true })).toHaveAttribute("src", /brand-logo-inverted\.svg$/);
    await expect(header(page).locator(".site-header__finance-logo")).toHaveAttribute("src", /finance-logo\.svg$/);
    await expect(header(page).locator(".menu-button")).toHaveCSS("color", "rgb(255, 255, 255)");
  });

  test("the logo goes home and is tracked: logo_click before the navigation, one page_view in the new document", async ({ page }, testInfo) => {
    const js = !jsDisabled(testInfo);
    // The pushes of every document, kept as they happen: the click's push is made just before
    // the old document goes.
    if (js) await recordDataLayer(page);
    await open(page, testInfo, "/nz/privacy");
    if (js) await markDocument(page);
    await page.getByRole("link", { name: "Kestrel home" }).click();
    await expect(page).toHaveURL(/\/nz$/);
    if (!js) return;
    await expectNewDocument(page);
    await waitForHydration(page, testInfo);
    await page.waitForLoadState("networkidle");
    const pushes = await recordedPushes(page);
    expect(pushes.map(({ event, path }) => `${event} ${path}`)).toEqual(["page_view /nz/privacy", "logo_click /nz/privacy", "page_view /nz"]);
    const [first, click, view] = pushes;
    // The click is pushed by the old document, before it navigates; the new document pushes its own page view.
    expect(click.document).toBe(first.document);
    expect(view.document).not.toBe(first.document);
    expect(click.data).toMatchObject({ country: "nz", link_url: "/nz" });
    expect(view.data).toMatchObject({ page_path: "/nz", country: "nz" });
    // The new document's dataLayer holds its page view only, once.
    expect(await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event))).toEqual(["page_view"]);
  });
});

test.describe("mega menu", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsent(context, baseURL));

  test("opens and closes with the keyboard, traps focus while open and returns it", async ({ page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "the focus trap and Escape are JavaScript; the no-JavaScript menu is tested below");
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au");
    const button = menuButton(page);
    await expect(button).toHaveAttribute("aria-controls", "mega-menu-panel");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menuPanel(page)).toBeVisible();
    // Blocks (the hero's autoplay) can see the menu is open.
    await expect(page.locator("body")).toHaveClass(/mega-menu-open/);
    await expect(page.locator("main")).toHaveAttribute("inert", "");

    // The large layout shows the first entry's panel; Tab goes into the menu.
    await expect(page.getByRole("button", { name: "Models" })).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Models" })).toBeFocused();

    // However far the visitor tabs, focus stays in the header.
    for (let i = 0; i < 70; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("header")))).toBe(true);
    // Shift+Tab from the first element of the header wraps to the last one of the menu.
    await page.getByRole("link", { name: "Kestrel home" }).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(menuPanel(page).getByRole("link", { name: "Visit Kestrel New Zealand" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Kestrel home" })).toBeFocused();

    // Another entry, by keyboard.
    await page.getByRole("button", { name: "Offers" }).focus();
    await page.keyboard.press("Enter");
    await expect(menuPanel(page).getByRole("link", { name: "All current offers" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(menuPanel(page)).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page.locator("body")).not.toHaveClass(/mega-menu-open/);
    await expect(page.locator("main")).not.toHaveAttribute("inert");
    expect(errors).toEqual([]);
  });

  test("a tap on Menu before the header has loaded opens the menu at once, and the enhanced menu keeps it open", async ({ page, context }, testInfo) => {
    test.skip(jsDisabled(testInfo), "without JavaScript the summary opens the menu (tested below)");
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 390, height: 800 });
    // React and the header's code arrive only after the tap (a slow network).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route("**/islands/assets/react-*.js", async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for `data-hydrated`: the hero in view hydrates with React, which is held. The
    // islands' entry has run (it holds the tap until React comes).
    await page.goto("/au");
    await expect.poll(() => scriptsLoaded(page, ISLANDS_ENTRY)).not.toEqual([]);
    expect(await scriptsLoaded(page, REACT_CHUNK)).toEqual([]);
    await expect(headerIsland(page)).not.toHaveAttribute("data-island-ready");
    await page.locator("summary.menu-button").click();
    // Not held: the disclosure opens under the tap, as without JavaScript.
    await expect(page.locator("details.mega-menu")).toHaveAttribute("open", "");
    await expect(page.locator("details.mega-menu .mega-menu__panel")).toBeVisible();
    release();
    const button = menuButton(page);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menuPanel(page)).toBeVisible();
    await expect(headerIsland(page)).toHaveAttribute("data-island-ready", "");
    expect(errors).toEqual([]);
  });

  test("by keyboard before the header has loaded: Tab to Menu, Enter opens it, and the focus stays on it", async ({ page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "without JavaScript the summary opens the menu (tested below)");
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au", { shell: false });
    await expect(headerIsland(page)).not.toHaveAttribute("data-island-ready");
    // Skip link, logo, Enquire Now, Menu.
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    await expect(page.locator(".menu-button")).toBeFocused();
    await page.keyboard.press("Enter");
    const button = menuButton(page);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menuPanel(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    expect(errors).toEqual([]);
  });

  test("closes on a link click and the route change, and the link works", async ({ page }, testInfo) => {
    await open(page, testInfo, "/au");
    await openMenu(page, testInfo);
    await menuPanel(page).getByRole("link", { name: "Find a dealer" }).click();
    await expect(page).toHaveURL(/\/au\/dealer-locator$/);
    await expect(menuPanel(page)).toBeHidden();
    // The new document's menu is closed (its header hydrates when the visitor heads for it).
    await expect(page.locator('.menu-button[aria-expanded="true"], details.mega-menu[open]')).toHaveCount(0);
  });

  test("lists primary, model-line and secondary navigation for the country, with their links", async ({ page }, testInfo) => {
    for (const country of ["au", "nz"] as const) {
      await open(page, testInfo, `/${country}`);
      await openMenu(page, testInfo);
      const panel = menuPanel(page);
      const link = (name: string) => panel.locator("a", { hasText: new RegExp(`^${name}$`) });
      await expect(panel.getByRole("heading", { name: "Our range" })).toBeVisible();
      await expect(link("ABN and fleet offers")).toHaveCount(country === "au" ? 1 : 0);
      await expect(link("Clean car programme")).toHaveCount(country === "nz" ? 1 : 0);
      await expect(link("Tarrak")).toHaveAttribute("href", `/${country}/models/suv/tarrak`);
      await expect(panel.locator("a", { hasText: "Build yours" }).first()).toHaveAttribute("href", `/${country}/config/tarrak`);
      await expect(link("Find a dealer")).toHaveAttribute("href", `/${country}/dealer-locator`);
      await expect(link("Book a test drive")).toHaveAttribute("href", `/${country}/test-drive`);
      await expect(link("Download a brochure")).toHaveAttribute("href", `/${country}/download-brochure`);
      await expect(panel.locator("a", { hasText: "Enquire Now" })).toHaveAttribute("href", `/${country}/contact-us`);
      await expect(link("Cookies")).toHaveAttribute("href", `/${country}/cookies`);
      await expect(link("Privacy")).toHaveAttribute("href", `/${country}/privacy`);
      // Tiles: image, heading, description and button.
      const tile = panel.locator(".mega-menu__tile", { hasText: "Current offers" }).first();
      await expect(tile.locator("img")).toHaveCount(1);
      await expect(tile).toContainText("Driveaway deals");
      await expect(tile.locator("a", { hasText: "See offers" })).toHaveAttribute("href", `/${country}/offers`);
    }
  });

  test("drills down two levels with Back at 375 px", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, testInfo, "/au");
    await openMenu(page, testInfo);
    const panel = menuPanel(page);
    const tarrak = panel.getByRole("link", { name: "Tarrak Large 7-seat SUV" });
    if (jsDisabled(testInfo)) {
      // Without JavaScript each entry is a disclosure that opens in place.
      await panel.locator("summary", { hasText: "Models" }).click();
      await expect(tarrak).toBeVisible();
      await tarrak.click();
      await expect(page).toHaveURL(/\/au\/models\/suv\/tarrak$/);
      return;
    }
    const models = panel.getByRole("button", { name: "Models" });
    await expect(models).toHaveAttribute("aria-expanded", "false");
    await expect(tarrak).toBeHidden();
    await models.click();
    const back = panel.getByRole("button", { name: "Back" });
    await expect(back).toBeVisible();
    await expect(back).toBeFocused();
    await expect(tarrak).toBeVisible();
    await expect(panel.getByRole("button", { name: "Offers" })).toBeHidden();
    await back.click();
    await expect(panel.getByRole("button", { name: "Offers" })).toBeVisible();
    await expect(models).toBeFocused();
    await expect(tarrak).toBeHidden();
    // The model lines are a slider of cards; a card drills down to its model line.
    await panel.getByRole("button", { name: "Kordan" }).click();
    await expect(panel.getByRole("link", { name: "Build yours" })).toHaveAttribute("href", "/au/config/kordan");
    await expect(panel.getByRole("link", { name: "Build yours" })).toBeVisible();
  });

  test("has no axe violations, open and closed, on desktop and mobile", async ({ page }, testInfo) => {
    await open(page, testInfo, "/au");
    await expectNoAxeViolations(page, testInfo);
    if (jsDisabled(testInfo)) return; // the helper reloads the page for axe; the open menu is checked with JavaScript
    await openMenu(page, testInfo);
    await expectNoAxeViolations(page, testInfo);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole("button", { name: "Models" }).click();
    await expectNoAxeViolations(page, testInfo);
  });
});

test.describe("country switch", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsent(context, baseURL));

  test("stores the country and goes to the same page under the other country", async ({ page, context }, testInfo) => {
    await open(page, testInfo, "/au/offers");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Visit Kestrel New Zealand" }).click();
    await expect(page).toHaveURL(/\/nz\/offers$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-NZ");
    await expect(page.getByRole("contentinfo")).toContainText("Kestrel Motors New Zealand Limited");
    const cookie = (await context.cookies()).find((c) => c.name === "country");
    expect(cookie).toMatchObject({ value: "nz", httpOnly: true, sameSite: "Lax" });
    // The / redirect honours it.
    await page.goto("/");
    await expect(page).toHaveURL(/\/nz$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Visit Kestrel Australia" }).click();
    await expect(page).toHaveURL(/\/au$/);
  });

  test("a page the other country does not have lands on its nearest page there", async ({ page, context }, testInfo) => {
    // AU-only news: the NZ news listing; AU-only owners-club event: the NZ events listing.
    await open(page, testInfo, "/au/news/clean-up-australia-partnership");
    await page.getByRole("contentinfo").getByRole("link", { name: "Visit Kestrel New Zealand" }).click();
    await expect(page).toHaveURL(/\/nz\/news$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-NZ");
    expect((await context.cookies()).find((c) => c.name === "country")?.value).toBe("nz");
    await open(page, testInfo, "/au/owners-club/events/barossa-long-lunch");
    await page.getByRole("contentinfo").getByRole("link", { name: "Visit Kestrel New Zealand" }).click();
    await expect(page).toHaveURL(/\/nz\/owners-club\/events$/);
    // NZ-only news: the AU news listing.
    await open(page, testInfo, "/nz/news/on-road-costs-explained");
    await page.getByRole("contentinfo").getByRole("link", { name: "Visit Kestrel Australia" }).click();
    await expect(page).toHaveURL(/\/au\/news$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page not found");
  });

  test("the endpoint accepts only au or nz", async ({ request }) => {
    const bad = await request.get("/api/set-location/uk");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toHaveProperty("error");
    const good = await request.get("/api/set-location/nz");
    expect(await good.json()).toEqual({ country: "nz" });
    expect(good.headers()["set-cookie"]).toMatch(/^country=nz;/);
    const offsite = await request.get("/api/set-location/au?returnTo=//evil.example", { maxRedirects: 0 });
    expect(offsite.headers()["location"]).toBe("/au");
  });
});

test.describe("cookie banner", () => {
  test("shows until accepted, records consent on the server and stays away", async ({ page, context }, testInfo) => {
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au/news?page=2");
    const banner = page.getByRole("region", { name: "Cookies on this site" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "cookie policy" })).toHaveAttribute("href", "/au/cookies");
    await expectNoAxeViolations(page, testInfo);
    await banner.getByRole("button", { name: "Accept cookies" }).click();
    await expect(banner).toBeHidden();
    // Back on the same page (without JavaScript, after the form post's 303).
    await expect(page).toHaveURL(/\/au\/news\?page=2$/);
    const consent = (await context.cookies()).find((c) => c.name === "consent");
    expect(consent).toMatchObject({ value: "1", httpOnly: true, sameSite: "Lax" });
    // About a year.
    expect(consent!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("is not shown once the consent cookie exists", async ({ page, context, baseURL }, testInfo) => {
    await withConsent(context, baseURL);
    await open(page, testInfo, "/nz");
    await expect(page.locator(".cookie-banner")).toHaveCount(0);
  });
});

test.describe("sticky bottom bar", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsent(context, baseURL));

  test("links offers, dealer locator and test drive under the current country", async ({ page }, testInfo) => {
    for (const country of ["au", "nz"] as const) {
      await open(page, testInfo, `/${country}`);
      if (!jsDisabled(testInfo)) await scrollTo(page, 200);
      const bar = page.getByRole("navigation", { name: "Quick links" });
      await expect(bar).toBeVisible();
      await expect(bar.getByRole("link", { name: "Current offers" })).toHaveAttribute("href", `/${country}/offers`);
      await expect(bar.getByRole("link", { name: "Find a dealer" })).toHaveAttribute("href", `/${country}/dealer-locator`);
      await expect(bar.getByRole("link", { name: "Book a test drive" })).toHaveAttribute("href", `/${country}/test-drive`);
    }
    // A link of its own (test-drive?model=...) is prefixed with the country too.
    await open(page, testInfo, "/nz/models/suv/tarrak");
    if (!jsDisabled(testInfo)) await scrollTo(page, 200);
    await expect(page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Book a test drive" })).toHaveAttribute(
      "href",
      "/nz/test-drive?model=tarrak",
    );
  });

  test("a focused element scrolled into view is kept clear of the bar, the header and the sub-navigation", async ({ page }, testInfo) => {
    // WCAG 2.4.11: the browser keeps the scroll padding clear when it brings the focus into view.
    const room = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.documentElement);
        const height = (selector: string) => document.querySelector<HTMLElement>(selector)?.offsetHeight ?? 0;
        return {
          top: parseFloat(style.scrollPaddingTop),
          bottom: parseFloat(style.scrollPaddingBottom),
          bar: height(".sticky-bottom-bar"),
          subNav: height(".sub-navigation"),
        };
      });
    // On a phone, home's three links share one row.
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, testInfo, "/au");
    let r = await room();
    expect(r.bar).toBeGreaterThan(40);
    expect(r.bar).toBeLessThanOrEqual(70);
    expect(r.bottom).toBeGreaterThan(r.bar);
    // A slid-in header (61 px) and the sticky sub-navigation below it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, testInfo, "/au/models/suv/tarrak");
    r = await room();
    expect(r.bottom).toBeGreaterThan(r.bar);
    expect(r.subNav).toBeGreaterThan(0);
    expect(r.top).toBeGreaterThan(61 + r.subNav);
    if (jsDisabled(testInfo)) return;
    // Tabbing back up the page: the element the focus reaches is brought in below the header (slid
    // in as the page scrolls up) and the sub-navigation, not under them.
    const target = page.locator("#faq summary").first();
    await target.focus();
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(300);
    await page.keyboard.press("Shift+Tab");
    await page.waitForTimeout(600);
    const shown = await page.evaluate(() => {
      const e = document.activeElement as HTMLElement;
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + r.height / 2);
      return { tag: e.tagName, top: r.top, visible: Boolean(hit && (e.contains(hit) || hit.contains(e))) };
    });
    expect(shown.visible, JSON.stringify(shown)).toBe(true);
  });
});

test.describe("site state", () => {
  test("a first visit in AU stores the state found from the location", async ({ page, context, baseURL }, testInfo) => {
    test.skip(jsDisabled(testInfo), "the location lookup runs in the browser");
    await withConsent(context, baseURL);
    await page.route("**/api/location/", (route) => route.fulfill({ json: { latitude: -33.87, longitude: 151.21 } }));
    await open(page, testInfo, "/au");
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "auState")?.value).toBe("NSW");
    expect(await page.evaluate(() => localStorage.getItem("auState"))).toBe("NSW");
  });

  test("a stored state is kept, and NZ never looks the location up", async ({ page, context, baseURL }, testInfo) => {
    test.skip(jsDisabled(testInfo), "the location lookup runs in the browser");
    await withConsent(context, baseURL);
    let lookups = 0;
    await page.route("**/api/location/", (route) => {
      lookups++;
      return route.fulfill({ json: { latitude: -33.87, longitude: 151.21 } });
    });
    await open(page, testInfo, "/nz");
    await page.waitForLoadState("networkidle");
    await context.addCookies([{ name: "auState", value: "WA", url: baseURL ?? "http://localhost:3200" }]);
    await open(page, testInfo, "/au");
    await page.waitForLoadState("networkidle");
    expect(lookups).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("auState"))).toBe("WA");
  });

});

test.describe("build freshness", () => {
  test.beforeEach(async ({ context, baseURL }) => withConsent(context, baseURL));

  /** The page's document loads (main frame), from now on. */
  function documentLoads(page: Page): string[] {
    const loads: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(new URL(request.url()).pathname);
    });
    return loads;
  }

  /** The file of a block island's own chunk on the page: the hero's, named on its container. */
  async function heroChunk(page: Page): Promise<string> {
    const html = await (await page.request.get("/au")).text();
    const file = html.match(/data-island-chunks="[^"]*?(\/islands\/[^" ]*hero-banner[^" ]*\.js)/)?.[1];
    expect(file, "the hero's chunk is named").toBeTruthy();
    return file!;
  }

  const hero = (page: Page) => page.locator('main [data-island="block"]').filter({ has: page.locator(".hero-banner") });

  test("following a link loads a new document from the server, which starts the islands afresh", async ({ page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "without JavaScript every page is a new document anyway");
    const errors = collectPageErrors(page);
    await open(page, testInfo, "/au");
    const entry = await page.locator('script[type="module"][src]').getAttribute("src");
    expect(entry).toMatch(/^\/islands\//);
    await markDocument(page);
    const loads = documentLoads(page);
    const entryRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === entry) entryRequests.push(request.url());
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy", exact: true }).click();
    await expect(page).toHaveURL(/\/au\/privacy$/);
    await expectNewDocument(page);
    await waitForHydration(page, testInfo);
    // The page came from the server as a document, and the new document ran the islands' entry
    // (the build the server names now) again: its islands are hydrated by it.
    expect(loads).toEqual(["/au/privacy"]);
    expect(await page.locator('script[type="module"][src]').getAttribute("src")).toBe(entry);
    expect(entryRequests.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => typeof window.__islands?.wake)).toBe("function");
    await header(page).locator(".menu-button").hover();
    await expect(headerIsland(page)).toHaveAttribute("data-island-ready", "");
    expect(errors).toEqual([]);
  });

  test("a chunk that fails to load reloads the page once, and the reloaded page hydrates", async ({ page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "chunks load with JavaScript");
    const chunk = await heroChunk(page);
    const loads = documentLoads(page);
    // The first document cannot load the hero's chunk (as a page of an old build after a deploy):
    // every request for it fails; the reloaded document's go through.
    let failed = 0;
    await page.route(`**${chunk}`, (route) => {
      if (loads.length > 1) return route.continue();
      failed++;
      return route.abort();
    });
    const before = Date.now();
    await page.goto("/au");
    // Reloaded once: the document now shown was loaded by a reload.
    await expect
      .poll(() => page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type).catch(() => "navigating"))
      .toBe("reload");
    expect(failed).toBeGreaterThan(0);
    const errors = collectPageErrors(page);
    await waitForHydration(page, testInfo);
    await expect(hero(page)).toHaveAttribute("data-island-ready", "");
    await expect(hero(page).locator(".carousel__pause").first()).toBeVisible();
    expect(loads).toEqual(["/au", "/au"]);
    // The guard against a reload loop is stored for the tab (app/islands/chunk-errors.ts).
    const stored = Number(await page.evaluate(() => sessionStorage.getItem("chunkReloadAt")));
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Date.now());
    expect(errors).toEqual([]);
  });

  test("a chunk that fails again within 10 s of that reload does not reload the page again", async ({ page }, testInfo) => {
    test.skip(jsDisabled(testInfo), "chunks load with JavaScript");
    const chunk = await heroChunk(page);
    const loads = documentLoads(page);
    // The hero's chunk never loads (a file gone for good).
    await page.route(`**${chunk}`, (route) => route.abort());
    await page.goto("/au");
    await expect
      .poll(() => page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type).catch(() => "navigating"))
      .toBe("reload");
    // The reloaded page fails the same way, and stays: the other islands hydrate, the hero keeps
    // its server HTML, and no further reload comes.
    await waitForHydration(page, testInfo);
    await header(page).locator(".menu-button").hover();
    await expect(headerIsland(page)).toHaveAttribute("data-island-ready", "");
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1_000);
    expect(loads).toEqual(["/au", "/au"]);
    await expect(hero(page)).not.toHaveAttribute("data-island-ready");
    await expect(hero(page)).toHaveAttribute("data-island-failed", "");
    await expect(hero(page).locator(".hero-banner")).toBeVisible();
    expect(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type)).toBe("reload");
  });
});

test("without JavaScript a modal's close link goes to an anchor that exists and keeps the scroll position", async ({ page, context, baseURL }, testInfo) => {
  test.skip(!jsDisabled(testInfo), "with JavaScript the close control is a button");
  await withConsent(context, baseURL);
  await page.goto("/au/models/suv/tarrak");
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.evaluate(() => (location.hash = "configure-pricing"));
  const dialog = page.getByRole("dialog", { name: "Configure your pricing" });
  await expect(dialog).toBeVisible();
  const scrolled = await page.evaluate(() => window.scrollY);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  // The link's target exists (checkers flag a link to no anchor) and is hidden: no jump.
  await expect(page).toHaveURL(/#configure-pricing-closed$/);
  await expect(page.locator("#configure-pricing-closed")).toBeAttached();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

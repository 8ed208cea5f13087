import { expect, test, type Locator, type Page } from "@playwright/test";
import { COUNTRIES, axeCountry, collectPageErrors, expectNoAxeViolations, jsDisabled, waitForHydration } from "./helpers";

/** The block galleries (content-fixtures/stories/blocks/*), one per group of content blocks. */
const GALLERIES = ["heroes", "cards", "features", "panels"] as const;

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie banner is the shell's; keep it out of the way of the blocks.
  await context.addCookies([{ name: "consent", value: "1", url: baseURL ?? "http://localhost:3200" }]);
});

async function open(page: Page, path: string, testInfo: Parameters<typeof waitForHydration>[1]) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
}

/** Index of the current slide of a carousel (its dot marked current). */
function currentDot(carousel: Locator) {
  return carousel.locator(".carousel__dot").evaluateAll((dots) => dots.findIndex((d) => d.getAttribute("aria-current") === "true"));
}

async function isScrollableRow(track: Locator) {
  return track.evaluate((el) => el.scrollWidth > el.clientWidth + 10 && getComputedStyle(el).overflowX === "auto");
}

/** Moves the pointer away from the carousel (to the page heading) and focus to the body, so nothing holds the autoplay. */
async function leave(page: Page) {
  await page.getByRole("heading", { level: 1 }).hover();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

for (const country of COUNTRIES) {
  test.describe(`/${country} block galleries`, () => {
    for (const gallery of GALLERIES) {
      test(`${gallery} renders without errors, is noindex and has no axe violations`, async ({ page }, testInfo) => {
        const errors = collectPageErrors(page);
        await open(page, `/${country}/blocks/${gallery}`, testInfo);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        if (country === axeCountry(testInfo)) await expectNoAxeViolations(page, testInfo);
        expect(errors).toEqual([]);
      });
    }

    test("hero banner shows the country's slides; a scrollable row without JavaScript", async ({ page }, testInfo) => {
      await open(page, `/${country}/blocks/heroes`, testInfo);
      const carousel = page.getByRole("region", { name: "Kestrel highlights" });
      const headings = carousel.locator(".hero__heading");
      await expect(headings).toHaveText([
        "Seven seats. Every road.",
        "Hybrid, without the compromise",
        country === "au" ? "Drive away today" : "Clean car ready",
      ]);
      await expect(carousel.getByRole("link", { name: "Current offers" })).toHaveAttribute("href", `/${country}/offers`);
      if (jsDisabled(testInfo)) {
        expect(await isScrollableRow(carousel.locator(".carousel__track"))).toBe(true);
        await expect(carousel.getByRole("button")).toHaveCount(0);
      } else {
        await expect(carousel.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
      }
    });

    test("cards: popover, flip content and the country's text", async ({ page }, testInfo) => {
      await open(page, `/${country}/blocks/cards`, testInfo);
      const tarrak = page.locator(".card", { has: page.getByRole("link", { name: "Tarrak", exact: true }) }).first();
      await tarrak.locator("summary", { hasText: "More information" }).click();
      await expect(tarrak.locator(".popover__content")).toBeVisible();
      await expect(tarrak.locator(".popover__content")).toHaveText(
        country === "au" ? "Driveaway prices include registration, CTP and dealer delivery." : "Prices are RRP inc GST + ORC.",
      );
      const corvale = page.locator(".card", { hasText: "Corvale at a glance" }).first();
      if (jsDisabled(testInfo)) {
        // Without JavaScript the back of a flip card is shown under its front.
        await expect(corvale.getByText("Corvale at a glance")).toBeVisible();
      } else {
        await expect(corvale.getByText("Corvale at a glance")).toBeHidden();
        await corvale.getByRole("button", { name: "Show more: Corvale" }).click();
        await expect(corvale.getByText("Corvale at a glance")).toBeVisible();
        const back = corvale.getByRole("button", { name: "Back: Corvale" });
        await expect(back).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(corvale.getByText("Corvale at a glance")).toBeHidden();
        await expect(corvale.getByRole("button", { name: "Show more: Corvale" })).toBeFocused();
        // A click anywhere on the tile flips it, and flips it back (spec site.md section 4).
        await corvale.getByText("Medium SUV").click();
        await expect(corvale.getByText("Corvale at a glance")).toBeVisible();
        await corvale.getByText("Corvale at a glance").click();
        await expect(corvale.getByText("Corvale at a glance")).toBeHidden();
      }
    });

    test("stats banner: 4 per row for exactly 4 items, otherwise 6; items of the country only", async ({ page }, testInfo) => {
      await open(page, `/${country}/blocks/features`, testInfo);
      await expect(page.locator(".stats-banner", { hasText: "Exactly four" }).locator("dl")).toHaveAttribute("data-per-row", "4");
      const six = page.locator(".stats-banner", { hasText: "Six per row" });
      await expect(six.locator("dl")).toHaveAttribute("data-per-row", "6");
      await expect(six.locator(".stats-item")).toHaveCount(6);
      await expect(six.getByText(country === "au" ? "Capped-price servicing" : "Free WOF checks")).toBeVisible();
      await expect(six.getByText(country === "au" ? "Free WOF checks" : "Capped-price servicing")).toHaveCount(0);
    });

    test("FAQ accordion, quick help and expansion panels work by keyboard and without JavaScript", async ({ page }, testInfo) => {
      await open(page, `/${country}/blocks/panels`, testInfo);
      const faq = page.locator("#faq");
      await expect(faq.getByText(country === "au" ? "What does driveaway mean?" : "What are on-road costs?")).toBeVisible();
      const question = faq.getByText("How long is the Kestrel warranty?");
      const answer = faq.getByText("Seven years with unlimited kilometres.");
      await expect(answer).toBeHidden();
      await question.focus();
      await page.keyboard.press("Enter");
      await expect(answer).toBeVisible();
      if (!jsDisabled(testInfo)) {
        const faqEvents = () =>
          page.evaluate(() =>
            ((window as unknown as { dataLayer?: { event: string; faq_question?: string }[] }).dataLayer ?? []).filter((e) => e.event.startsWith("faq_")),
          );
        const expanded = { event: "faq_clicks_expanded", faq_question: "How long is the Kestrel warranty?" };
        // `toggle` fires in a later task: a second toggle before it ran would be one event (the
        // browser coalesces them), which a visitor's two clicks never are.
        await expect.poll(faqEvents).toEqual([expanded]);
        await question.click();
        await expect(answer).toBeHidden();
        await expect.poll(faqEvents).toEqual([expanded, { event: "faq_clicks_collapsed", faq_question: "How long is the Kestrel warranty?" }]);
      }

      const help = page.locator(".quick-help");
      await expect(help.getByRole("link", { name: country === "au" ? "Book a service" : "WOF and service" })).toHaveAttribute("href", `/${country}/contact-us`);
      await expect(help.getByRole("link", { name: "Email us" })).toHaveAttribute("href", "mailto:hello@kestrel.example");

      const panel = page.locator("#expansion");
      await expect(panel.getByText("blind-spot monitoring", { exact: false })).toBeHidden();
      await panel.getByText("Read More", { exact: true }).click();
      await expect(panel.getByText("blind-spot monitoring", { exact: false })).toBeVisible();
      await expect(panel.getByText("Read Less", { exact: true })).toBeVisible();
      await expect(panel.getByText("Read More", { exact: true })).toBeHidden();
      await panel.getByText("Read Less", { exact: true }).click();
      await expect(panel.getByText("Read More", { exact: true })).toBeVisible();

      // A single-open group closes the other panel.
      const group = page.locator(".expansion-panel-group");
      const panels = group.locator("details");
      await panels.nth(0).getByText("Read More").click();
      await expect(panels.nth(0)).toHaveAttribute("open", "");
      await panels.nth(1).getByText("Read More").click();
      await expect(panels.nth(1)).toHaveAttribute("open", "");
      await expect(panels.nth(0)).not.toHaveAttribute("open", "");
    });

    test("model page: hero, sub navigation to its sections, stats and FAQ; no axe violations", async ({ page }, testInfo) => {
      const errors = collectPageErrors(page);
      await open(page, `/${country}/models/suv/tarrak`, testInfo);
      const nav = page.getByRole("navigation", { name: "Tarrak" });
      for (const [label, id] of [
        ["Overview", "overview"],
        ["Highlights", "highlights"],
        ["Features", "features"],
        ["Variants", "variants"],
        ["Specifications", "specifications"],
        ["FAQ", "faq"],
      ]) {
        await expect(nav.getByRole("link", { name: label })).toHaveAttribute("href", `#${id}`);
        await expect(page.locator(`#${id}`)).toHaveCount(1);
      }
      await nav.getByRole("link", { name: "FAQ" }).click();
      await expect(page).toHaveURL(/#faq$/);
      await expect(page.getByRole("heading", { name: "Tarrak questions" })).toBeInViewport();
      // The bar sticks at the top for the rest of the page; the section it jumped to starts below it.
      // It is at the top of the viewport, or right below the header while the header is slid in
      // (scroll anchoring may move the page up a little as blocks near the FAQ are laid out, and
      // scrolling up slides the header in). Polled through the 0.25 s transitions.
      const belowHeader = () =>
        page.evaluate(() => {
          const header = document.querySelector(".site-header")!;
          const top = Math.round(document.querySelector(".sub-navigation")!.getBoundingClientRect().top);
          return header.matches("[data-pinned]") ? top - Math.round(header.getBoundingClientRect().bottom) : top;
        });
      await expect.poll(belowHeader).toBe(0);
      const bar = (await nav.boundingBox())!;
      expect((await page.locator("#faq").boundingBox())!.y).toBeGreaterThanOrEqual(bar.height);
      if (!jsDisabled(testInfo)) {
        // Scrolling up slides the header in: the bar moves below it.
        await page.mouse.wheel(0, -400);
        const header = page.locator(".site-header[data-pinned]");
        await expect(header).toBeVisible();
        // (Header and bar move together through the transition; then the bar is below the header.)
        const height = Math.round((await header.boundingBox())!.height);
        await expect.poll(async () => Math.round((await nav.boundingBox())!.y)).toBe(height);
        expect(await belowHeader()).toBe(0);
      }
      await expect(page.locator("#specifications").getByText(country === "au" ? "From, driveaway ($)" : "From, RRP ($)")).toBeVisible();
      await expect(page.locator(".hero-banner img").first()).toHaveAttribute("fetchpriority", "high");
      if (country === axeCountry(testInfo)) await expectNoAxeViolations(page, testInfo);
      expect(errors).toEqual([]);
    });
  });
}

test.describe("hero banner", () => {
  test("the first hero on home loads its first image eagerly with high priority, the rest lazily", async ({ page }, testInfo) => {
    await open(page, "/au", testInfo);
    const images = page.locator(".hero-banner img");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    await expect(images.first()).toHaveAttribute("width", "1920");
    await expect(images.first()).toHaveAttribute("height", "1080");
    await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
    await expect(page.locator(".feature-blocks .feature-item")).toHaveCount(3);
  });

  test.describe("with JavaScript", () => {
    test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "autoplay needs JavaScript");

    // The page's timers run on Playwright's clock, paused from the start (a slow page load must
    // not let the autoplay run): the test moves time on instead of waiting.
    async function pauseClock(page: Page) {
      await page.clock.install({ time: new Date("2026-01-01T00:00:00Z") });
      await page.clock.pauseAt(new Date("2026-01-01T00:00:01Z"));
    }
    test("autoplays every 4 s and the pause control holds it", async ({ page }, testInfo) => {
      await pauseClock(page);
      await open(page, "/au/blocks/heroes", testInfo);
      const carousel = page.getByRole("region", { name: "Kestrel highlights" });
      await leave(page);
      expect(await currentDot(carousel)).toBe(0);
      await page.clock.runFor(3_500);
      expect(await currentDot(carousel)).toBe(0);
      await page.clock.runFor(1_500);
      await expect.poll(() => currentDot(carousel)).toBe(1);
      await carousel.getByRole("button", { name: "Pause slideshow" }).click();
      await expect(carousel.getByRole("button", { name: "Play slideshow" })).toHaveAttribute("aria-pressed", "true");
      await leave(page);
      const held = await currentDot(carousel);
      await page.clock.runFor(10_000);
      expect(await currentDot(carousel)).toBe(held);
      await carousel.getByRole("button", { name: "Play slideshow" }).click();
      await leave(page);
      await page.clock.runFor(5_000);
      await expect.poll(() => currentDot(carousel)).not.toBe(held);
    });

    test("holds while the mega menu is open and for prefers-reduced-motion", async ({ page }, testInfo) => {
      await pauseClock(page);
      await open(page, "/au/blocks/heroes", testInfo);
      const carousel = page.getByRole("region", { name: "Kestrel highlights" });
      await leave(page);
      await page.evaluate(() => document.body.classList.add("mega-menu-open"));
      await page.clock.runFor(10_000);
      expect(await currentDot(carousel)).toBe(0);
      await page.evaluate(() => document.body.classList.remove("mega-menu-open"));
      await page.clock.runFor(5_000);
      await expect.poll(() => currentDot(carousel)).toBe(1);

      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.reload();
      await waitForHydration(page, testInfo);
      await leave(page);
      await page.clock.runFor(10_000);
      expect(await currentDot(carousel)).toBe(0);
    });

    test("previous, next and dot controls move the slides", async ({ page }, testInfo) => {
      await open(page, "/au/blocks/heroes", testInfo);
      const carousel = page.getByRole("region", { name: "Kestrel highlights" });
      await carousel.getByRole("button", { name: "Pause slideshow" }).click();
      await carousel.getByRole("button", { name: "Next slide" }).click();
      await expect.poll(() => currentDot(carousel)).toBe(1);
      await carousel.getByRole("button", { name: "Go to slide 3 of 3" }).click();
      await expect.poll(() => currentDot(carousel)).toBe(2);
      await expect(carousel.getByRole("heading", { name: "Drive away today" })).toBeInViewport();
    });
  });
});

test.describe("video and modals", () => {
  test("a button linking a video plays it in a modal; Escape closes it and focus returns", async ({ page }, testInfo) => {
    await open(page, "/au/blocks/heroes", testInfo);
    const watch = page.getByRole("region", { name: "Kestrel highlights" }).getByRole("link", { name: "Watch the film" });
    await expect(watch).toHaveAttribute("href", "/media/kestrel-drive.mp4");
    if (jsDisabled(testInfo)) return; // without JavaScript the link opens the video file
    await watch.click();
    const dialog = page.getByRole("dialog", { name: "Watch the film" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("video")).toHaveAttribute("src", "/media/kestrel-drive.mp4");
    await expect(page.locator("body")).toHaveClass(/modal-open/);
    expect(page.url()).toMatch(/\/au\/blocks\/heroes$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(watch).toBeFocused();
    await expect(page.locator("body")).not.toHaveClass(/modal-open/);
  });

  test("a grid block with a video asset link opens a video modal that traps focus and closes on the overlay", async ({ page }, testInfo) => {
    await open(page, "/au/blocks/cards", testInfo);
    const link = page.getByRole("link", { name: "Watch: the Kestrel drive" });
    await expect(link).toHaveAttribute("href", "/media/kestrel-drive.mp4");
    if (jsDisabled(testInfo)) return;
    await link.click();
    const dialog = page.getByRole("dialog", { name: "Watch: the Kestrel drive" });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.mouse.click(5, 300); // the overlay around the dialog
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("cards and tiles", () => {
  test("hover tiles link to sections of the page", async ({ page }, testInfo) => {
    await open(page, "/au/blocks/cards", testInfo);
    const tile = page.getByRole("link", { name: "Call-to-action cards" });
    await expect(tile).toHaveAttribute("href", "#cta-cards");
    await tile.click();
    await expect(page).toHaveURL(/#cta-cards$/);
    await expect(page.getByRole("heading", { name: "Find your Kestrel" })).toBeInViewport();
  });

  test("the card carousel keeps every card reachable", async ({ page }, testInfo) => {
    await open(page, "/au/blocks/cards", testInfo);
    const carousel = page.getByRole("region", { name: "Explore the range" });
    await expect(carousel.locator(".card__heading")).toHaveText(["Tarrak", "Corvale", "Kordan", "Solenne", "Mirra"]);
    if (jsDisabled(testInfo)) {
      expect(await isScrollableRow(carousel.locator(".carousel__track"))).toBe(true);
      return;
    }
    // Focus moving to a card out of view brings it into view.
    await carousel.getByRole("link", { name: "Mirra" }).focus();
    await expect(carousel.getByRole("link", { name: "Mirra" })).toBeInViewport();
  });

  test("the expanding grid opens a panel from its heading; all open without JavaScript", async ({ page }, testInfo) => {
    await open(page, "/au/blocks/cards", testInfo);
    const grid = page.locator(".expanding-grid");
    if (jsDisabled(testInfo)) {
      await expect(grid.getByText("A one-tonne payload", { exact: false })).toBeVisible();
      await expect(grid.getByText("Tight turning circle", { exact: false })).toBeVisible();
      return;
    }
    // Its island hydrates as it nears the viewport (it changes its layout once it runs).
    await grid.scrollIntoViewIfNeeded();
    await expect(grid.getByText("A one-tonne payload", { exact: false })).toBeHidden();
    await grid.getByRole("button", { name: "Work" }).click();
    await expect(grid.getByRole("button", { name: "Work" })).toHaveAttribute("aria-expanded", "true");
    await expect(grid.getByText("A one-tonne payload", { exact: false })).toBeVisible();
  });
});

test.describe("feature blocks", () => {
  test("show 3 items, 4 for the grid variants and for horizontal on mobile", async ({ page }, testInfo) => {
    await open(page, "/au/blocks/features", testInfo);
    const visibleItems = (variant: string) => page.locator(`.feature-blocks--${variant} .feature-item:visible`);
    await expect(visibleItems("vertical")).toHaveCount(3);
    await expect(visibleItems("horizontal")).toHaveCount(3);
    await expect(visibleItems("grid-above")).toHaveCount(4);
    await expect(visibleItems("grid-below")).toHaveCount(4);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(visibleItems("horizontal")).toHaveCount(4);
    await expect(visibleItems("vertical")).toHaveCount(3);
  });

  test("the step slider shows every step", async ({ page }, testInfo) => {
    await open(page, "/nz/blocks/features", testInfo);
    await expect(page.getByRole("region", { name: "How to buy your Kestrel" }).locator(".step__heading")).toHaveText([
      "Build yours",
      "Book a test drive",
      "Sort the finance",
      "Drive away",
    ]);
  });
});

test.describe("finance-page tracking identifiers", () => {
  test("call-to-action buttons under /finance carry the enquiry-tracking identifier", async ({ page }, testInfo) => {
    for (const path of ["/au/finance", "/au/finance/contact"]) {
      await open(page, path, testInfo);
      const buttons = page.locator("main a.button");
      expect(await buttons.count()).toBeGreaterThan(0);
      for (const button of await buttons.all()) {
        if ((await button.textContent())?.trim() === "View offers") await expect(button).not.toHaveAttribute("data-button-id");
        else await expect(button).toHaveAttribute("data-button-id", "finance-enquiry");
      }
    }
    // Elsewhere content buttons carry none.
    await open(page, "/au/blocks/cards", testInfo);
    await expect(page.locator("main a.button[data-button-id]")).toHaveCount(0);
  });
});

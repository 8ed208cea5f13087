import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const COUNTRIES = ["au", "nz"] as const;

/** True in the project that runs with JavaScript disabled. */
export function jsDisabled(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled === false;
}

/** Fails on uncaught page errors and console errors (hydration mismatches among them). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/Failed to load resource: the server responded with a status of 404/.test(msg.text())) {
      errors.push(`console: ${msg.text()}`);
    }
  });
  return errors;
}

/** Waits until React has hydrated the document (JavaScript project only). */
export async function waitForHydration(page: Page, testInfo: TestInfo) {
  if (jsDisabled(testInfo)) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The country whose pages a project checks with axe where a test runs for both countries: au with
 * JavaScript, nz without. Both countries and both renderings are covered, each page type once per
 * project, which halves the slowest part of the suite (an axe run takes seconds on a busy machine).
 */
/**
 * Resolves once the page has stopped scrolling (scrollY the same over several frames). A
 * Playwright click scrolls its target into view at once, which cuts short a smooth scroll still
 * under way and the one the click itself starts; a visitor's next click comes after it.
 */
export async function waitForScrollToSettle(page: Page, testInfo: TestInfo) {
  // Without JavaScript scrolling is the browser's own (to an anchor, at once), and no script can watch it.
  if (jsDisabled(testInfo)) return;
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 10) resolve(true);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

export function axeCountry(testInfo: TestInfo): (typeof COUNTRIES)[number] {
  return jsDisabled(testInfo) ? "nz" : "au";
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Lays out every block at once: a page's later blocks are otherwise laid out and painted only near
 * the viewport (`content-visibility`, ADR 022). Works without JavaScript too (the style goes in
 * through Playwright's own script). `undo()` returns the page to normal.
 */
export async function layOutEveryBlock(page: Page): Promise<{ undo: () => Promise<void> }> {
  const id = "lay-out-every-block";
  await page.evaluate((styleId) => {
    const style = Object.assign(document.createElement("style"), { id: styleId });
    style.textContent = ".blok-spacing, .blok-contents { content-visibility: visible !important }";
    document.head.append(style);
  }, id);
  return { undo: () => page.evaluate((styleId) => document.getElementById(styleId)?.remove(), id) };
}

/**
 * WCAG 2.2 AA checks with axe on the current page; fails the test on any violation. axe needs
 * script, so in the JavaScript-off project the same URL is loaded in a context where scripts run
 * but the site's own bundles are blocked: axe then sees exactly the server-rendered document.
 */
export async function expectNoAxeViolations(page: Page, testInfo: TestInfo, options: { exclude?: string[] } = {}) {
  let target = page;
  let cleanup = async () => {};
  if (jsDisabled(testInfo)) {
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser for the axe check");
    const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() ?? undefined });
    target = await context.newPage();
    // Chromium's own URL blocking: page.route would pause every request of the page (each image
    // and stylesheet) for a round trip to the test.
    const cdp = await context.newCDPSession(target);
    await cdp.send("Network.enable");
    await cdp.send("Network.setBlockedURLs", { urls: ["*/assets/*.js"] });
    await target.goto(page.url());
    cleanup = () => context.close();
  }
  try {
    // Without frames, axe runs in one pass in the page (legacy mode): the default mode runs it per
    // frame, then opens a blank page, injects axe there again and merges the results in it, which
    // doubles the time of a scan for the same result. With a frame (a video embed), the default
    // mode also checks cross-origin frames.
    const frameless = target.frames().length === 1;
    let builder = new AxeBuilder({ page: target }).withTags(AXE_TAGS).setLegacyMode(frameless);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    // axe's checks that hit-test (target size, contrast against what is behind) would find nothing
    // painted in the blocks far from the viewport; the visitor sees each block laid out as it comes
    // near. So the check sees every block laid out, which gives the same page (the performance spec
    // proves it).
    const laidOut = await layOutEveryBlock(target);
    const results = await builder.analyze();
    await laidOut.undo();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  } finally {
    await cleanup();
  }
}

const DOCUMENT_MARK = "__e2eDocumentMark";

/**
 * Marks the document the page shows (JavaScript project): a document navigation replaces it, and
 * the mark with it; a client-side navigation would keep it. See `expectNewDocument`.
 */
export async function markDocument(page: Page) {
  await page.evaluate((key) => Object.assign(window, { [key]: true }), DOCUMENT_MARK);
}

/**
 * Waits until the page shows another document than the one `markDocument` marked (the URL may
 * change before the old document is gone, so it polls; an evaluation during the swap may fail).
 */
export async function expectNewDocument(page: Page) {
  await expect
    .poll(() => page.evaluate((key) => (window as unknown as Record<string, unknown>)[key] === true, DOCUMENT_MARK).catch(() => "navigating"))
    .toBe(false);
}

export interface RecordedPush {
  event: string;
  path: string;
  /** The document that pushed it (its `performance.timeOrigin`): tells documents of the same URL apart. */
  document: number;
  data: Record<string, unknown>;
}

const DATA_LAYER_LOG = "e2e:dataLayer";

/**
 * Records every push to `window.dataLayer`, in every document the page loads from now on, in the
 * tab's sessionStorage: synchronously, as it happens, so a push made just before a document
 * navigation (a click tracked on a link) is kept when the document goes. Read with `recordedPushes`.
 */
export async function recordDataLayer(page: Page) {
  await page.addInitScript((key) => {
    const layer: unknown[] = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []);
    const push = layer.push.bind(layer);
    layer.push = (...entries: unknown[]) => {
      const log = JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown[];
      for (const entry of entries) {
        const { event, ...data } = entry as { event: string };
        log.push({ event, path: location.pathname, document: performance.timeOrigin, data });
      }
      sessionStorage.setItem(key, JSON.stringify(log));
      return push(...entries);
    };
  }, DATA_LAYER_LOG);
}

/** The pushes `recordDataLayer` recorded so far, in order, across documents (empty while a document is being replaced). */
export async function recordedPushes(page: Page): Promise<RecordedPush[]> {
  return page
    .evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as RecordedPush[], DATA_LAYER_LOG)
    .catch(() => []);
}

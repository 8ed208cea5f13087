import { expect, test, type Request } from "@playwright/test";
import { collectPageErrors, jsDisabled, layOutEveryBlock, waitForHydration } from "./helpers";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "consent", value: "1", url: baseURL ?? "http://localhost:3200" }]);
});

test("images: AVIF/WebP pictures with sizes set, the first hero eager; HTML ETag/304; image and webhook errors", async ({ page, request }, testInfo) => {
  const errors = collectPageErrors(page);
  const avif: string[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/media/") && r.headers()["content-type"] === "image/avif") avif.push(new URL(r.url()).pathname);
  });
  const response = await page.goto("/au");
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);

  // Every image in the page has its size set (no layout shift); the first hero loads first.
  const images = page.locator("main img");
  const attrs = await images.evaluateAll((els) => els.map((e) => [e.getAttribute("width"), e.getAttribute("height"), e.getAttribute("loading")]));
  expect(attrs.length).toBeGreaterThan(3);
  for (const [w, h] of attrs) expect(Number(w) > 0 && Number(h) > 0).toBe(true);
  const hero = page.locator("main .hero__media img").first();
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("loading", "eager");
  expect(attrs.filter(([, , loading]) => loading === "eager")).toHaveLength(1);
  const sources = page.locator("main .hero__media").first().locator("source:not([media])");
  expect(await sources.evaluateAll((els) => els.map((e) => e.getAttribute("type")))).toEqual(["image/avif", "image/webp"]);

  // The browser picks the AVIF candidate of the shown width (1280 px desktop viewport, density 1).
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const current = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(current).toMatch(/\/m\/1280x\d+\/filters:(focal\([^)]*\):)?format\(avif\)$/);
  expect(avif).toContain(new URL(current).pathname);

  // Image service: long-lived caching, bad URLs 400 with JSON.
  const image = await request.get(new URL(current).pathname);
  expect(image.headers()["cache-control"]).toContain("max-age=2592000");
  const bad = await request.get("/media/hero-home.jpg/m/99999x10");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ error: expect.stringMatching(/limited/) });

  // HTML: a weak ETag of the body, 304 when unchanged; published pages are shared-cacheable.
  const first = await request.get("/au/news");
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^W\/"/);
  expect(first.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  const again = await request.get("/au/news", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);

  // The publish webhook refuses unsigned calls.
  const hook = await request.post("/api/storyblok-webhook", { data: { action: "published" } });
  expect(hook.status()).toBe(401);
  if (!jsDisabled(testInfo)) expect(errors).toEqual([]);
});

test("a listing under the page's intro text loads its first card's image first, the rest lazily", async ({ page }) => {
  for (const [path, card] of [
    ["/au/news", ".listing-card"],
    ["/nz/owners-club/events", ".listing-card"],
    ["/au/offers", ".offer-card"],
  ] as const) {
    await page.goto(path);
    const first = page.locator(`main ${card} img`).first();
    await expect(first, path).toHaveAttribute("loading", "eager");
    await expect(first, path).toHaveAttribute("fetchpriority", "high");
    const loading = await page.locator("main img").evaluateAll((els) => els.map((e) => e.getAttribute("loading")));
    expect(loading.filter((l) => l === "eager"), path).toHaveLength(1);
    expect(loading.length, path).toBeGreaterThan(1);
  }
});

test("islands: a page loads the chunks of the blocks that do something; the rest keeps its server HTML and its links navigate in the app", async ({ page }, testInfo) => {
  test.skip(jsDisabled(testInfo), "hydration needs JavaScript");
  const errors = collectPageErrors(page);

  // A news article has no interactive block: none hydrates, and its content is the server's HTML.
  await page.goto("/au/news/mirra-gt-launch");
  await waitForHydration(page, testInfo);
  const listed = await page.evaluate(() => (window as unknown as { __hydrateBlocks?: unknown }).__hydrateBlocks);
  expect(listed).toEqual([]);
  await expect(page.locator("main .blok-root[data-island]")).toHaveCount(1);

  // Home hydrates its hero (a slider) and loads its code; static blocks stay islands. (The chunk's
  // name is the build's choice: small chunks fold into a neighbour, so the test checks behaviour.)
  await page.goto("/au");
  await waitForHydration(page, testInfo);
  const home = (await page.evaluate(() => (window as unknown as { __hydrateBlocks?: string[] }).__hydrateBlocks)) ?? [];
  expect(home).toContain("hero-banner");
  await expect(page.locator("main .hero-banner .carousel__pause").first()).toBeVisible();
  await expect(page.locator("main [data-island] .hero-banner")).toHaveCount(0);
  const island = page.locator("main [data-island]").first();
  await expect(island).toBeVisible();

  // A link inside an island navigates without a new document (the marker set on window survives).
  await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
  const link = page.locator("main [data-island] a[href^='/au/']:not([href*='.'])").first();
  const href = await link.getAttribute("href");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href!.split(/[?#]/)[0]}`));
  await waitForHydration(page, testInfo);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test("islands' content is not in a document's page data: the HTML stays, and a client navigation renders it", async ({ page }, testInfo) => {
  test.skip(jsDisabled(testInfo), "hydration needs JavaScript");
  const errors = collectPageErrors(page);
  const TEXT = "All three rows are built for adults";
  const response = await page.goto("/au/models/suv/tarrak");
  // The text is in the HTML once: the island's content is not sent again as page data (ADR 031).
  expect((await response!.text()).split(TEXT).length - 1).toBe(1);
  await waitForHydration(page, testInfo);
  const island = page.locator("main [data-island]", { hasText: TEXT }).first();
  await expect(island).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __hydrateBlocks?: string[] }).__hydrateBlocks)).not.toContain("text-content");

  // Away and back in the app: the page renders from the data request, with the island's content.
  await page.locator("header a[href='/au']").first().click();
  await expect(page).toHaveURL(/\/au$/);
  await page.goBack();
  await expect(page.locator("main", { hasText: TEXT })).toBeVisible();
  expect(errors).toEqual([]);
});

test("chunk hints: the server's HTML preloads every script a page loads to hydrate, so none is announced late", async ({ page }, testInfo) => {
  test.skip(jsDisabled(testInfo), "hydration needs JavaScript");
  const errors = collectPageErrors(page);
  // Links that scripts insert once the document is parsed (Vite's preload helper does so for a
  // dynamic import's files that no link announces yet).
  await page.addInitScript(() => {
    const late: string[] = ((window as unknown as { __lateLinks: string[] }).__lateLinks = []);
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLLinkElement && node.rel === "modulepreload" && document.readyState !== "loading") late.push(node.getAttribute("href") ?? "");
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ["/au/models/suv/tarrak", "/nz", "/au/offers", "/au/contact-us"]) {
    const html = await (await page.request.get(path)).text();
    const announced = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
    const scripts: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    };
    page.on("request", onRequest);
    await page.goto(path, { waitUntil: "networkidle" });
    await waitForHydration(page, testInfo);
    page.off("request", onRequest);
    const hydrating = (await page.evaluate(() => (window as unknown as { __hydrateBlocks?: string[] }).__hydrateBlocks)) ?? [];
    expect(hydrating.length, path).toBeGreaterThan(0);
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(scripts.filter((script) => !announced.has(script)), path).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __lateLinks: string[] }).__lateLinks), path).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("later blocks are laid out only near the viewport, and the page looks the same as without that", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const wrappers = ".blok-root > * > :is(.blok-spacing, .blok-contents)";
  // Every wrapper's and the footer's box, in document coordinates, and the document's height.
  const boxes = () =>
    page.evaluate(
      (selector) =>
        [...document.querySelectorAll(`${selector}, .site-footer`)]
          .map((e) => e.getBoundingClientRect())
          .map((r) => [r.top + scrollY, r.height])
          .concat([[document.documentElement.scrollHeight, 0]]),
      wrappers,
    );
  // The boxes that moved or changed size by a pixel or more (layout inside containment may round a
  // fraction of a pixel differently).
  const moved = (before: number[][], after: number[][]) =>
    after.flatMap((box, i) => (box.every((v, k) => Math.abs(v - before[i][k]) < 1) ? [] : [`#${i}: ${before[i].join(",")} → ${box.join(",")}`]));
  for (const path of ["/au/models/suv/tarrak", "/nz", "/au/blocks/cards"]) {
    await page.goto(path);
    await waitForHydration(page, testInfo);
    const visibility = await page.locator(wrappers).evaluateAll((els) => els.map((e) => getComputedStyle(e).contentVisibility));
    // The first two blocks (the top of the page) are always laid out; the later ones near the viewport.
    expect(visibility.slice(0, 2), path).toEqual(["visible", "visible"]);
    expect(visibility.slice(2).filter((v) => v === "auto").length, path).toBeGreaterThan(2);

    // Scrolled through once, every block has been laid out: its place and size are the same as with
    // every block laid out up front (the spacing between blocks does not depend on it).
    // (Playwright waits for an element to be stable, two frames, before it scrolls to it: so each
    // block is rendered in view before the next, and the last one before the footer.)
    for (const block of await page.locator(`${wrappers}:not(:empty), .site-footer`).all()) await block.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    const contained = await boxes();
    await layOutEveryBlock(page);
    const laidOut = await boxes();
    expect(laidOut.length, path).toBe(contained.length);
    expect(moved(contained, laidOut), path).toEqual([]);
  }

  // An open popover may reach past its block: that block is then laid out and painted in full.
  await page.goto("/au/blocks/cards");
  await waitForHydration(page, testInfo);
  const block = page.locator(wrappers).filter({ has: page.locator(".popover") }).last();
  await expect(block).toHaveCSS("content-visibility", "auto");
  await block.locator(".popover__toggle").click();
  await expect(block.locator(".popover__content")).toBeVisible();
  await expect(block).toHaveCSS("content-visibility", "visible");
});

test("a carousel's controls take the space held for them: the page does not move when it starts", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const carousel = page.locator("section.accessories-carousel .carousel");
  const height = () => carousel.evaluate((e) => e.getBoundingClientRect().height);
  if (jsDisabled(testInfo)) {
    // No controls come: nothing is held, the row of slides is all there is.
    await page.goto("/au/models/suv/tarrak");
    await expect(carousel.locator(".carousel__reserve")).toBeHidden();
    await expect(carousel.locator(".carousel__arrows")).toBeHidden();
    await expect(carousel.getByRole("button")).toHaveCount(0);
    return;
  }
  // Far down the page, the accessories carousel has not started after hydration.
  await page.goto("/au/models/suv/tarrak");
  await waitForHydration(page, testInfo);
  await expect(carousel).not.toHaveClass(/carousel--ready/);
  const held = await height();
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveClass(/carousel--ready/);
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeVisible();
  expect(Math.abs((await height()) - held)).toBeLessThan(0.5);

  // Loaded at the FAQ below it, the carousel starts as the page hydrates: the FAQ stays in place.
  await page.goto("/au/models/suv/tarrak#faq");
  await page.waitForLoadState("load");
  const faq = page.locator("#faq");
  const top = () => faq.evaluate((e) => Math.round(e.getBoundingClientRect().top));
  const before = await top();
  await waitForHydration(page, testInfo);
  await expect(carousel).toHaveClass(/carousel--ready/);
  expect(await top()).toBe(before);
});

test("the configurator's image carousel keeps its height as it hydrates (its controls' room is held)", async ({ page }, testInfo) => {
  test.skip(jsDisabled(testInfo), "without JavaScript no controls come");
  await page.setViewportSize({ width: 390, height: 800 });
  const carousel = page.locator(".build-carousel").first();
  const height = () => carousel.evaluate((e) => e.getBoundingClientRect().height);
  // The server's page as it is before hydration: scripts on, but the app's scripts never load.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/au/config/tarrak");
  await expect(carousel.locator("img").first()).toBeVisible();
  const server = await height();
  await page.unroute("**/assets/*.js");
  await page.goto("/au/config/tarrak");
  await waitForHydration(page, testInfo);
  await expect(carousel.getByRole("button", { name: "Next image" })).toBeVisible();
  expect(Math.abs((await height()) - server)).toBeLessThan(0.5);
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page, type Request } from "@playwright/test";
import { collectPageErrors, expectNewDocument, jsDisabled, layOutEveryBlock, markDocument, waitForHydration } from "./helpers";

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

/** The islands' build manifest (vite.islands.config.ts), as the server reads it (app/islands/assets.server.ts). */
function islandsManifest(): Record<string, { file: string; name?: string; src?: string; imports?: string[]; dynamicImports?: string[] }> {
  return JSON.parse(readFileSync(path.join("build", "client", "islands", ".vite", "manifest.json"), "utf8"));
}

/**
 * The script files only a `block` island loads: the chunks the entry imports for the block
 * registry (app/entry.islands.ts; the other islands' modules are named entries with a source,
 * the registry's are chunks of the build's own making), and every block chunk the registry can
 * import (named by source, or folded into a chunk of the build's naming).
 */
function blockChunkFiles(): Set<string> {
  const manifest = islandsManifest();
  const registry = (manifest["app/entry.islands.ts"]?.dynamicImports ?? []).filter((key) => !manifest[key]?.src && manifest[key]?.name !== "islands-runtime");
  const blocks = registry.flatMap((key) => manifest[key].dynamicImports ?? []);
  return new Set([...registry, ...blocks].map((key) => `/islands/${manifest[key].file}`));
}

/** The scripts the page requests from now on, by path. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test("islands: only the blocks that do something hydrate and load code; static blocks stay server HTML and their links load a new document", async ({ page }, testInfo) => {
  test.skip(jsDisabled(testInfo), "hydration needs JavaScript");
  const errors = collectPageErrors(page);
  const blockChunks = blockChunkFiles();
  const heroChunk = `/islands/${islandsManifest()["app/blocks/hero-banner/hero-banner.tsx"].file}`;
  expect(blockChunks).toContain(heroChunk);
  expect(blockChunks.size).toBeGreaterThan(10);

  // A news article has no interactive block: no block island, and no block code loads. Its header
  // and pricing modal wait for the visitor: the page loads its entry alone, and no React.
  let scripts = scriptRequests(page);
  await page.goto("/au/news/mirra-gt-launch", { waitUntil: "networkidle" });
  await waitForHydration(page, testInfo);
  await expect(page.locator('[data-island="block"]')).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const entry = `/islands/${islandsManifest()["app/entry.islands.ts"].file}`;
  expect(scripts).toEqual([entry]);
  await expect(page.locator("[data-island][data-island-ready]")).toHaveCount(0);
  // No framework runtime: no route data, no client router.
  expect(await page.evaluate(() => "__remixContext" in window || "__remixRouter" in window)).toBe(false);
  // Heading for the header (the pointer over it) loads React and the header's code, and no block's.
  await page.locator("header.site-header .menu-button").hover();
  await expect(page.locator('[data-island="site-header"]')).toHaveAttribute("data-island-ready", "");
  await expect(page.locator(".mega-menu[data-enhanced]")).toBeAttached();
  expect(scripts.some((script) => /\/react-[\w-]+\.js$/.test(script))).toBe(true);
  expect(scripts.filter((script) => blockChunks.has(script))).toEqual([]);

  // Home: its hero (a slider) is a block island that hydrates and loads its code; the static blocks
  // around it (text) are the server's HTML, with no island of their own.
  scripts = scriptRequests(page);
  await page.goto("/au", { waitUntil: "networkidle" });
  await waitForHydration(page, testInfo);
  const hero = page.locator('main [data-island="block"]').filter({ has: page.locator(".hero-banner") });
  await expect(hero).toHaveCount(1);
  await expect(hero).toHaveAttribute("data-island-ready", "");
  // The pause control is the hydrated carousel's (the server's HTML has none).
  await expect(hero.locator(".carousel__pause").first()).toBeVisible();
  expect(scripts).toContain(heroChunk);
  const wrappers = page.locator("main .blok-root > * > :is(.blok-spacing, .blok-contents)");
  const islands = await wrappers.evaluateAll((els) => els.map((e) => e.getAttribute("data-island")));
  expect(islands.filter((name) => name === null).length).toBeGreaterThan(2);
  await expect(page.locator("main .text-content").first()).toBeVisible();
  await expect(page.locator("main [data-island] .text-content")).toHaveCount(0);

  // A link in static content is a document navigation: a new document (the mark on window is gone), no data request.
  const href = await page.evaluate(() => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>("main a[href^='/au/']")].find(
      (a) => !a.closest("[data-island]") && !a.getAttribute("href")!.includes("#"),
    );
    link?.setAttribute("data-e2e-static-link", "");
    return link?.getAttribute("href") ?? null;
  });
  expect(href).not.toBeNull();
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data") || url.searchParams.has("_data")) dataRequests.push(url.pathname);
  });
  await markDocument(page);
  const documentRequest = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === href);
  await page.locator("[data-e2e-static-link]").click();
  await documentRequest;
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expectNewDocument(page);
  await waitForHydration(page, testInfo);
  expect(dataRequests).toEqual([]);
  expect(errors).toEqual([]);
});

test("static block content is in the HTML once, outside every island and its props; an island's props hold only its own blok", async ({ page }, testInfo) => {
  test.skip(jsDisabled(testInfo), "hydration needs JavaScript");
  const errors = collectPageErrors(page);
  const TEXT = "All three rows are built for adults";
  const response = await page.goto("/au/models/suv/tarrak");
  const html = await response!.text();
  // Once in the HTML: static content is not sent again as data for the browser.
  expect(html.split(TEXT).length - 1).toBe(1);
  await waitForHydration(page, testInfo);
  const text = page.locator("main", { hasText: TEXT }).getByText(TEXT);
  await expect(text).toBeVisible();
  // It is no island's content, and in no island's props.
  expect(await text.evaluate((e) => e.closest("[data-island]") === null)).toBe(true);
  const props = await page.locator("script[data-island-for]").evaluateAll((els) => els.map((e) => e.textContent ?? ""));
  expect(props.length).toBeGreaterThan(2);
  expect(props.filter((json) => json.includes(TEXT))).toEqual([]);

  // Each block island's props are its own blok and that blok's data, no other blok of the page.
  type Blok = { _uid: string; component: string };
  const islands = await page.locator('main [data-island="block"]').evaluateAll((els) =>
    els.map((e) => {
      const key = e.getAttribute("data-island-props");
      const script = document.querySelector(`script[data-island-for="${key}"]`);
      return { classes: e.firstElementChild?.className ?? "", props: JSON.parse(script?.textContent ?? "null") };
    }),
  );
  expect(islands.length).toBeGreaterThan(1);
  const bloksIn = (value: unknown, found: Blok[] = []): Blok[] => {
    if (Array.isArray(value)) for (const v of value) bloksIn(v, found);
    else if (value && typeof value === "object") {
      const blok = value as Blok;
      if (typeof blok._uid === "string" && typeof blok.component === "string") found.push(blok);
      for (const v of Object.values(value)) bloksIn(v, found);
    }
    return found;
  };
  const own = islands.map(({ props }) => new Set(bloksIn(props.blok).map((b) => b._uid)));
  islands.forEach(({ classes, props }, i) => {
    // The island renders the blok its props hold.
    expect(classes.split(" "), props.blok.component).toContain(props.blok.component);
    // Data only for its own bloks.
    expect(Object.keys(props.blockData ?? {}).filter((uid) => !own[i].has(uid)), props.blok.component).toEqual([]);
    // None of the other islands' bloks.
    const json = JSON.stringify(props);
    const others = own.flatMap((uids, j) => (j === i ? [] : [...uids].filter((uid) => !own[i].has(uid))));
    expect(others.filter((uid) => json.includes(uid)), props.blok.component).toEqual([]);
  });
  // One checked in full: the accessories carousel's props hold its blok and nothing else that is a blok.
  const accessories = islands.find(({ props }) => props.blok.component === "accessories-carousel");
  expect(accessories).toBeDefined();
  expect(bloksIn(accessories!.props).map((b) => b._uid)).toEqual([accessories!.props.blok._uid]);
  expect(Object.keys(accessories!.props.blockData)).toEqual([accessories!.props.blok._uid]);
  expect(errors).toEqual([]);
});

// Islands' pages only. The pages that hydrate whole (the configurator, app mode) run Remix's
// client build, whose entry (app/entry.client.tsx) loads every block's chunk by dynamic import
// before it hydrates: those chunks are announced by Vite's preload helper at run time, not by the
// server's HTML, so this guarantee is not made there.
test("the islands' entry is plain DOM code: it imports no chunk, React comes with the first island that hydrates", async () => {
  const manifest = islandsManifest();
  const entry = manifest["app/entry.islands.ts"];
  expect(entry.imports ?? []).toEqual([]);
  const runtime = Object.values(manifest).find((chunk) => chunk.name === "islands-runtime");
  expect(runtime, "the runtime's chunk").toBeDefined();
  expect(entry.dynamicImports?.map((key) => manifest[key].file)).toContain(runtime!.file);
  expect(runtime!.imports?.map((key) => manifest[key].file).some((file) => /\/react-[\w-]+\.js$/.test(file))).toBe(true);
});

test("chunk hints: every script an islands page loads is announced before it is asked for, in the HTML or all at once as its island wakes", async ({ page }, testInfo) => {
  test.skip(jsDisabled(testInfo), "hydration needs JavaScript");
  const errors = collectPageErrors(page);
  // Links that scripts insert once the document is parsed: the runtime announces a waiting
  // island's files (named on its container) as it wakes it; any other (a preload helper's, for a
  // dynamic import's files no link announced) would come late.
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
    const announced = new Set(
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"|<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => new URL(m[1] ?? m[2], "http://x").pathname),
    );
    const named = new Set([...html.matchAll(/data-island-chunks="([^"]+)"/g)].flatMap((m) => m[1]!.split(" ")));
    const scripts: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    };
    page.on("request", onRequest);
    await page.goto(path, { waitUntil: "networkidle" });
    await waitForHydration(page, testInfo);
    expect(await page.evaluate(() => "__remixContext" in window), path).toBe(false);
    await expect(page.locator('[data-island="block"]').first(), path).toBeAttached();
    // Every island woken, as a visitor heading for each would.
    await page.evaluate(() => {
      for (const island of document.querySelectorAll("[data-island]")) island.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    });
    await expect.poll(() => page.locator("[data-island]:not([data-island-ready])").count(), { message: path }).toBe(0);
    await page.waitForLoadState("networkidle");
    page.off("request", onRequest);
    expect(scripts.length, path).toBeGreaterThan(1);
    expect(scripts.filter((script) => !announced.has(script) && !named.has(script)), path).toEqual([]);
    const late = await page.evaluate(() => (window as unknown as { __lateLinks: string[] }).__lateLinks);
    expect(late.filter((href) => !named.has(href)), path).toEqual([]);
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

test("the cookie banner shows only once its button has been read: a half-read banner never paints short", async ({ page, context }) => {
  // The banner is fixed at the bottom but comes last in the streamed document; a paint between its
  // heading and its button showed it short, then grew it (a layout shift Lighthouse counted).
  await context.clearCookies({ name: "consent" });
  await page.goto("/au");
  const banner = page.locator(".cookie-banner");
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Accept cookies" }).evaluate((button) => button.remove());
  await expect(banner).toBeHidden();
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

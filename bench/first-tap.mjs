// `npm run bench` section (g), or alone `node bench/first-tap.mjs`: the first tap on a phone.
// Debian's Chromium (CHROME_PATH, /usr/bin/chromium) at 390×844 touch with the browser's own
// throttling (CDP: 4× CPU, 1.6 Mbps down, 750 Kbps up, 150 ms latency, as Lighthouse's mobile
// profile), a new context per run (no cached scripts). Each control is tapped right after load and,
// on another visit, once the page has settled (BENCH_TAP_SETTLE_MS, 5,000); the figure is the time
// from the tap's pointerdown to the first frame showing its effect (right after load, a visible
// response where a control has one before its effect: a configurator step marked pending while its
// page loads), median of BENCH_TAP_RUNS (5); BENCH_TAPS=<part of a name> times only those controls.
// Timed in the page (event timestamp to requestAnimationFrame), so the driver's round trips do not
// count. Figures only; on a shared machine they are noisy.
import { execFileSync } from "node:child_process";
import { chromium } from "@playwright/test";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_TAP_RUNS ?? 5);
const SETTLE_MS = Number(process.env.BENCH_TAP_SETTLE_MS ?? 5_000);
/** BENCH_TAPS=menu: only the controls whose name contains it. */
const ONLY = process.env.BENCH_TAPS?.toLowerCase();

/** The controls of issue 43, each with the page it is on and what shows its effect. */
export const TAPS = [
  {
    name: "Menu",
    path: "/au/news",
    control: ".site-header .menu-button",
    shown: `document.querySelector('.site-header details.mega-menu[open] .mega-menu__panel, .site-header .mega-menu[data-open] .mega-menu__panel')?.checkVisibility()`,
  },
  {
    name: "Configure your pricing",
    path: "/au/models/suv/tarrak",
    control: 'main a[href$="#configure-pricing"]',
    shown: `[...document.querySelectorAll('[role="dialog"]')].some((d) => d.textContent.includes('Configure your pricing') && d.checkVisibility())`,
  },
  {
    name: "Offer tab (Finance)",
    path: "/au/offers",
    control: ".offer-card [role='radiogroup'] label:has-text('Finance')",
    shown: `document.querySelector('.offer-card .offer-card__panel--finance')?.checkVisibility()`,
  },
  {
    name: "Configurator step (Summary)",
    path: "/au/config/tarrak",
    control: ".configurator a:text-is('Summary')",
    shown: `[...document.querySelectorAll('#configurator-step h2')].some((h) => h.textContent === 'Summary')`,
    // Before the configurator runs the step is a page load: the step marked pending is the response.
    response: `document.querySelector('.configurator__step[data-pending]')?.textContent.includes('Summary')`,
  },
  {
    name: "Dealer More Info",
    path: "/au/dealer-locator?q=3121",
    control: "details.dealer-card__more > summary",
    shown: `document.querySelector('details.dealer-card__more')?.open`,
  },
];

async function throttle(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** One visit: load, wait `settleMs`, tap, time the effect or response (ms), or null when neither showed in 15 s. */
async function tapOnce(browser, base, tap, settleMs) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await throttle(page);
    await page.goto(base + tap.path, { waitUntil: "load", timeout: 60_000 });
    if (settleMs) await page.waitForTimeout(settleMs);
    const control = page.locator(tap.control).first();
    await control.scrollIntoViewIfNeeded();
    // Reported through a binding: a tap that loads a page (a link) still reports its figure.
    let report = () => {};
    const reported = new Promise((resolve) => (report = resolve));
    await page.exposeFunction("__reportTap", (ms) => report(ms));
    await page.evaluate((shown) => {
      const test = new Function(`return (${shown});`);
      document.addEventListener(
        "pointerdown",
        (event) => {
          const at = event.timeStamp;
          const frame = () => {
            if (test()) {
              // Kept for the next document too: a report made as a link's page load starts can be lost.
              sessionStorage.setItem("__tap", String(performance.now() - at));
              window.__reportTap(performance.now() - at);
            }
            else if (performance.now() - at > 15_000) window.__reportTap(`not shown in 15 s at ${location.pathname}${location.search}`);
            else requestAnimationFrame(frame);
          };
          frame();
        },
        { capture: true, once: true },
      );
    }, settleMs || !tap.response ? tap.shown : `(${tap.shown}) || (${tap.response})`);
    await control.tap();
    // A page that went away before its effect showed reports nothing.
    let figure = await Promise.race([reported, new Promise((resolve) => setTimeout(() => resolve("no report in 20 s"), 20_000))]);
    if (typeof figure === "string") {
      const kept = await page.evaluate(() => sessionStorage.getItem("__tap")).catch(() => null);
      if (kept !== null) figure = Number(kept);
    }
    if (typeof figure === "string") throw new Error(figure);
    return figure;
  } catch (error) {
    console.error(`  ${tap.name}: a run gave no figure (${String(error?.message ?? error).split("\n")[0]})`);
    return null;
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

export async function firstTapBench({ base }) {
  const version = execFileSync(CHROME, ["--version"], { encoding: "utf8" }).trim();
  console.log(`\n(g) first tap on a phone (${version}; 390×844 touch, 4× CPU, 1.6 Mbps / 150 ms; median of ${RUNS}, ms from the tap to its effect)`);
  console.log(`${"control".padEnd(30)} ${"right after load".padStart(17)} ${`after ${SETTLE_MS / 1000} s`.padStart(12)}  runs (after load | settled)`);
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  try {
    for (const tap of TAPS.filter((t) => !ONLY || t.name.toLowerCase().includes(ONLY))) {
      const early = [];
      const settled = [];
      for (let run = 0; run < RUNS; run++) {
        early.push(await tapOnce(browser, base, tap, 0));
        settled.push(await tapOnce(browser, base, tap, SETTLE_MS));
      }
      const show = (v) => (v === null ? "–" : v.toFixed(0));
      console.log(
        `${tap.name.padEnd(30)} ${show(median(early)).padStart(17)} ${show(median(settled)).padStart(12)}  ${early.map(show).join(" ")} | ${settled.map(show).join(" ")}`,
      );
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startServer } = await import("./server.mjs");
  const { base, stop } = await startServer();
  try {
    await firstTapBench({ base });
  } finally {
    stop();
  }
}

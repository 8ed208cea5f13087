// `npm run bench:bundle`: the JavaScript each page loads on a first visit, measured in Chromium
// against the production build: every script the page requests until it has hydrated and the
// network is idle, at its gzip size (level 6, as the server compresses). Blocks load per page and only when
// they need JavaScript (ADR 020), so the figure is per page, not per route. Chunks loaded later on
// demand (a modal opened, the Google map with a key) are not part of a first visit.
// Prints figures; no assertions. Env: BENCH_PORT (3305), CHROME_PATH (/usr/bin/chromium),
// BENCH_PAGES=all (every sitemap page of both countries; default: one page per kind).
import { chromium } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** Content pages must stay at or under this much gzip JavaScript (issue 14). */
export const CONTENT_PAGE_BUDGET_KB = 100;

export const SAMPLE_PAGES = [
  "/au",
  "/nz",
  "/au/models/suv/tarrak",
  "/au/offers",
  "/au/news",
  "/au/news/dealer-network-expands",
  "/au/owners-club/events",
  "/au/finance",
  "/au/dealer-locator",
  "/au/contact-us",
  "/au/config/tarrak",
];

async function sitemapPages(base) {
  const urls = [];
  const read = async (url) => {
    const xml = await (await fetch(url)).text();
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      if (loc.endsWith(".xml")) await read(loc);
      else urls.push(new URL(loc).pathname);
    }
  };
  await read(`${base}/sitemap.xml`);
  return [...new Set(urls)];
}

const gzipSizes = new Map();
/** The gzip size of a built file (build/client), as the server sends it. */
function gzipSize(urlPath) {
  if (!gzipSizes.has(urlPath)) {
    const file = path.join("build/client", urlPath);
    gzipSizes.set(urlPath, existsSync(file) ? gzipSync(readFileSync(file), { level: 6 }).length : 0);
  }
  return gzipSizes.get(urlPath);
}

/** Per page: the scripts a first visit loads, with their transfer sizes. */
export async function bundleReport(base, { chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium", all = process.env.BENCH_PAGES === "all" } = {}) {
  const pages = all ? await sitemapPages(base) : SAMPLE_PAGES;
  const browser = await chromium.launch({ executablePath: chrome, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  const rows = [];
  try {
    const context = await browser.newContext();
    for (const path of pages) {
      const page = await context.newPage();
      const scripts = new Map();
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.set(new URL(request.url()).pathname, gzipSize(new URL(request.url()).pathname));
      });
      const response = await page.goto(base + path, { waitUntil: "networkidle" });
      await page.waitForSelector("html[data-hydrated]", { timeout: 15_000 }).catch(() => undefined);
      await page.waitForLoadState("networkidle");
      const status = response?.status() ?? 0;
      const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
      rows.push({ path, status, files: scripts.size, kb: bytes / 1024, chunks: [...scripts.keys()].map((p) => p.replace(/^\/assets\//, "")) });
      await page.close();
      // Each page is a first visit: no cached scripts.
      await context.clearCookies();
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return rows;
}

export function printBundleReport(rows) {
  console.log(`\nJavaScript per page, first visit (transfer size, gzip; content pages budget ${CONTENT_PAGE_BUDGET_KB} KB)`);
  console.log(`${"page".padEnd(52)} ${"files".padStart(5)} ${"KB".padStart(7)}  budget`);
  for (const r of [...rows].sort((a, b) => b.kb - a.kb || a.path.localeCompare(b.path))) {
    const ok = r.kb <= CONTENT_PAGE_BUDGET_KB ? "ok" : "OVER";
    console.log(`${r.path.padEnd(52)} ${String(r.files).padStart(5)} ${r.kb.toFixed(1).padStart(7)}  ${ok}${r.status === 200 ? "" : ` (HTTP ${r.status})`}`);
  }
  const sizes = rows.map((r) => r.kb).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const over = rows.filter((r) => r.kb > CONTENT_PAGE_BUDGET_KB).length;
  console.log(`${rows.length} pages: median ${median.toFixed(1)} KB, max ${(sizes.at(-1) ?? 0).toFixed(1)} KB, ${over} over the budget`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { startServer } = await import("./server.mjs");
  const { base, stop } = await startServer();
  try {
    const rows = await bundleReport(base);
    if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 1));
    else printBundleReport(rows);
  } finally {
    stop();
  }
}

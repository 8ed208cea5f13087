// `npm run bench`: prints the performance figures of the production build (issue 14).
//  (a) server-render throughput and p50/p99 latency (autocannon) of home, a model page, the
//      configurator and a news page, side by side with the same page's HTML served as a static
//      file by the same server; the ratio is the figure;
//  (b) gzip JavaScript per page on a first visit, measured in Chromium (bench/bundle.mjs);
//  (c) Lighthouse mobile and desktop scores with Debian's chromium.
// Figures only: nothing here passes or fails. The machine's cores are shared by the load generator
// and the server, so compare figures with each other, never treat them as capacity.
// Env: BENCH_PORT (3305), BENCH_DURATION seconds per run (10), BENCH_CONNECTIONS (10),
// CHROME_PATH (/usr/bin/chromium), BENCH_SKIP=load,bundle,lighthouse to skip parts.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { bundleReport, printBundleReport } from "./bundle.mjs";
import { BASE, startServer } from "./server.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const OUT = ".cache/bench";
const STATIC_DIR = "build/client/__bench";

const LOAD_PAGES = [
  ["home", "/au"],
  ["model", "/au/models/suv/tarrak"],
  ["configurator", "/au/config/tarrak"],
  ["news", "/au/news/dealer-network-expands"],
];
const LIGHTHOUSE_PAGES = [
  ["home", "/au"],
  ["model", "/au/models/suv/tarrak"],
  ["offers", "/au/offers"],
  ["news", "/au/news"],
  ["configurator", "/au/config/tarrak"],
];

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function load() {
  mkdirSync(STATIC_DIR, { recursive: true });
  const rows = [];
  for (const [name, page] of LOAD_PAGES) {
    // Warm the content cache and the image-free render path, then snapshot the HTML.
    const html = await (await fetch(BASE + page)).text();
    writeFileSync(path.join(STATIC_DIR, `${name}.html`), html);
    const ssr = await run(BASE + page);
    const stat = await run(`${BASE}/__bench/${name}.html`);
    rows.push({ name, page, kb: Buffer.byteLength(html) / 1024, ssr, stat });
  }
  rmSync(STATIC_DIR, { recursive: true, force: true });
  console.log(`\n(a) Server render vs the same HTML as a static file (autocannon, ${CONNECTIONS} connections, ${DURATION} s each, uncompressed)`);
  console.log(`${"page".padEnd(36)} ${"HTML KB".padStart(7)} | ${"SSR req/s".padStart(9)} ${"p50".padStart(5)} ${"p99".padStart(5)} | ${"static req/s".padStart(12)} ${"p50".padStart(5)} ${"p99".padStart(5)} | ratio`);
  for (const r of rows) {
    const ratio = r.stat.requests.average / Math.max(1, r.ssr.requests.average);
    const errors = r.ssr.non2xx + r.ssr.errors + r.stat.non2xx + r.stat.errors;
    console.log(
      `${`${r.name} ${r.page}`.padEnd(36)} ${r.kb.toFixed(0).padStart(7)} | ${r.ssr.requests.average.toFixed(0).padStart(9)} ${`${r.ssr.latency.p50}`.padStart(5)} ${`${r.ssr.latency.p99}`.padStart(5)} | ${r.stat.requests.average.toFixed(0).padStart(12)} ${`${r.stat.latency.p50}`.padStart(5)} ${`${r.stat.latency.p99}`.padStart(5)} | ${ratio.toFixed(1)}x${errors ? `  (${errors} errors/non-2xx)` : ""}`,
    );
  }
  console.log("latency in ms; ratio = static req/s ÷ SSR req/s");
}

function lighthouse() {
  mkdirSync(OUT, { recursive: true });
  const flags = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage";
  const rows = [];
  for (const [name, page] of LIGHTHOUSE_PAGES) {
    for (const preset of ["mobile", "desktop"]) {
      const out = path.join(OUT, `lh-${name}-${preset}.json`);
      const args = [BASE + page, "--quiet", "--output=json", `--output-path=${out}`, `--chrome-flags=${flags}`];
      if (preset === "desktop") args.push("--preset=desktop");
      const result = spawnSync("node_modules/.bin/lighthouse", args, { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "pipe"] });
      if (result.status !== 0 || !existsSync(out)) {
        rows.push({ name, page, preset, error: result.stderr?.toString().trim().split("\n").pop() ?? "failed" });
        continue;
      }
      const report = JSON.parse(readFileSync(out, "utf8"));
      const score = (k) => Math.round((report.categories[k]?.score ?? 0) * 100);
      const failing = Object.values(report.categories)
        .flatMap((c) => c.auditRefs.filter((a) => a.weight > 0 && report.audits[a.id].score !== null && report.audits[a.id].score < 1).map((a) => a.id))
        .filter((v, i, all) => all.indexOf(v) === i);
      rows.push({
        name,
        page,
        preset,
        perf: score("performance"),
        a11y: score("accessibility"),
        bp: score("best-practices"),
        seo: score("seo"),
        lcp: report.audits["largest-contentful-paint"].numericValue,
        tbt: report.audits["total-blocking-time"].numericValue,
        cls: report.audits["cumulative-layout-shift"].numericValue,
        failing,
      });
    }
  }
  console.log(`\n(c) Lighthouse ${"12.8.2"} (${CHROME}; simulated throttling; reports in ${OUT}/)`);
  console.log(`${"page".padEnd(30)} ${"preset".padEnd(7)} perf a11y  bp  seo   LCP ms  TBT ms    CLS  failing audits`);
  for (const r of rows) {
    if (r.error) {
      console.log(`${`${r.name} ${r.page}`.padEnd(30)} ${r.preset.padEnd(7)} error: ${r.error}`);
      continue;
    }
    console.log(
      `${`${r.name} ${r.page}`.padEnd(30)} ${r.preset.padEnd(7)} ${String(r.perf).padStart(4)} ${String(r.a11y).padStart(4)} ${String(r.bp).padStart(3)} ${String(r.seo).padStart(4)} ${r.lcp.toFixed(0).padStart(8)} ${r.tbt.toFixed(0).padStart(7)} ${r.cls.toFixed(3).padStart(6)}  ${r.failing.join(", ")}`,
    );
  }
}

const server = await startServer();
try {
  if (!SKIP.has("load")) await load();
  if (!SKIP.has("bundle")) {
    console.log("\n(b) gzip JavaScript per page, first visit");
    printBundleReport(await bundleReport(BASE));
  }
  if (!SKIP.has("lighthouse")) lighthouse();
} finally {
  server.stop();
}

// `npm run bench:lighthouse` and section (c) of `npm run bench`: Lighthouse on five pages, each
// next to two references measured in the same run:
//  - page:   the live page from the production server;
//  - floor:  the same HTML without any <script> element nor <link rel="modulepreload">, as a
//            static file: what the page would score with no JavaScript at all;
//  - static: the same bytes as the page, unchanged, as a static file: what the page would score if
//            the server cost nothing.
// Runs are interleaved (round 1: every page's page, floor, static; round 2: …), so that load from
// other work on the machine falls on the three alike, and each figure is the median of the rounds.
// Lighthouse scores depend on the browser and on the machine's speed, so every run prints the
// Chromium it used (and says when it is not the one a fresh machine installs from Debian) and
// Lighthouse's benchmarkIndex, and the load average at the start and the end.
// Env: BENCH_LH_RUNS (5), BENCH_LH_PRESETS (mobile; e.g. mobile,desktop), BENCH_LH_PAGES (all;
// e.g. home,configurator), CHROME_PATH (/usr/bin/chromium), BENCH_PORT (3305). Alone, it starts
// its own production server (after `npm run build`); `npm run bench` passes it its server.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Agent, createServer, request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";

export const LIGHTHOUSE_PAGES = [
  ["home", "/au"],
  ["model", "/au/models/suv/tarrak"],
  ["offers", "/au/offers"],
  ["news", "/au/news"],
  ["configurator", "/au/config/tarrak"],
];
// BENCH_LH_PAGES=home,configurator measures those alone (while working on one page).
const ONLY = (process.env.BENCH_LH_PAGES ?? "").split(",").map((p) => p.trim()).filter(Boolean);
const PAGES = ONLY.length ? LIGHTHOUSE_PAGES.filter(([name]) => ONLY.includes(name)) : LIGHTHOUSE_PAGES;
const VARIANTS = ["page", "floor", "static"];
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 5);
const PRESETS = (process.env.BENCH_LH_PRESETS ?? "mobile").split(",").map((p) => p.trim()).filter(Boolean);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage";
const LIGHTHOUSE_CLI = "node_modules/lighthouse/cli/index.js";
const OUT = ".cache/bench";
const FILES_DIR = "build/client/__bench";
// A run that hangs (Chromium stuck on a page) must not hold the whole bench.
const RUN_TIMEOUT_MS = 240_000;
// The goals of the live pages on mobile, from the medians.
const GOALS = { perf: 95, tbt: 200, cls: 0.02, other: 100 };

/** Output of a command, or null when it fails or is missing (dpkg and apt exist on Debian only). */
function output(command, args) {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

/**
 * The Chromium of the runs and whether it is Debian's: figures count on the package a fresh
 * machine installs, so a browser from elsewhere (or another version of the package) is named.
 */
function chromium(bin) {
  // Debian's /usr/bin/chromium is a wrapper script; its stderr has noise, the version is on stdout.
  const version = output(bin, ["--version"]) ?? `(${bin} --version failed)`;
  let real = bin;
  try {
    real = realpathSync(bin);
  } catch {
    return { version, note: `${bin} does not exist`, differs: true };
  }
  const owner = output("dpkg", ["-S", real]);
  const pkg = owner?.split(":")[0];
  if (!pkg) return { version, note: `${real} is not from a Debian package`, differs: true };
  if (pkg !== "chromium") return { version, note: `${real} is from the package ${pkg}, not Debian's chromium`, differs: true };
  const installed = output("dpkg-query", ["-W", "-f=${Version}", pkg]);
  const candidate = output("apt-cache", ["policy", pkg])?.match(/Candidate:\s*(\S+)/)?.[1];
  if (candidate && candidate !== "(none)" && candidate !== installed) {
    return { version, note: `Debian's chromium ${installed}, but apt would install ${candidate} on a fresh machine`, differs: true };
  }
  return { version, note: `Debian's chromium ${installed}${candidate ? ", the version apt installs (per this machine's package index)" : ""}`, differs: false };
}

/** Exits when there is no production build (a build takes minutes: it is the caller's to start). */
function requireBuild() {
  const needed = ["server-build/server.js", "build/server/index.js", "build/client/islands"];
  const missing = needed.filter((f) => !existsSync(f));
  if (missing.length) {
    console.error(`No production build (${missing.join(", ")} missing): run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Says so when a source file is newer than the build: the figures would be of older code. */
function staleBuildNote() {
  if (!existsSync("server-build/server.js") || !existsSync("build/server/index.js")) return;
  const built = Math.min(statSync("server-build/server.js").mtimeMs, statSync("build/server/index.js").mtimeMs);
  let newest = { file: "", mtime: 0 };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        const mtime = statSync(file).mtimeMs;
        if (mtime > newest.mtime) newest = { file, mtime };
      }
    }
  };
  walk("app");
  for (const file of ["server.ts", "server-app.ts", "vite.config.ts", "vite.islands.config.ts"]) {
    if (existsSync(file) && statSync(file).mtimeMs > newest.mtime) newest = { file, mtime: statSync(file).mtimeMs };
  }
  if (newest.mtime > built) console.log(`Note: ${newest.file} is newer than the build: run \`npm run build\` for figures of the current code.`);
}

/** The HTML without its scripts: every <script> element and every <link rel="modulepreload">. */
function floorOf(html) {
  let scripts = 0;
  let preloads = 0;
  const floor = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, () => (scripts++, ""))
    .replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi, () => (preloads++, ""));
  if (/<script\b/i.test(floor)) throw new Error("floor: a <script> was left in the HTML");
  return { floor, scripts, preloads };
}

// Headers of the page's response that belong to that one response, not to its bytes.
const RESPONSE_ONLY = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "etag", "x-request-id", "x-cache", "set-cookie", "age"]);

/**
 * A static-file server for one variant: on its own 127.0.0.1 port it answers each page's own path
 * with that page's file and passes every other request (/assets, /islands, /media, favicon, …) to
 * the app. Not express.static of build/client under /__bench/, for two reasons: a file from there
 * gets a fresh nonce CSP with 'strict-dynamic', under which none of the copied page's scripts
 * (trusted by hash) would run, so "static" would measure the floor; and the configurator is a
 * Remix document, whose router hydrates at the URL it finds, so the copy must have the page's
 * path. The file goes out with the page's own headers (its CSP with the scripts' hashes) and the
 * same compression middleware as the app. The pass-through adds one loopback hop to sub-resources,
 * well under a millisecond against the simulated network's round trips.
 */
async function variantServer(appBase, files) {
  const app = new URL(appBase);
  const agent = new Agent({ keepAlive: true });
  const compress = compression();
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const file = req.method === "GET" || req.method === "HEAD" ? files.get(pathname) : undefined;
    if (file) {
      compress(req, res, () => {
        res.writeHead(200, file.headers);
        res.end(req.method === "HEAD" ? undefined : readFileSync(file.path));
      });
      return;
    }
    const upstream = httpRequest(
      { host: app.hostname, port: app.port, method: req.method, path: req.url, headers: { ...req.headers, host: app.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.headersSent ? res.destroy() : res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections?.();
      server.close();
      agent.destroy();
    },
  };
}

/** One Lighthouse run in its own Chromium (the CLI launches and closes it). */
function lighthouseRun(url, preset, out, categories) {
  const args = [LIGHTHOUSE_CLI, url, "--quiet", "--output=json", `--output-path=${out}`, `--chrome-flags=${CHROME_FLAGS}`];
  if (preset === "desktop") args.push("--preset=desktop");
  if (categories) args.push(`--only-categories=${categories}`);
  rmSync(out, { force: true });
  return new Promise((resolve) => {
    // Asynchronous: the variant servers answer from this process while Lighthouse runs.
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    // SIGINT lets Lighthouse close its Chromium; SIGKILL if it does not.
    const timer = setTimeout(() => {
      child.kill("SIGINT");
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    }, RUN_TIMEOUT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0 || !existsSync(out)) return resolve({ error: stderr.trim().split("\n").pop() || `exit ${code}` });
      let report;
      try {
        report = JSON.parse(readFileSync(out, "utf8"));
      } catch (error) {
        return resolve({ error: `unreadable report: ${error.message}` });
      }
      if (report.runtimeError) return resolve({ error: `${report.runtimeError.code}: ${report.runtimeError.message}` });
      const score = (k) => (report.categories[k]?.score == null ? null : Math.round(report.categories[k].score * 100));
      const requests = report.audits["network-requests"]?.details?.items ?? [];
      resolve({
        perf: score("performance"),
        a11y: score("accessibility"),
        bp: score("best-practices"),
        seo: score("seo"),
        tbt: report.audits["total-blocking-time"]?.numericValue ?? null,
        lcp: report.audits["largest-contentful-paint"]?.numericValue ?? null,
        cls: report.audits["cumulative-layout-shift"]?.numericValue ?? null,
        // Shows what ran: the floor loads no script, the static copy the page's.
        jsKb: (report.audits["resource-summary"]?.details?.items ?? []).find((i) => i.resourceType === "script")?.transferSize / 1024,
        benchmarkIndex: report.environment?.benchmarkIndex ?? null,
        lighthouseVersion: report.lighthouseVersion,
        userAgent: report.environment?.hostUserAgent ?? "",
        failedRequests: requests.filter((r) => !(r.statusCode >= 200 && r.statusCode < 400)).map((r) => `${r.statusCode} ${r.url}`),
        warnings: report.runWarnings ?? [],
      });
    });
  });
}

function median(values) {
  const list = values.filter((v) => typeof v === "number").sort((a, b) => a - b);
  if (!list.length) return null;
  const mid = Math.floor(list.length / 2);
  return list.length % 2 ? list[mid] : (list[mid - 1] + list[mid]) / 2;
}

function stats(runs, key) {
  const values = runs.map((r) => r[key]).filter((v) => typeof v === "number");
  return values.length ? { median: median(values), min: Math.min(...values), max: Math.max(...values) } : null;
}

const loadAverage = () => os.loadavg().map((v) => v.toFixed(2)).join(" ");

/**
 * Measures every page of LIGHTHOUSE_PAGES in its three variants against the production server at
 * `base` and prints the figures. Reports: OUT/lh-<page>-<variant>-<preset>-<round>.json.
 */
export async function lighthouseBench({ base }) {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("BENCH_LH_RUNS: a whole number of runs, 1 or more");
  for (const preset of PRESETS) if (preset !== "mobile" && preset !== "desktop") throw new Error(`BENCH_LH_PRESETS: unknown preset ${preset} (mobile, desktop)`);
  if (ONLY.length && PAGES.length !== ONLY.length) throw new Error(`BENCH_LH_PAGES: the pages are ${LIGHTHOUSE_PAGES.map(([n]) => n).join(", ")}`);
  const started = Date.now();
  console.log(`\n(c) Lighthouse: live page, floor (its HTML without scripts) and static (its bytes as a file), median of ${RUNS} interleaved run${RUNS === 1 ? "" : "s"} after one discarded warm-up run per page, ${PRESETS.join(" and ")}, simulated throttling`);
  console.log(`load average at the start: ${loadAverage()} (${os.cpus().length} cores)`);
  if (os.loadavg()[0] > os.cpus().length) console.log(`NOTE: the machine is busy (load above its ${os.cpus().length} cores): compare the variants with each other, not with other runs.`);
  staleBuildNote();
  const browser = chromium(CHROME);
  console.log(`Chromium: ${browser.version} (${CHROME}: ${browser.note})`);
  if (browser.differs) console.log(`NOTE: this machine's Chromium differs from the one a fresh machine installs from Debian: these figures do not count as the project's.`);

  mkdirSync(OUT, { recursive: true });
  for (const file of readdirSync(OUT)) if (/^lh-.*\.json$/.test(file)) rmSync(path.join(OUT, file));

  // The HTML each variant serves, fetched once as a first visitor (no cookies). The second fetch
  // is the one copied: a page-cache HIT, the answer every live run gets too.
  mkdirSync(FILES_DIR, { recursive: true });
  const floorFiles = new Map();
  const staticFiles = new Map();
  const servers = [];
  try {
    for (const [name, page] of PAGES) {
      await (await fetch(base + page)).text();
      const response = await fetch(base + page);
      if (!response.ok) throw new Error(`${page}: ${response.status}`);
      const html = await response.text();
      const headers = {};
      response.headers.forEach((value, key) => {
        if (!RESPONSE_ONLY.has(key)) headers[key] = value;
      });
      const { floor, scripts, preloads } = floorOf(html);
      const floorPath = path.join(FILES_DIR, `${name}-floor.html`);
      const staticPath = path.join(FILES_DIR, `${name}-static.html`);
      writeFileSync(floorPath, floor);
      writeFileSync(staticPath, html);
      floorFiles.set(page, { path: floorPath, headers });
      staticFiles.set(page, { path: staticPath, headers });
      console.log(`${`${name} ${page}`.padEnd(31)} ${(Buffer.byteLength(html) / 1024).toFixed(0).padStart(4)} KB (${response.headers.get("x-cache") ?? "no X-Cache"}); floor ${(Buffer.byteLength(floor) / 1024).toFixed(0).padStart(4)} KB: ${scripts} scripts and ${preloads} modulepreloads removed`);
    }
    const floorServer = await variantServer(base, floorFiles);
    servers.push(floorServer);
    const staticServer = await variantServer(base, staticFiles);
    servers.push(staticServer);
    const origin = { page: base, floor: floorServer.base, static: staticServer.base };

    const results = new Map(); // `${preset} ${name} ${variant}` -> runs
    const retried = [];
    const all = [];
    for (const preset of PRESETS) {
      // One discarded run of each live page first: the image service encodes each size on its
      // first request, which would otherwise slow whichever variant came first.
      for (const [name, page] of PAGES) {
        const warm = await lighthouseRun(base + page, preset, path.join(OUT, `lh-${name}-warmup-${preset}.json`), "performance");
        if (warm.error) console.log(`warm-up ${name} ${preset}: ${warm.error}`);
        rmSync(path.join(OUT, `lh-${name}-warmup-${preset}.json`), { force: true });
      }
      for (let round = 1; round <= RUNS; round++) {
        for (const [name, page] of PAGES) {
          for (const variant of VARIANTS) {
            const out = path.join(OUT, `lh-${name}-${variant}-${preset}-${round}.json`);
            // Accessibility, best practices and SEO are the live page's; the references need only
            // performance (whose figures come from the trace, before the other audits run).
            const categories = variant === "page" ? undefined : "performance";
            let result = await lighthouseRun(origin[variant] + page, preset, out, categories);
            const key = `${preset} ${name} ${variant}`;
            // A busy machine now and then loses a trace (NO_NAVSTART): one retry keeps the median
            // of the runs asked for, and the failure stays in the notes.
            if (result.error) {
              retried.push({ key, error: result.error });
              result = await lighthouseRun(origin[variant] + page, preset, out, categories);
            }
            if (!results.has(key)) results.set(key, []);
            results.get(key).push(result);
            all.push(result);
          }
        }
        if (RUNS > 1) process.stderr.write(`lighthouse ${preset}: round ${round} of ${RUNS} done (${Math.round((Date.now() - started) / 1000)} s)\n`);
      }
    }

    const ok = all.filter((r) => !r.error);
    const versions = [...new Set(ok.map((r) => r.lighthouseVersion))].join(", ");
    const agents = [...new Set(ok.map((r) => r.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0]).filter(Boolean))].join(", ");
    const bi = stats(ok, "benchmarkIndex");
    console.log(`Lighthouse ${versions || "?"} (browser in its reports: ${agents || "?"}); reports in ${OUT}/lh-<page>-<variant>-<preset>-<round>.json`);
    console.log(`benchmarkIndex: median ${bi ? Math.round(bi.median) : "?"}, range ${bi ? `${Math.round(bi.min)}-${Math.round(bi.max)}` : "?"} over ${ok.length} runs (the warm-up runs not counted)`);
    // benchmarkIndex is the machine's speed as Lighthouse measured it at each run's start.
    if (bi && bi.max > 1.5 * bi.min) console.log(`NOTE: benchmarkIndex varied ${(bi.max / bi.min).toFixed(1)}x: the machine's speed changed during the run.`);

    // "median min-max" in a column of its own width.
    const cell = (s, width, digits = 0) => (s ? `${s.median.toFixed(digits)} ${s.min.toFixed(digits)}-${s.max.toFixed(digits)}` : "-").padEnd(width);
    const one = (s) => (s ? String(Math.round(s.median)).padStart(4) : "   -");
    const notes = new Map(); // message -> the runs it came from
    const note = (message, run) => notes.set(message, [...(notes.get(message) ?? []), run]);
    const goals = [];
    for (const preset of PRESETS) {
      console.log(`\n${preset}: median and min-max of ${RUNS} run${RUNS === 1 ? "" : "s"}; a11y, bp, SEO of the live page`);
      console.log(`${"page".padEnd(31)} ${"variant".padEnd(7)} ${"perf".padEnd(10)} ${"TBT ms".padEnd(15)} ${"LCP ms".padEnd(15)} ${"CLS".padEnd(19)} JS KB   BI a11y   bp  seo`);
      for (const [name, page] of PAGES) {
        for (const variant of VARIANTS) {
          const runs = results.get(`${preset} ${name} ${variant}`) ?? [];
          const good = runs.filter((r) => !r.error);
          const run = `${preset} ${name} ${variant}`;
          for (const r of runs) if (r.error) note(`run failed twice, left out: ${r.error}`, run);
          for (const r of good) {
            for (const failed of r.failedRequests) note(`request failed: ${failed}`, run);
            for (const warning of r.warnings) note(`Lighthouse: ${warning.replace(/\s+/g, " ").replace(/ Learn more.*$/, "")}`, run);
          }
          const s = (key) => stats(good, key);
          const label = variant === "page" ? `${name} ${page}` : "";
          const extra = variant === "page" ? `${one(s("a11y"))} ${one(s("bp"))} ${one(s("seo"))}` : "";
          console.log(
            `${label.padEnd(31)} ${variant.padEnd(7)} ${cell(s("perf"), 10)} ${cell(s("tbt"), 15)} ${cell(s("lcp"), 15)} ${cell(s("cls"), 19, 3)} ${one(s("jsKb")).padStart(5)} ${one(s("benchmarkIndex"))} ${extra}${good.length < runs.length ? `  (${runs.length - good.length} of ${runs.length} runs failed twice)` : ""}`,
          );
          if (preset === "mobile" && variant === "page") {
            const m = (key) => s(key)?.median;
            const missed = [];
            if (!(m("perf") >= GOALS.perf)) missed.push(`perf ${m("perf") ?? "?"}`);
            if (!(m("tbt") <= GOALS.tbt)) missed.push(`TBT ${m("tbt")?.toFixed(0) ?? "?"} ms`);
            if (!(m("cls") < GOALS.cls)) missed.push(`CLS ${m("cls")?.toFixed(3) ?? "?"}`);
            for (const key of ["a11y", "bp", "seo"]) if (!(m(key) >= GOALS.other)) missed.push(`${key} ${m(key) ?? "?"}`);
            goals.push(missed.length ? `${name} not met (${missed.join(", ")})` : `${name} met`);
          }
        }
      }
    }
    for (const { key, error } of retried) note(`run failed, then retried: ${error}`, key);
    if (notes.size) console.log("");
    for (const [message, runs] of notes) {
      const where = [...new Set(runs)];
      console.log(`note: ${message} (${runs.length} run${runs.length === 1 ? "" : "s"}: ${where.slice(0, 6).join(", ")}${where.length > 6 ? ", …" : ""})`);
    }
    if (goals.length) {
      console.log(`\nGoals (mobile, medians of the live page: perf >= ${GOALS.perf}, TBT <= ${GOALS.tbt} ms, CLS < ${GOALS.cls}, a11y/bp/SEO ${GOALS.other}): ${goals.filter((g) => g.endsWith(" met")).length} of ${goals.length} pages met`);
      console.log(goals.join("; "));
    }
    if (browser.differs) console.log(`NOTE: measured with a Chromium other than Debian's (${browser.note}).`);
    console.log(`load average at the end: ${loadAverage()}; ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    for (const server of servers) server.close();
    rmSync(FILES_DIR, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  requireBuild();
  const { startServer } = await import("./server.mjs");
  const server = await startServer();
  try {
    await lighthouseBench({ base: server.base });
  } finally {
    server.stop();
  }
}

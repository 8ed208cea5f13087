// `npm run bench`: prints the performance figures of the production build (issue 14).
//  (a) server-render throughput and p50/p99 latency (autocannon) of home, a model page, the
//      configurator and a news page, side by side with the same page's HTML served as a static
//      file by the same server; the ratio is the figure;
//  (b) gzip JavaScript per page on a first visit, measured in Chromium (bench/bundle.mjs);
//  (c) Lighthouse: each page beside its HTML without scripts and its bytes as a static file, median
//      of BENCH_LH_RUNS (5) interleaved runs, BENCH_LH_PRESETS (mobile) (bench/lighthouse.mjs).
// Figures only: nothing here passes or fails. The machine's cores are shared by the load generator
// and the server, so compare figures with each other, never treat them as capacity.
//  (d) a campaign run: 200 distinct visitors (each its own address; random consent, state, buyer
//      type and analytics cookies) on a page mix, BENCH_CAMPAIGN_CONNECTIONS (50) for
//      BENCH_CAMPAIGN_DURATION (30) s, quiet and then with a signed `published` webhook every
//      BENCH_PUBLISH_EVERY_MS (5000), side by side;
//  (e) an overload run: BENCH_OVERLOAD_CONNECTIONS (200) on distinct configurator builds for
//      BENCH_CAMPAIGN_DURATION s: peak memory (RSS), p99, share of fast 503s, /healthz latency;
//  (f) fair renders and bounded image work, quiet and under a crawl side by side (bench/fairness.mjs);
//  (g) the first tap on a phone, right after load and once settled (bench/first-tap.mjs).
// Env: BENCH_PORT (3305; the uncached server uses BENCH_PORT + 1), BENCH_DURATION seconds per
// run (10), BENCH_CONNECTIONS (10), CHROME_PATH (/usr/bin/chromium), BENCH_LH_RUNS (5),
// BENCH_LH_PRESETS (mobile; mobile,desktop adds desktop),
// BENCH_SKIP=load,bundle,lighthouse,campaign,overload,fair,tap to skip parts, BENCH_DEBUG=1 to print every
// health and readiness sample of (d) and (e).
import { createHmac } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import { bundleReport, printBundleReport } from "./bundle.mjs";
import { fairness } from "./fairness.mjs";
import { firstTapBench } from "./first-tap.mjs";
import { lighthouseBench } from "./lighthouse.mjs";
import { BASE, PORT, startServer } from "./server.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const STATIC_DIR = "build/client/__bench";

const LOAD_PAGES = [
  ["home", "/au"],
  ["model", "/au/models/suv/tarrak"],
  ["model NSW private", "/au/models/suv/tarrak", "auState=NSW; isABN=false; consent=1"],
  ["configurator", "/au/config/tarrak"],
  ["news", "/au/news/dealer-network-expands"],
];

function run(url, cookie = "", options = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers: cookie ? { cookie } : {}, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** (a) uncached render (a second server with PAGE_CACHE_MAX_BYTES=0), cached page (HIT), static file. */
async function load() {
  // One client (the load generator) measures render cost, not fairness: its share is the whole server.
  const uncached = await startServer({
    env: { PAGE_CACHE_MAX_BYTES: "0", RENDER_QUEUE: "1000", RENDER_CONCURRENCY_PER_CLIENT: "8", RENDER_QUEUE_PER_CLIENT: "1000", RENDER_RATE_PER_CLIENT: "0" },
    port: PORT + 1,
  });
  mkdirSync(STATIC_DIR, { recursive: true });
  const rows = [];
  try {
    for (const [name, page, cookie = ""] of LOAD_PAGES) {
      // Warm the content cache and the page cache, then snapshot the HTML.
      const html = await (await fetch(BASE + page, { headers: { cookie } })).text();
      const file = `${name.replace(/\W+/g, "-")}.html`;
      writeFileSync(path.join(STATIC_DIR, file), html);
      const ssr = await run(uncached.base + page, cookie);
      const hit = await run(BASE + page, cookie);
      const stat = await run(`${BASE}/__bench/${file}`);
      rows.push({ name, page, kb: Buffer.byteLength(html) / 1024, ssr, hit, stat });
    }
  } finally {
    uncached.stop();
    rmSync(STATIC_DIR, { recursive: true, force: true });
  }
  const cell = (r) => `${r.requests.average.toFixed(0).padStart(6)} ${`${r.latency.p50}`.padStart(4)} ${`${r.latency.p99}`.padStart(4)}`;
  console.log(`\n(a) Uncached render, cached page (HIT) and the same HTML as a static file (autocannon, ${CONNECTIONS} connections, ${DURATION} s each, uncompressed)`);
  console.log(`${"page".padEnd(40)} ${"KB".padStart(4)} | uncached req/s p50  p99 | HIT req/s  p50  p99 | static req/s p50  p99 | static÷uncached static÷HIT`);
  for (const r of rows) {
    const errors = r.ssr.non2xx + r.ssr.errors + r.hit.non2xx + r.hit.errors + r.stat.non2xx + r.stat.errors;
    const ratio = (a, b) => `${(a.requests.average / Math.max(1, b.requests.average)).toFixed(1)}x`;
    console.log(
      `${`${r.name} ${r.page}`.padEnd(40)} ${r.kb.toFixed(0).padStart(4)} | ${cell(r.ssr).padStart(23)} | ${cell(r.hit).padStart(19)} | ${cell(r.stat).padStart(21)} | ${ratio(r.stat, r.ssr).padStart(15)} ${ratio(r.stat, r.hit).padStart(10)}${errors ? `  (${errors} errors/non-2xx)` : ""}`,
    );
  }
  console.log("latency in ms");
}

const STATES = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"];
const CAMPAIGN_PAGES = ["/au", "/au/models/suv/tarrak", "/au/config/tarrak", "/au/news/dealer-network-expands", "/au/offers", "/nz", "/au/models/suv/tarrak?utm_source=tv&utm_campaign=eofy"];

/** 200 distinct visitors: random consent, state, buyer type and analytics cookies. */
function visitors(n = 200) {
  return Array.from({ length: n }, (_, i) => {
    const parts = [`_ga=GA1.2.${1000 + i}.${Date.now()}`, `_fbp=fb.1.${i}`];
    if (Math.random() < 0.5) parts.push("consent=1");
    if (Math.random() < 0.7) parts.push(`auState=${STATES[Math.floor(Math.random() * STATES.length)]}`);
    if (Math.random() < 0.7) parts.push(`isABN=${Math.random() < 0.5}`);
    return parts.join("; ");
  });
}

/**
 * Samples the server's resident memory (ps) and /healthz and /readyz latency while `work` runs,
 * from a worker thread (bench/sampler.mjs): its own event loop, not autocannon's.
 */
async function sampled(pid, work) {
  const sampler = new Worker(new URL("./sampler.mjs", import.meta.url), { workerData: { base: BASE, pid } });
  await new Promise((resolve, reject) => {
    sampler.once("message", resolve);
    sampler.once("error", reject);
  });
  const samples = new Promise((resolve, reject) => {
    sampler.once("message", resolve);
    sampler.once("error", reject);
  });
  let result;
  try {
    result = await work();
  } finally {
    sampler.postMessage("stop");
  }
  const { peakRss, health, ready } = await samples;
  if (process.env.BENCH_DEBUG) console.log("health samples (ms):", health.map((v) => Math.round(v)).join(" "), "\nready samples (ms):", ready.map((v) => Math.round(v)).join(" "));
  await sampler.terminate();
  const p50 = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const max = (list) => Math.max(0, ...list);
  return { result, peakRssMb: peakRss / 1024, healthP50: p50(health), healthMax: max(health), readyP50: p50(ready), readyMax: max(ready) };
}

const CAMPAIGN_DURATION = Number(process.env.BENCH_CAMPAIGN_DURATION ?? 30);
/** The bench server's webhook secret: (d) publishes through the signed webhook. */
const WEBHOOK_SECRET = "bench-webhook-secret-0123456789";
const PUBLISH_EVERY_MS = Number(process.env.BENCH_PUBLISH_EVERY_MS ?? 5000);
/** The story (d) publishes: an article, one of the campaign's pages. */
const PUBLISHED_STORY = { story_id: 667959431, full_slug: "news/dealer-network-expands", name: "Dealer network expands" };

/**
 * One campaign run: each visitor is its own client (its own address, in X-Forwarded-For, which
 * the server trusts from loopback), as 200 people on their own connections would be.
 */
function campaignRun(people, connections, duration) {
  let i = 0;
  const requests = [
    {
      setupRequest: (req) => {
        const n = i++;
        const visitor = people[n % people.length];
        return { ...req, path: CAMPAIGN_PAGES[n % CAMPAIGN_PAGES.length], headers: { ...req.headers, cookie: visitor.cookie, "x-forwarded-for": visitor.address } };
      },
    },
  ];
  const statuses = { refused: 0 };
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: BASE, connections, duration, requests }, (e, res) => (e ? reject(e) : resolve({ ...res, refused: statuses.refused })));
    instance.on("response", (_client, status) => {
      if (status === 503 || status === 429) statuses.refused++;
    });
  });
}

/**
 * Publishes the article through the signed webhook every PUBLISH_EVERY_MS while `work` runs. Each
 * body names its publish (its text): the local content's version does not move, and a body
 * already handled at the same version is a replay, which would cost nothing and prove nothing.
 */
async function publishing(work) {
  const answers = { cleared: 0, coalesced: 0, other: 0 };
  let n = 0;
  const publish = async () => {
    const body = JSON.stringify({ text: `The user published the Story ${PUBLISHED_STORY.name} (${++n})`, action: "published", space_id: 1, story_id: PUBLISHED_STORY.story_id, full_slug: PUBLISHED_STORY.full_slug });
    const signature = createHmac("sha1", WEBHOOK_SECRET).update(body).digest("hex");
    try {
      const res = await fetch(`${BASE}/api/storyblok-webhook`, { method: "POST", headers: { "Content-Type": "application/json", "webhook-signature": signature }, body });
      const answer = await res.json();
      answers[answer.cleared ? "cleared" : answer.coalesced ? "coalesced" : "other"]++;
    } catch {
      answers.other++;
    }
  };
  const timer = setInterval(publish, PUBLISH_EVERY_MS);
  try {
    await publish();
    return { result: await work(), publishes: n, answers };
  } finally {
    clearInterval(timer);
  }
}

async function campaign(server) {
  const people = visitors().map((cookie, i) => ({ cookie, address: `198.18.${i >> 8}.${(i & 255) + 1}` }));
  const connections = Number(process.env.BENCH_CAMPAIGN_CONNECTIONS ?? 50);
  // Every page and variant in the cache first, so both runs start alike.
  await campaignRun(people, connections, 5);
  const quiet = await sampled(server.pid, () => campaignRun(people, connections, CAMPAIGN_DURATION));
  await campaignRun(people, connections, 5);
  const busy = await sampled(server.pid, () => publishing(() => campaignRun(people, connections, CAMPAIGN_DURATION)));
  const published = busy.result;
  const row = (name, { result: r, peakRssMb, healthP50, healthMax }) =>
    console.log(
      `${name.padEnd(26)} ${r.requests.average.toFixed(0).padStart(6)} ${`${r.latency.p50}`.padStart(4)} ${`${r.latency.p99}`.padStart(5)} ${`${r.refused}`.padStart(8)} ${`${r.non2xx}`.padStart(8)} ${`${r.errors + r.timeouts}`.padStart(7)} ${peakRssMb.toFixed(0).padStart(8)} ${`${healthP50.toFixed(0)}/${healthMax.toFixed(0)}`.padStart(12)}`,
    );
  console.log(`\n(d) Campaign: 200 distinct visitors (each its own address and cookies) on ${CAMPAIGN_PAGES.length} pages, ${connections} connections, ${CAMPAIGN_DURATION} s; quiet, then with a signed \`published\` webhook of an article every ${PUBLISH_EVERY_MS / 1000} s`);
  console.log(`${"run".padEnd(26)} ${"req/s".padStart(6)} ${"p50".padStart(4)} ${"p99".padStart(5)} ${"refused".padStart(8)} ${"non-2xx".padStart(8)} ${"errors".padStart(7)} ${"RSS MB".padStart(8)} ${"/healthz p50/max".padStart(12)}`);
  row("quiet", quiet);
  row(`publishing (${published.publishes} publishes)`, { ...busy, result: published.result });
  const q = quiet.result;
  const p = published.result;
  const share = p.requests.average / Math.max(1, q.requests.average);
  const p99Goal = 1.5 * q.latency.p99 + 50;
  console.log(
    `publishing ÷ quiet: ${(100 * share).toFixed(0)} % of the throughput (goal ≥ 80 %), p99 ${p.latency.p99} ms against ${p99Goal.toFixed(0)} ms (1.5 × quiet + 50), ${p.refused} refused (goal 0); webhook answers: ${published.answers.cleared} invalidated, ${published.answers.coalesced} coalesced, ${published.answers.other} other; latency in ms`,
  );
}

async function overload(server) {
  const connections = Number(process.env.BENCH_OVERLOAD_CONNECTIONS ?? 200);
  const options = ["colour", "wheels", "trim", "variant"];
  let n = 0;
  const requests = [{ setupRequest: (req) => ({ ...req, path: `/au/config/tarrak?${options[n % 4]}=${n++}&acc=${n}` }) }];
  const statuses = { fast503: 0, other503: 0 };
  const { result: r, peakRssMb, healthP50, healthMax, readyP50, readyMax } = await sampled(server.pid, () =>
    new Promise((resolve, reject) => {
      const instance = autocannon({ url: BASE, connections, duration: CAMPAIGN_DURATION, requests, timeout: 60 }, (e, res) => (e ? reject(e) : resolve(res)));
      instance.on("response", (_client, status, _bytes, ms) => {
        if (status === 503) statuses[ms < 1000 ? "fast503" : "other503"]++;
      });
    }),
  );
  const total = r.requests.total || 1;
  console.log(`\n(e) Overload: ${connections} connections on distinct configurator builds, ${CAMPAIGN_DURATION} s`);
  console.log(`${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, 2xx ${r["2xx"]}, 503 within 1 s ${statuses.fast503} (${((100 * statuses.fast503) / total).toFixed(0)} %), slower 503 ${statuses.other503}, errors ${r.errors}, timeouts ${r.timeouts}, peak RSS ${peakRssMb.toFixed(0)} MB, /healthz p50 ${healthP50.toFixed(0)} ms, max ${healthMax.toFixed(0)} ms, /readyz p50 ${readyP50.toFixed(0)} ms, max ${readyMax.toFixed(0)} ms`);
}

const server = await startServer({ env: { STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET } });
try {
  if (!SKIP.has("load")) await load();
  if (!SKIP.has("campaign")) await campaign(server);
  if (!SKIP.has("overload")) await overload(server);
  if (!SKIP.has("bundle")) {
    console.log("\n(b) gzip JavaScript per page, first visit");
    printBundleReport(await bundleReport(BASE));
  }
  if (!SKIP.has("lighthouse")) await lighthouseBench({ base: BASE });
  if (!SKIP.has("tap")) await firstTapBench({ base: BASE });
} finally {
  server.stop();
}
// Its own fresh server (BENCH_PORT + 2): no page or image the runs above left in a cache.
if (!SKIP.has("fair")) await fairness();

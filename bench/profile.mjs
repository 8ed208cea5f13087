// `node bench/profile.mjs`: a CPU profile of the uncached production server under load (ADR 031).
// Starts server-build/server.js with --cpu-prof and PAGE_CACHE_MAX_BYTES=0 on BENCH_PORT + 2,
// drives autocannon (BENCH_CONNECTIONS, 10) for BENCH_DURATION (6) s on each of the model page,
// the configurator and home (BENCH_PROFILE=overload: the overload run's load), stops the server and prints the share of busy CPU (self time, idle
// excluded) per package, plus garbage collection and the requests served. Figures only.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild, PORT } from "./server.mjs";

const port = PORT + 2;
const base = `http://127.0.0.1:${port}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAGES = ["/au/models/suv/tarrak", "/au/config/tarrak", "/au"];
/** BENCH_PROFILE=overload: the overload run's load (200 connections on distinct builds) instead. */
const OVERLOAD = process.env.BENCH_PROFILE === "overload";
const dir = path.resolve(".cache/bench/cpu-prof");

ensureBuild();
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, "server-build/server.js"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", ...(OVERLOAD ? {} : { PAGE_CACHE_MAX_BYTES: "0", RENDER_QUEUE: "1000" }) },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    if (i > 100) throw new Error(`no server on ${port}`);
  }
  await new Promise((r) => setTimeout(r, 200));
}
const served = [];
if (OVERLOAD) {
  // The overload run's pattern: distinct configurator builds, most refused with the fast 503.
  let n = 0;
  const requests = [{ setupRequest: (req) => ({ ...req, path: `/au/config/tarrak?colour=${n++}` }) }];
  const result = await new Promise((resolve, reject) =>
    autocannon({ url: base, connections: 200, duration: DURATION, requests, timeout: 60 }, (e, r) => (e ? reject(e) : resolve(r))),
  );
  served.push(`overload ${result.requests.total} (${result.requests.average.toFixed(0)} req/s, 2xx ${result["2xx"]})`);
}
for (const page of OVERLOAD ? [] : PAGES) {
  await (await fetch(base + page)).text();
  const result = await new Promise((resolve, reject) =>
    autocannon({ url: base + page, connections: CONNECTIONS, duration: DURATION }, (e, r) => (e ? reject(e) : resolve(r))),
  );
  served.push(`${page} ${result.requests.total} (${result.requests.average.toFixed(0)} req/s)`);
}
await new Promise((resolve) => {
  child.once("exit", resolve);
  child.kill("SIGINT");
});

const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));

/** The package (node_modules/<name>), the app's own code, Node's internals, or a V8 pseudo-frame. */
function bucket(node) {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : `(native) ${functionName}`;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/build/server/")) return "app (build/server)";
  if (url.includes("/server-build/")) return "server (server-build)";
  return url;
}
const buckets = new Map();
const functions = new Map();
let busy = 0;
for (const [id, us] of self) {
  const node = byId.get(id);
  const name = bucket(node);
  if (name === "(idle)") continue;
  busy += us;
  buckets.set(name, (buckets.get(name) ?? 0) + us);
  const fn = `${node.callFrame.functionName || "(anonymous)"} ${name}`;
  functions.set(fn, (functions.get(fn) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
console.log(`CPU profile ${path.join(dir, file)}; busy ${(busy / 1e6).toFixed(1)} s; served ${served.join(", ")}`);
console.log("\nshare of busy CPU by package (self time)");
for (const [name, us] of [...buckets].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(us)}  ${name}`);
console.log("\ntop functions (self time)");
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(us)}  ${name}`);

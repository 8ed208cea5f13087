// A worker thread of the benchmark: samples the server's resident memory (ps) and the latency of
// /healthz and /readyz every `intervalMs` (250 ms) until told to stop. It runs apart from
// autocannon's event loop, which under 200 connections is itself saturated: timing a health check
// there measured the load generator's delays as well as the server's.
import { execFile } from "node:child_process";
import { parentPort, workerData } from "node:worker_threads";

// intervalMs (250): the pause between samples; memory is read at most every 250 ms (a `ps` each).
const { base, pid, intervalMs = 250 } = workerData;
let running = true;
parentPort.on("message", (message) => {
  if (message === "stop") running = false;
});

const rssKb = () =>
  new Promise((resolve) => execFile("ps", ["-o", "rss=", "-p", String(pid)], (error, stdout) => resolve(error ? 0 : Number(stdout.trim()) || 0)));

async function timed(path) {
  const start = performance.now();
  try {
    const response = await fetch(base + path, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return performance.now() - start;
  } catch {
    return 10_000;
  }
}

// The worker's own first fetch (connection, JIT) is not the server's latency; nor is the first
// /readyz, which starts the server's background readiness check (a balancer probes from start-up).
await timed("/healthz");
await timed("/readyz");
parentPort.postMessage("ready");
let peakRss = 0;
let rssAt = 0;
const health = [];
const ready = [];
while (running) {
  if (performance.now() - rssAt >= 250) {
    rssAt = performance.now();
    peakRss = Math.max(peakRss, await rssKb());
  }
  health.push(await timed("/healthz"));
  ready.push(await timed("/readyz"));
  await new Promise((r) => setTimeout(r, intervalMs));
}
parentPort.postMessage({ peakRss, health, ready });

// A worker thread of the benchmark, or a child process (forked with `{ base, pid, intervalMs }` as
// its first message): samples the server's resident memory (ps) and the latency of /healthz and
// /readyz every `intervalMs` (250 ms) until told to stop. It runs apart from autocannon's event
// loop, which under 200 connections is itself saturated: timing a health check there measured the
// load generator's delays as well as the server's.
import { execFile } from "node:child_process";
import { parentPort, workerData } from "node:worker_threads";

const channel = parentPort ?? {
  on: (event, listener) => process.on(event, listener),
  postMessage: (message) => process.send(message),
};
const { base, pid, intervalMs = 250 } = parentPort ? workerData : await new Promise((resolve) => process.once("message", resolve));
let running = true;
channel.on("message", (message) => {
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
channel.postMessage("ready");
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
channel.postMessage({ peakRss, health, ready });
if (!parentPort) process.disconnect();

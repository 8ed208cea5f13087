// The new-connection crawler of bench/fairness.mjs (section f3), in a worker thread: `workers`
// loops, each sending one request at a time on a new connection (`Connection: close`), as `curl`
// in a loop or `xargs -P` would, for distinct dealer searches (each a render) as one client
// (X-Forwarded-For). Posts "started", "limited" at its first 503 (its burst spent), then its counts
// when told to "stop".
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { base, client, workers } = workerData;
const agent = new http.Agent({ keepAlive: false });
const counts = { total: 0, ok: 0, s503: 0, fast503: 0, failed: 0 };
let running = true;
let n = 0;
parentPort.on("message", (message) => {
  if (message === "stop") running = false;
});

function get(path) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(`${base}${path}`, { agent, headers: { "x-forwarded-for": client, connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      res.on("error", () => resolve(null));
    });
    req.setTimeout(60_000, () => req.destroy());
    req.on("error", () => resolve(null));
  });
}

async function loop() {
  while (running) {
    const answer = await get(`/au/dealer-locator?q=close${n++}`);
    counts.total++;
    if (!answer) counts.failed++;
    else if (answer.status === 503) {
      if (counts.s503 === 0) parentPort.postMessage("limited");
      counts.s503++;
      if (answer.ms < 100) counts.fast503++;
    } else if (answer.status === 200) counts.ok++;
    else counts.failed++;
  }
}

parentPort.postMessage("started");
await Promise.all(Array.from({ length: workers }, loop));
parentPort.postMessage(counts);

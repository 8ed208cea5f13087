// A crawler for the fairness system test, in a worker thread: its connections' answers are
// handled on their own event loop, so the test's timings of the other visitor are not held up
// by the crawler's own work. `connections` loops, each on its own keep-alive socket, ask for
// distinct dealer searches as one client (X-Forwarded-For) until told to stop; then the answers
// are posted back, counted. It posts "warm" once every loop has had an answer (its connection
// open). With `close`, every request goes on a new connection (`Connection: close`), as `curl` in a
// loop or `xargs -P` would send them: no loop ever holds more than one render at a time.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { base, client, connections, close = false } = workerData;
const agent = close ? new http.Agent({ keepAlive: false }) : new http.Agent({ keepAlive: true, maxSockets: connections });
const counts = { total: 0, ok: 0, refused: 0, refusedFast: 0, refusedWithinSecond: 0, refusedWithRetryAfter: 0, refusedWithPage: 0, failed: 0 };
let running = true;
let n = 0;
parentPort.on("message", (message) => {
  if (message === "stop") running = false;
});

function get(path) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(`${base}${path}`, { agent, headers: { "x-forwarded-for": client, ...(close ? { connection: "close" } : {}) } }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, retryAfter: res.headers["retry-after"], body: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }));
      res.on("error", () => resolve(null));
    });
    req.setTimeout(60_000, () => req.destroy());
    req.on("error", () => resolve(null));
  });
}

let answered = 0;
async function loop() {
  let first = true;
  while (running) {
    const answer = await get(`/au/dealer-locator?q=crawl${n++}`);
    counts.total++;
    if (first && ++answered === connections) parentPort.postMessage("warm");
    first = false;
    if (!answer) counts.failed++;
    else if (answer.status === 503) {
      counts.refused++;
      if (answer.ms < 100) counts.refusedFast++;
      if (answer.ms < 1000) counts.refusedWithinSecond++;
      if (answer.retryAfter === "5") counts.refusedWithRetryAfter++;
      if (answer.body.includes("This page is temporarily unavailable")) counts.refusedWithPage++;
    } else if (answer.status === 200 || answer.status === 302) counts.ok++;
    else counts.failed++;
  }
}

parentPort.postMessage("started");
await Promise.all(Array.from({ length: connections }, loop));
agent.destroy();
parentPort.postMessage(counts);

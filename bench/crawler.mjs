// The crawler of bench/fairness.mjs, in a worker thread: autocannon's handling of thousands of
// answers a second would otherwise delay the visitor's requests timed on the benchmark's own
// event loop, and the figures would count the load generator's delays as the server's.
// workerData: base, client (its X-Forwarded-For), connections, seconds. Posts "started", "warm"
// once every connection has had an answer, then the counts when told to "stop" (or when its time
// is up).
import { parentPort, workerData } from "node:worker_threads";
import autocannon from "autocannon";

const { base, client, connections, seconds } = workerData;
const counts = { total: 0, s503: 0, fast503: 0, ok: 0 };
let n = 0;
const crawler = autocannon({
  url: base,
  connections,
  duration: seconds,
  timeout: 60,
  headers: { "x-forwarded-for": client },
  requests: [{ setupRequest: (req) => ({ ...req, path: `/au/dealer-locator?q=crawl${n++}` }) }],
});
const answered = new Set();
crawler.on("response", (client, status, _bytes, ms) => {
  counts.total++;
  if (answered.size < connections && answered.add(client).size === connections) parentPort.postMessage("warm");
  if (status === 200) counts.ok++;
  if (status === 503) {
    counts.s503++;
    if (ms < 100) counts.fast503++;
  }
});
const done = new Promise((resolve) => crawler.once("done", resolve));
parentPort.on("message", (message) => {
  if (message === "stop") crawler.stop();
});
parentPort.postMessage("started");
await done;
parentPort.postMessage(counts);

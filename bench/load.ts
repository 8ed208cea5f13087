/**
 * `npm run bench:load`: the production server on the fixture content under load, on 127.0.0.1.
 * 50 connections read a mix of pages for 30 s while a second load posts enquiries; prints
 * throughput, latency percentiles, errors and non-2xx answers, and the leads stored against the
 * leads acknowledged. Exits non-zero when a request failed or an acknowledged lead is missing.
 * Not a test: figures depend on the machine. Needs a build (`npm run build`).
 *
 *   BENCH_DURATION=30 BENCH_CONNECTIONS=50 BENCH_LEAD_CONNECTIONS=4 BENCH_PORT=3306 npm run bench:load
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import Database from "better-sqlite3";
import { contactUsLead, type LeadSender } from "../tests/support/leads";
import { freePort } from "../tests/support/net";

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LEAD_CONNECTIONS = Number(process.env.BENCH_LEAD_CONNECTIONS ?? 4);

/** The page mix: home pages, listings, a model, a news article, forms, the locator, finance. */
export const PAGE_MIX = [
  "/au",
  "/nz",
  "/au/offers",
  "/au/models/suv/tarrak",
  "/au/news",
  "/au/news/dealer-network-expands",
  "/au/contact-us",
  "/au/dealer-locator",
  "/au/finance",
  "/nz/offers",
];

async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not become healthy in 30 s");
}

const LOAD_SENDER: LeadSender = { firstName: "Load", lastName: "Bench", emailUser: "load", comments: "Load benchmark" };

function lead(n: number): string {
  return JSON.stringify(contactUsLead(n, LOAD_SENDER));
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

function report(name: string, result: Result): string[] {
  return [
    `${name}`,
    `  requests      ${result.requests.total} in ${result.duration.toFixed(1)} s (${result.requests.average.toFixed(1)} req/s)`,
    `  latency       p50 ${ms(result.latency.p50)}  p90 ${ms(result.latency.p90)}  p99 ${ms(result.latency.p99)}  max ${ms(result.latency.max)}`,
    `  throughput    ${(result.throughput.average / 1024 / 1024).toFixed(2)} MB/s`,
    `  errors        ${result.errors} (timeouts ${result.timeouts})`,
    `  non-2xx       ${result.non2xx}`,
  ];
}

async function main(): Promise<number> {
  if (!existsSync("server-build/server.js") || !existsSync("build/server/index.js")) {
    console.error("No build: run `npm run build` first.");
    return 1;
  }
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), "bench-load-"));
  const dbPath = path.join(dir, "leads.db");
  const server = spawn(process.execPath, ["server-build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      CONTENT_DIR: "content-fixtures",
      SITE_URL: base,
      LEADS_DB_PATH: dbPath,
      CRM_BASE_URL: "",
      // The benchmark is one client: the per-client limits would turn it into 429s.
      FORM_RATE_LIMIT: "100000000",
      POST_RATE_LIMIT: "100000000",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  // The server's warnings and errors (JSON lines on stderr), counted by message for the summary.
  const serverErrors = new Map<string, number>();
  let pendingLine = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    const lines = (pendingLine + chunk.toString("utf8")).split("\n");
    pendingLine = lines.pop() ?? "";
    for (const line of lines) {
      let msg = line;
      try {
        msg = String((JSON.parse(line) as { msg?: unknown }).msg ?? line);
      } catch {
        // not JSON: count the raw line
      }
      if (msg.trim()) serverErrors.set(msg.slice(0, 120), (serverErrors.get(msg.slice(0, 120)) ?? 0) + 1);
    }
  });
  try {
    await waitForHealth(base);
    // One warm-up pass, so the figures are for a running site, not for its first requests.
    for (const page of PAGE_MIX) {
      const res = await fetch(base + page);
      if (!res.ok) throw new Error(`${page} answered ${res.status} before the load`);
      await res.arrayBuffer();
    }
    const warm = await fetch(`${base}/api/form/`, { method: "POST", headers: { "Content-Type": "application/json" }, body: lead(0) });
    if (warm.status !== 201) throw new Error(`a lead post answered ${warm.status} before the load`);
    console.log(`Load: ${CONNECTIONS} connections reading ${PAGE_MIX.length} pages for ${DURATION} s, ${LEAD_CONNECTIONS} connections posting leads (${base})`);

    const acknowledged = new Set<string>();
    let n = 0;
    const [pages, leads] = await Promise.all([
      autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, timeout: 30, requests: PAGE_MIX.map((p) => ({ method: "GET", path: p })) }),
      autocannon({
        url: base,
        connections: LEAD_CONNECTIONS,
        duration: DURATION,
        timeout: 30,
        requests: [
          {
            method: "POST",
            path: "/api/form/",
            setupRequest: (request, context) => {
              const key = `bench-${process.pid}-${++n}`;
              context.key = key;
              return { ...request, headers: { "Content-Type": "application/json", "Idempotency-Key": key }, body: lead(n) };
            },
            onResponse: (status, _body, context) => {
              if (status === 201 || status === 200) acknowledged.add(String(context.key));
            },
          },
        ],
      }),
    ]);

    const db = new Database(dbPath, { readonly: true });
    const prefix = `bench-${process.pid}-`;
    const stored = new Set(
      (db.prepare("SELECT idempotency_key FROM leads").all() as { idempotency_key: string }[]).map((r) => r.idempotency_key).filter((k) => k.startsWith(prefix)),
    );
    db.close();
    const missing = [...acknowledged].filter((k) => !stored.has(k)).length;

    const lines = [
      ...report("Pages (GET)", pages),
      ...report("Leads (POST /api/form/)", leads),
      `Leads          ${stored.size} stored, ${acknowledged.size} acknowledged, ${missing} acknowledged but missing`,
      `  (stored beyond acknowledged: posts still in flight when the run ended)`,
      `Server log     ${[...serverErrors.values()].reduce((a, b) => a + b, 0)} warning/error lines`,
      ...[...serverErrors].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([msg, count]) => `  ${String(count).padStart(5)} × ${msg}`),
    ];
    console.log(lines.join("\n"));
    const failed = pages.errors + pages.non2xx + leads.errors + leads.non2xx + missing + (acknowledged.size === 0 ? 1 : 0);
    if (failed > 0) console.error(`FAILED: ${failed} errors, non-2xx answers or missing leads (or no lead acknowledged)`);
    return failed > 0 ? 1 : 0;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

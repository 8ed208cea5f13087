import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts, waitFor } from "../support/net";
import { contactUsLead, submittedKey } from "../support/leads";
import { startCrmStub, type CrmStub } from "../unit/forms/crm-stub";

/**
 * A rolling restart under load loses nothing: two production servers on one Postgres behind
 * Varnish with the shipped recipe and its several-instances backend (deploy/varnish/instances.vcl,
 * probes on /readyz). While 8 clients send pages, health checks and leads through Varnish without
 * pause, each server in turn gets SIGTERM, is seen draining (/readyz 503 while it still answers),
 * exits by itself with status 0, is started again and waited for until Varnish sees it healthy.
 * Every request is answered (no 5xx, no connection error) and every acknowledged lead is stored
 * once. Bounded: deadlines on every wait.
 */

const DATABASE_URL = (process.env.TEST_DATABASE_URL ?? "").trim();
const VARNISHD = [process.env.VARNISHD_PATH, "/usr/sbin/varnishd"].find((p): p is string => Boolean(p && existsSync(p)));
const VARNISHADM = [path.join(path.dirname(VARNISHD ?? "/usr/sbin/varnishd"), "varnishadm"), "/usr/bin/varnishadm"].find((p) => existsSync(p));
const BUILT = existsSync("server-build/server.js") && existsSync("build/server/index.js");
const VCL = path.resolve("deploy/varnish/default.vcl");
const CLIENTS = 8;
/** The default drain: above the recipe's probe (2 failed probes a second apart, plus one interval of phase). */
const DRAIN_MS = 5_000;

async function admin(sql: string): Promise<void> {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Instance {
  name: string;
  port: number;
  child: ChildProcess | null;
  log: string[];
}

const suite = DATABASE_URL && BUILT && VARNISHD && VARNISHADM ? describe : describe.skip;

suite("a rolling restart behind Varnish under load (production build)", () => {
  let dir = "";
  let database = "";
  let databaseUrl = "";
  let crm: CrmStub;
  let varnish: ChildProcess | null = null;
  const varnishLog: string[] = [];
  let proxy = "";
  let adminArgs: string[] = [];
  const instances: Instance[] = [];
  let env: Record<string, string> = {};

  function start(instance: Instance): Promise<void> {
    const child = spawn(process.execPath, ["server-build/server.js"], {
      env: { PATH: process.env.PATH ?? "", ...env, NODE_ENV: "production", PORT: String(instance.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      instance.log.push(chunk.toString());
      if (instance.log.length > 300) instance.log.shift();
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    instance.child = child;
    return waitFor(`${instance.name} ready`, async () => (await fetch(`http://127.0.0.1:${instance.port}/readyz`)).ok, 30_000);
  }

  function kill(child: ChildProcess | null): Promise<void> {
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  }

  /** Whether Varnish's probes call the instance healthy (varnishadm backend.list). */
  function healthyInVarnish(instance: Instance): boolean {
    const list = spawnSync(VARNISHADM!, [...adminArgs, "backend.list"], { encoding: "utf8" }).stdout;
    return list.split("\n").some((line) => line.includes(`.${instance.name} `) && /\bhealthy\b/.test(line));
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "rolling-system-"));
    chmodSync(dir, 0o755);
    database = `rolling_${randomBytes(5).toString("hex")}`;
    await admin(`CREATE DATABASE ${database}`);
    const url = new URL(DATABASE_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    cpSync("content-fixtures/stories", path.join(dir, "content", "stories"), { recursive: true });
    cpSync("content-fixtures/datasources", path.join(dir, "content", "datasources"), { recursive: true });
    symlinkSync(path.resolve("content-fixtures/assets"), path.join(dir, "content", "assets"));
    crm = await startCrmStub();
    const [port1, port2, proxyPort, cliPort] = await freePorts(4);
    proxy = `http://127.0.0.1:${proxyPort}`;
    env = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      SITE_URL: proxy,
      CONTENT_DIR: path.join(dir, "content"),
      DATABASE_URL: databaseUrl,
      CRM_BASE_URL: crm.url,
      OUTBOX_POLL_MS: "200",
      // Every client comes through Varnish from one address: the limits are not under test here.
      FORM_RATE_LIMIT: "100000",
      POST_RATE_LIMIT: "100000",
      RENDER_CONCURRENCY_PER_CLIENT: "4",
      RENDER_QUEUE_PER_CLIENT: "100",
      RENDER_QUEUE: "100",
      READINESS_INTERVAL_MS: "250",
      SHUTDOWN_GRACE_MS: "15000",
      LOG_FORMAT: "json",
      REVERSE_GEOCODE_URL: "",
    };
    instances.push({ name: "site1", port: port1, child: null, log: [] }, { name: "site2", port: port2, child: null, log: [] });
    // One after the other: the first runs the migrations.
    for (const instance of instances) await start(instance);

    // The shipped several-instances backend with this test's ports, and the site's host.
    const backends = readFileSync("deploy/varnish/instances.vcl", "utf8").replace('"3001"', `"${port1}"`).replace('"3002"', `"${port2}"`);
    writeFileSync(path.join(dir, "backend.vcl"), backends);
    writeFileSync(path.join(dir, "site.vcl"), `sub site_host {\n    set req.http.X-Site-Host = "127.0.0.1:${proxyPort}";\n}\nsub site_purge_secret {\n    set req.http.X-Purge-Expected = "";\n}\n`);
    writeFileSync(path.join(dir, "secret"), randomBytes(16).toString("hex"));
    adminArgs = ["-T", `127.0.0.1:${cliPort}`, "-S", path.join(dir, "secret")];
    varnish = spawn(
      VARNISHD!,
      // The recipe's idle timeout for backend connections: below Node's keep-alive timeout (5 s).
      ["-F", "-a", `http=127.0.0.1:${proxyPort}`, ...adminArgs, "-n", path.join(dir, "varnish"), "-f", VCL, "-p", `vcl_path=${dir}:${path.dirname(VCL)}`, "-p", "backend_idle_timeout=4", "-s", "malloc,64m"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    varnish.stdout?.on("data", (c: Buffer) => varnishLog.push(c.toString()));
    varnish.stderr?.on("data", (c: Buffer) => varnishLog.push(c.toString()));
    await waitFor("both instances healthy in Varnish", () => instances.every(healthyInVarnish), 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${varnishLog.join("")}`);
    });
  });

  afterAll(async () => {
    await kill(varnish);
    await Promise.all(instances.map((i) => kill(i.child)));
    await crm?.close();
    if (database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function warmUp(instance: Instance): Promise<void> {
    const origin = `http://127.0.0.1:${instance.port}`;
    await waitFor(`${instance.name} renders`, async () => (await fetch(`${origin}/au/models/suv/tarrak`).then(async (r) => (await r.text(), r.ok))), 30_000);
    const lead = contactUsLead(0, { firstName: "Rolling", lastName: "Warm", emailUser: `warm-${instance.name}-`, comments: "Warm-up" });
    await waitFor(
      `${instance.name} takes a lead`,
      async () => {
        const response = await fetch(`${origin}/api/form/`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": `warm-${instance.name}-${Date.now()}` },
          body: JSON.stringify(lead),
        });
        await response.body?.cancel();
        return response.status === 201;
      },
      30_000,
    );
  }

  it("answers every request and stores every acknowledged lead while each instance is restarted in turn", async () => {
    const failures: string[] = [];
    const acknowledged = new Set<string>();
    const answered = { pages: 0, health: 0, leads: 0 };
    let running = true;
    let seq = 0;

    const client = async (c: number) => {
      while (running) {
        const n = ++seq;
        const kind = n % 3;
        try {
          if (kind === 0) {
            const key = `rolling-lead-${n}`;
            const response = await fetch(`${proxy}/api/form/`, {
              method: "POST",
              headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": key },
              body: JSON.stringify(contactUsLead(n, { firstName: "Rolling", lastName: "Restart", emailUser: "rolling", comments: "Rolling restart test" })),
              signal: AbortSignal.timeout(20_000),
            });
            // 201: stored now; 200: stored already under this key (an instance stopping after
            // storing it, its answer lost, and the request made again): one lead either way.
            if (response.status === 201 || response.status === 200) {
              await response.body?.cancel();
              acknowledged.add(key);
              answered.leads++;
            } else failures.push(`lead ${n}: ${response.status} ${(await response.text()).slice(0, 200)}`);
          } else {
            // A page (mostly from the cache) and a request that always reaches a server.
            const target = kind === 1 ? `/au/models/suv/tarrak?utm_source=client${c}` : "/healthz";
            const response = await fetch(`${proxy}${target}`, { signal: AbortSignal.timeout(20_000) });
            if (response.status === 200) {
              await response.body?.cancel();
              answered[kind === 1 ? "pages" : "health"]++;
            } else failures.push(`${target}: ${response.status} ${(await response.text()).slice(0, 200)}`);
          }
        } catch (error) {
          failures.push(`request ${n}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error)}`);
        }
      }
    };
    // Each instance answers a page and a lead once before the load: a cold start's first answers
    // are not what this test is about.
    for (const instance of instances) await warmUp(instance);
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));

    const shutdowns: { code: number | null; ms: number }[] = [];
    const sizes: string[] = [];
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      // Figures for the operator's guide: each instance's memory and the database's connections under this load.
      for (const instance of instances) {
        const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${instance.child!.pid}/status`, "utf8"))?.[1];
        sizes.push(`${instance.name} RSS ${Math.round(Number(rss) / 1024)} MB`);
      }
      const pg = await import("pg");
      const count = new pg.default.Client({ connectionString: databaseUrl });
      await count.connect();
      const connections = (await count.query("SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")).rows[0].n as number;
      await count.end();
      sizes.push(`${connections} Postgres connections for 2 instances`);
      for (const instance of instances) {
        const child = instance.child!;
        const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
        const began = Date.now();
        child.kill("SIGTERM");
        // Draining: not ready at once, while the listener still answers.
        await waitFor(`${instance.name} draining`, async () => (await fetch(`http://127.0.0.1:${instance.port}/readyz`)).status === 503, 1_000);
        const ready = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
        expect(await ready.json()).toEqual({ status: "draining" });
        const code = await exited;
        shutdowns.push({ code, ms: Date.now() - began });
        await start(instance);
        await warmUp(instance);
        await waitFor(`${instance.name} healthy in Varnish again`, () => healthyInVarnish(instance), 15_000);
      }
      await new Promise((r) => setTimeout(r, 1_000));
    } finally {
      running = false;
      await load;
    }

    console.log(
      `[system] rolling restart: ${answered.pages} pages, ${answered.health} health checks, ${answered.leads} leads answered through Varnish; ` +
        `shutdowns ${shutdowns.map((s) => `${s.ms} ms (exit ${s.code})`).join(", ")}; ${failures.length} failed; ${sizes.join(", ")}`,
    );
    expect(failures, [...instances.flatMap((i) => i.log.slice(-20)), ...varnishLog].join("")).toEqual([]);
    // Each instance drained and exited on its own, after the drain time and within the grace.
    for (const s of shutdowns) {
      expect(s.code).toBe(0);
      expect(s.ms).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(s.ms).toBeLessThan(15_000);
    }
    expect(answered.leads).toBeGreaterThan(20);

    // Every acknowledged lead is stored once.
    const pg = await import("pg");
    const db = new pg.default.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const rows = (await db.query("SELECT idempotency_key, COUNT(*)::int AS n FROM leads GROUP BY idempotency_key")).rows as { idempotency_key: string; n: number }[];
      const stored = new Map(rows.map((r) => [submittedKey(r.idempotency_key), r.n]));
      for (const key of acknowledged) expect(stored.get(key), key).toBe(1);
    } finally {
      await db.end();
    }
  });
});

if (!(DATABASE_URL && BUILT && VARNISHD && VARNISHADM)) {
  describe("a rolling restart behind Varnish", () => {
    it.skip("needs the production build, TEST_DATABASE_URL, varnishd and varnishadm", () => {});
  });
}

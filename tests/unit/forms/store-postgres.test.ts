import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openPostgresLeadStore, toPostgresPlaceholders } from "~/features/forms/store.server";
import { describeStoreAndOutbox, leadInput } from "./store-suite";

/**
 * The same store and outbox suite against Postgres, when DATABASE_URL is given. Each test works
 * in a schema of its own (created and dropped here), so the suite never touches existing leads.
 */
// `npm test` (and `npm run test:pg`) start a throwaway cluster and pass it as TEST_DATABASE_URL.
const DATABASE_URL = (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL)?.trim();

function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

async function admin<T>(fn: (query: (sql: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await fn((sql) => client.query(sql));
  } finally {
    await client.end();
  }
}

async function postgresHarness() {
  const schema = `leads_test_${randomBytes(6).toString("hex")}`;
  await admin((q) => q(`CREATE SCHEMA ${schema}`));
  const url = withSearchPath(DATABASE_URL!, schema);
  return {
    url,
    open: () => openPostgresLeadStore(url),
    reconnect: () => openPostgresLeadStore(url),
    cleanup: () => admin((q) => q(`DROP SCHEMA ${schema} CASCADE`)).then(() => undefined),
  };
}

describe("Postgres placeholders", () => {
  it("turns each ? into $1, $2, ...", () => {
    expect(toPostgresPlaceholders("SELECT * FROM leads WHERE a = ? AND b <= ? LIMIT ?")).toBe("SELECT * FROM leads WHERE a = $1 AND b <= $2 LIMIT $3");
  });
});

if (DATABASE_URL) {
  describeStoreAndOutbox("Postgres", postgresHarness);

  describe("npm run leads on Postgres", () => {
    it("reads the counts, re-queues failed leads and exports, from DATABASE_URL", async () => {
      const harness = await postgresHarness();
      const store = await harness.open();
      try {
        await store.insert(leadInput(), 100);
        const failed = (await store.insert(leadInput(), 200)).lead;
        await store.markFailed({ id: failed.id, claimToken: null }, 10, "HTTP 400", 300);
        const cli = (...args: string[]) =>
          spawnSync("npx", ["tsx", "scripts/leads.ts", ...args], { encoding: "utf8", env: { ...process.env, DATABASE_URL: harness.url } });
        expect(cli("status").stdout).toMatch(/^Postgres at 127\.0\.0\.1:\d+\/\w+: 1 pending, 0 delivered, 1 failed, 0 held$/m);
        expect(cli("retry").stdout).toMatch(/^Re-queued 1 failed lead\(s\) in Postgres/m);
        const csv = cli("export", "--status", "pending").stdout.trim().split("\n");
        expect(csv).toHaveLength(3);
        expect(csv[0]).toMatch(/^id,created_at,status/);
      } finally {
        await store.close();
        await harness.cleanup();
      }
    }, 60_000);
  });

  describe("Postgres claims", () => {
    it("skip leads another worker's claim has locked instead of waiting for them (FOR UPDATE SKIP LOCKED)", async () => {
      const harness = await postgresHarness();
      const store = await harness.open();
      const pg = await import("pg");
      const other = new pg.default.Client({ connectionString: harness.url });
      await other.connect();
      try {
        const a = (await store.insert(leadInput(), 100)).lead;
        const b = (await store.insert(leadInput(), 200)).lead;
        // Another worker is in the middle of claiming a: its row is locked until that commits.
        await other.query("BEGIN");
        await other.query("SELECT id FROM leads WHERE id = $1 FOR UPDATE", [a.id]);
        const timedOut = new Promise<"blocked">((r) => setTimeout(() => r("blocked"), 2_000));
        const claimed = await Promise.race([store.claimDue(1_000, 10, 60_000), timedOut]);
        expect(claimed === "blocked" ? claimed : claimed.map((l) => l.id)).toEqual([b.id]);
      } finally {
        await other.query("ROLLBACK").catch(() => {});
        await other.end();
        await store.close();
        await harness.cleanup();
      }
    });
  });
} else {
  describe("Postgres lead store and outbox: not run, because TEST_DATABASE_URL is not set", () => {
    it.skip("run `npm run test:pg -- npx vitest run <files>`, or set TEST_DATABASE_URL (e.g. postgres://user:pass@localhost:5432/kestrel), to run the store and outbox suite against Postgres", () => {});
  });
}

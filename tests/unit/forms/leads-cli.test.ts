import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import Database from "better-sqlite3";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLeadStore } from "~/features/forms/store.server";

/**
 * `npm run leads -- export` as an operator runs it, in a real child process writing several MB
 * through a pipe (issue 25: it used to exit after the first ~64 KB the pipe took, mid-row, with
 * status 0).
 */
const LEADS = 6000;
const TSX = path.resolve("node_modules/.bin/tsx");
let dir = "";
let dbPath = "";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "leads-cli-"));
  dbPath = path.join(dir, "leads.db");
  // The store creates its schema; the rows go in one transaction (one insert per lead would take
  // tens of seconds).
  await (await openLeadStore({ sqlitePath: dbPath })).close();
  const db = new Database(dbPath);
  const insert = db.prepare(
    `INSERT INTO leads (id, idempotency_key, kind, form_id, country, endpoint, payload, status, attempts, next_attempt_at, created_at, updated_at)
     VALUES (?, ?, 'form', 'contact-us', 'au', '/enquiries/vehicle', ?, 'pending', 0, 0, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < LEADS; i++) {
      const payload = { first_name: "Ann", last_name: `Lee ${i}`, comments: `Lead ${i} `.padEnd(800, "x"), post_code: "3121" };
      insert.run(`lead-${String(i).padStart(5, "0")}`, `key-${i}`, JSON.stringify(payload), 1_700_000_000_000 + i, 1_700_000_000_000 + i);
    }
  })();
  db.close();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs a command with the test store; `onStdout` may close the pipe early (a reader like head). */
function run(command: string, args: string[], onStdout?: (chunk: Buffer, close: () => void) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, LEADS_DB_PATH: dbPath, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out.push(chunk);
      onStdout?.(chunk, () => child.stdout.destroy());
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
  });
}

function rowsOf(csv: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe("npm run leads -- export through a pipe (issue 25)", () => {
  it("every row arrives through a pipe, and the status says so", async () => {
    const result = await run(TSX, ["scripts/leads.ts", "export"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(4_000_000);
    const rows = rowsOf(result.stdout.toString());
    expect(rows).toHaveLength(LEADS);
    expect(rows.at(-1)).toMatchObject({ id: `lead-0${LEADS - 1}`, last_name: `Lee ${LEADS - 1}` });
  }, 60_000);

  it("every row arrives through `| gzip` in a shell", async () => {
    const out = path.join(dir, "leads.csv.gz");
    const result = await run("bash", ["-o", "pipefail", "-c", `"${TSX}" scripts/leads.ts export | gzip > "${out}"`]);
    expect(result.code).toBe(0);
    expect(rowsOf(gunzipSync(readFileSync(out)).toString())).toHaveLength(LEADS);
  }, 60_000);

  it("a reader that stops early (`| head`) ends the export with status 1 and a clear message, not a stack trace", async () => {
    const result = await run(TSX, ["scripts/leads.ts", "export"], (_chunk, close) => close());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("leads: the output was closed before every lead was written (EPIPE); the export is incomplete\n");
  }, 60_000);
});

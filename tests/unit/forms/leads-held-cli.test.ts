import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openLeadStore } from "~/features/forms/store.server";
import { leadInput } from "./store-suite";

/** `npm run leads` as an operator runs it on leads held past the per-contact limit. */
const TSX = path.resolve("node_modules/.bin/tsx");
const dir = mkdtempSync(path.join(tmpdir(), "leads-held-"));
const dbPath = path.join(dir, "leads.db");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const leads = async (...args: string[]) => {
  try {
    const { stdout } = await promisify(execFile)(TSX, ["scripts/leads.ts", ...args], { env: { ...process.env, LEADS_DB_PATH: dbPath, DATABASE_URL: "" } });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? "" };
  }
};

describe("npm run leads -- held leads", () => {
  it("counts and lists held leads, and releases one or all of them to the outbox", async () => {
    const store = await openLeadStore({ sqlitePath: dbPath });
    const [a, b] = [(await store.insert(leadInput({ held: true }))).lead, (await store.insert(leadInput({ held: true }))).lead];
    await store.insert(leadInput());
    await store.close();

    expect((await leads("status")).stdout).toMatch(/1 pending, 0 delivered, 0 failed, 2 held/);
    const listed = await leads("export", "--status", "held");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(a.id);
    expect(listed.stdout).toContain(b.id);
    expect(await leads("release", "no-such-lead")).toMatchObject({ code: 1 });
    expect((await leads("release", a.id)).stdout).toMatch(/^Released 1 held lead/);
    expect((await leads("status")).stdout).toMatch(/2 pending, 0 delivered, 0 failed, 1 held/);
    expect((await leads("release")).stdout).toMatch(/^Released 1 held lead/);
    expect((await leads("status")).stdout).toMatch(/3 pending, 0 delivered, 0 failed, 0 held/);
  }, 60_000);
});

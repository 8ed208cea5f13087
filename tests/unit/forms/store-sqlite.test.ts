import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MIGRATIONS, openSqliteLeadStore } from "~/features/forms/store.server";
import { describeStoreAndOutbox, leadInput } from "./store-suite";

function sqliteHarness() {
  const dir = mkdtempSync(path.join(tmpdir(), "leads-"));
  const file = path.join(dir, "nested", "leads.db");
  return Promise.resolve({
    open: () => openSqliteLeadStore(file),
    reconnect: () => openSqliteLeadStore(file),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  });
}

describeStoreAndOutbox("SQLite", sqliteHarness);

describe("SQLite file", () => {
  it("is created with its folder, in WAL mode, with the schema's migrations recorded once", async () => {
    const harness = await sqliteHarness();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "leads-")), "data", "leads.db");
    const store = await openSqliteLeadStore(file);
    await store.insert(leadInput());
    await store.close();
    // Opening again runs the migrations again: nothing is applied twice.
    await (await openSqliteLeadStore(file)).close();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.prepare("SELECT version FROM lead_schema_migrations ORDER BY version").all()).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
      expect(db.prepare("SELECT COUNT(*) AS n FROM leads").get()).toEqual({ n: 1 });
    } finally {
      db.close();
      await harness.cleanup();
      rmSync(path.dirname(path.dirname(file)), { recursive: true, force: true });
    }
  });
});

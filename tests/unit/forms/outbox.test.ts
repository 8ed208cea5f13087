import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { backoffDelay, classifyStatus, resolveEndpoint, startOutbox } from "~/features/forms/outbox.server";
import { closeLeadStore, getLeadStore } from "~/features/forms/store.server";
import { restoreEnv, stubEnv } from "../support/env";
import { startCrmStub } from "./crm-stub";
import { leadInput } from "./store-suite";

describe("outbox rules", () => {
  it("backs off exponentially with jitter, capped", () => {
    const config = { baseDelayMs: 1_000, maxDelayMs: 10_000 };
    expect(backoffDelay(1, config, () => 0)).toBe(500);
    expect(backoffDelay(1, config, () => 1)).toBe(1_000);
    expect(backoffDelay(3, config, () => 0)).toBe(2_000);
    expect(backoffDelay(3, config, () => 1)).toBe(4_000);
    expect(backoffDelay(20, config, () => 1)).toBe(10_000);
    const spread = new Set(Array.from({ length: 20 }, () => backoffDelay(4, config)));
    expect(spread.size).toBeGreaterThan(1);
    for (const d of spread) {
      expect(d).toBeGreaterThanOrEqual(4_000);
      expect(d).toBeLessThanOrEqual(8_000);
    }
  });

  it("resolves the sfendpoint under CRM_BASE_URL and refuses one that leaves it", () => {
    expect(resolveEndpoint("/enquiries/vehicle", "https://crm.example/api/v1")).toEqual({ url: "https://crm.example/api/v1/enquiries/vehicle" });
    expect(resolveEndpoint("enquiries/vehicle", "https://crm.example/api/v1/")).toEqual({ url: "https://crm.example/api/v1/enquiries/vehicle" });
    expect(resolveEndpoint("https://evil.example/x", "https://crm.example/api")).toEqual({ error: "the sfendpoint leaves CRM_BASE_URL" });
    expect(resolveEndpoint("../../admin", "https://crm.example/api/v1")).toEqual({ error: "the sfendpoint leaves CRM_BASE_URL" });
    expect(resolveEndpoint("", "https://crm.example/api")).toEqual({ error: "no CRM endpoint (sfendpoint) for this form" });
  });

  it("retries what may change (408, 425, 429, 5xx) and fails what will not (other 4xx)", () => {
    expect(classifyStatus(201)).toEqual({ ok: true });
    for (const status of [408, 425, 429, 500, 502, 503]) expect(classifyStatus(status)).toMatchObject({ ok: false, retry: true });
    for (const status of [400, 401, 404, 422]) expect(classifyStatus(status)).toMatchObject({ ok: false, retry: false });
  });
});

describe("startOutbox (the server's worker)", () => {
  let dir = "";
  afterEach(async () => {
    await closeLeadStore();
    restoreEnv();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("opens the store from the environment, delivers stored leads and the ones stored later, and stops", async () => {
    const crm = await startCrmStub({ failFirst: 1 });
    dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    const env = stubEnv({ LEADS_DB_PATH: path.join(dir, "leads.db"), CRM_BASE_URL: crm.url, DATABASE_URL: undefined });
    const store = await getLeadStore();
    const before = leadInput();
    await store.insert(before);
    const outbox = await startOutbox(env, { pollMs: 20, baseDelayMs: 10, maxDelayMs: 20 });
    try {
      const after = leadInput();
      await store.insert(after);
      outbox.kick();
      for (let i = 0; i < 250 && (await store.counts()).delivered < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await store.counts()).toEqual({ pending: 0, delivered: 2, failed: 0, held: 0 });
      expect(crm.successes.get(before.idempotencyKey)).toBe(1);
      expect(crm.successes.get(after.idempotencyKey)).toBe(1);
      // Started twice, it is still one worker.
      expect(await startOutbox(env)).toBe(outbox);
    } finally {
      await outbox.stop();
      await crm.close();
    }
  });

  it("without CRM_BASE_URL it only opens the store: leads stay pending", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    const env = stubEnv({ LEADS_DB_PATH: path.join(dir, "leads.db"), CRM_BASE_URL: undefined, DATABASE_URL: undefined });
    const outbox = await startOutbox(env, { pollMs: 10 });
    try {
      const store = await getLeadStore();
      await store.insert(leadInput());
      outbox.kick();
      await new Promise((r) => setTimeout(r, 50));
      expect(await store.counts()).toEqual({ pending: 1, delivered: 0, failed: 0, held: 0 });
    } finally {
      await outbox.stop();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_OUTBOX_CONFIG, deliverDue, type OutboxConfig } from "~/features/forms/outbox.server";
import type { LeadInput, LeadStore } from "~/features/forms/store.server";
import { startCrmStub, type CrmStub } from "./crm-stub";

/**
 * The lead store and the CRM outbox, run against one database (SQLite or Postgres). `open` gives
 * a connection to a fresh, empty database for the test; `reconnect` another connection to the
 * same database (a second server, or the same server after a restart).
 */
export interface StoreHarness {
  open(): Promise<LeadStore>;
  reconnect(): Promise<LeadStore>;
  cleanup(): Promise<void>;
}

let seq = 0;
export function leadInput(overrides: Partial<LeadInput> = {}): LeadInput {
  seq++;
  return {
    idempotencyKey: `key-${Date.now()}-${seq}`,
    kind: "form",
    formId: "contact-us",
    country: "au",
    endpoint: "/enquiries/vehicle",
    payload: {
      first_name: "Ann",
      last_name: `Lee ${seq}`,
      mobile_phone: "61412345678",
      Email: "ann@example.com",
      post_code: "3121",
      company_name: "",
      dealer_code: "AU-VIC-001",
      SFEndpoint: "/enquiries/vehicle",
      enquiry_name: "Vehicle enquiry",
      form_id: "contact-us",
      country: "au",
      disableCIO: false,
    },
    ...overrides,
  };
}

export function describeStoreAndOutbox(name: string, makeHarness: () => Promise<StoreHarness>) {
  describe(`${name}: lead store`, () => {
    let harness: StoreHarness;
    let store: LeadStore;
    const extra: LeadStore[] = [];
    beforeEach(async () => {
      harness = await makeHarness();
      store = await harness.open();
    });
    afterEach(async () => {
      for (const s of extra.splice(0)) await s.close();
      await store.close();
      await harness.cleanup();
    });

    it("stores a lead as pending, with its payload, before anything else happens", async () => {
      const input = leadInput();
      const { lead, created } = await store.insert(input, 1_000);
      expect(created).toBe(true);
      expect(lead).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: 1_000, createdAt: 1_000, deliveredAt: null, lastError: null });
      expect(lead.payload).toEqual(input.payload);
      expect(await store.get(lead.id)).toEqual(lead);
      expect(await store.counts()).toEqual({ pending: 1, delivered: 0, failed: 0, held: 0 });
    });

    it("stores a retried submission (same idempotency key) once", async () => {
      const input = leadInput();
      const first = await store.insert(input);
      const again = await store.insert({ ...input, payload: { ...input.payload, first_name: "Changed" } });
      expect(again.created).toBe(false);
      expect(again.lead.id).toBe(first.lead.id);
      expect(again.lead.payload.first_name).toBe("Ann");
      expect((await store.list()).length).toBe(1);
    });

    it("stores concurrent retries of one key once, from two connections", async () => {
      const other = await harness.reconnect();
      extra.push(other);
      const input = leadInput();
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? other : store).insert(input)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.lead.id)).size).toBe(1);
      expect((await store.list()).length).toBe(1);
    });

    it("keeps its data and schema across a restart (migrations run again, harmlessly)", async () => {
      const { lead } = await store.insert(leadInput());
      await store.close();
      store = await harness.reconnect();
      expect(await store.get(lead.id)).toMatchObject({ id: lead.id, status: "pending" });
    });

    it("claims due leads for a lease; a claimed lead is not claimed again until the lease ends", async () => {
      const a = (await store.insert(leadInput(), 100)).lead;
      const b = (await store.insert(leadInput(), 200)).lead;
      await store.markRetry({ id: b.id, claimToken: null }, 1, 5_000, "HTTP 503", 200);
      const claimed = await store.claimDue(1_000, 10, 60_000);
      expect(claimed.map((l) => l.id)).toEqual([a.id]);
      expect(await store.claimDue(1_000, 10, 60_000)).toEqual([]);
      // b is due at 5 000; a's lease ends at 61 000.
      expect((await store.claimDue(5_000, 10, 60_000)).map((l) => l.id)).toEqual([b.id]);
      expect((await store.claimDue(61_000, 10, 60_000)).map((l) => l.id)).toEqual([a.id]);
    });

    it("a worker whose lease ran out cannot record an outcome: the lead's new holder does, once", async () => {
      const { lead } = await store.insert(leadInput(), 100);
      const [first] = await store.claimDue(1_000, 10, 1_000);
      // The first worker's lease ends at 2 000; a second worker claims the lead after it.
      const [second] = await store.claimDue(2_000, 10, 1_000);
      expect(second.id).toBe(lead.id);
      expect(second.claimToken).not.toBe(first.claimToken);
      expect(await store.markDelivered(first, 2_500)).toBe(false);
      expect(await store.markRetry(first, 1, 9_000, "timeout", 2_500)).toBe(false);
      expect(await store.markFailed(first, 1, "HTTP 400", 2_500)).toBe(false);
      expect(await store.get(lead.id)).toMatchObject({ status: "pending", attempts: 0, claimToken: second.claimToken });
      expect(await store.markDelivered(second, 2_600)).toBe(true);
      expect(await store.get(lead.id)).toMatchObject({ status: "delivered", attempts: 1, deliveredAt: 2_600, claimToken: null });
      // A late second record of the same claim changes nothing.
      expect(await store.markDelivered(second, 2_700)).toBe(false);
    });

    it("keeps a held lead out of the outbox until it is released", async () => {
      const held = (await store.insert(leadInput({ held: true }), 100)).lead;
      const plain = (await store.insert(leadInput(), 100)).lead;
      expect(held.status).toBe("held");
      expect(await store.counts()).toEqual({ pending: 1, delivered: 0, failed: 0, held: 1 });
      expect((await store.claimDue(1_000, 10, 60_000)).map((l) => l.id)).toEqual([plain.id]);
      expect((await store.list("held")).map((l) => l.id)).toEqual([held.id]);
      expect(await store.releaseHeld(2_000, "no-such-id")).toBe(0);
      expect(await store.releaseHeld(2_000)).toBe(1);
      expect(await store.get(held.id)).toMatchObject({ status: "pending", nextAttemptAt: 2_000 });
      expect((await store.claimDue(3_000, 10, 60_000)).map((l) => l.id)).toEqual([held.id]);
    });

    it("marks delivered, failed, and re-queues failed leads", async () => {
      const a = (await store.insert(leadInput(), 100)).lead;
      const b = (await store.insert(leadInput(), 200)).lead;
      const [claimedA, claimedB] = await store.claimDue(1_000, 10, 60_000);
      expect(await store.markDelivered(claimedA, 5_000)).toBe(true);
      expect(await store.markFailed(claimedB, 10, "HTTP 400", 5_000)).toBe(true);
      expect(await store.counts()).toEqual({ pending: 0, delivered: 1, failed: 1, held: 0 });
      expect(await store.get(a.id)).toMatchObject({ status: "delivered", deliveredAt: 5_000, attempts: 1 });
      expect(await store.get(b.id)).toMatchObject({ status: "failed", attempts: 10, lastError: "HTTP 400" });
      expect((await store.list("failed")).map((l) => l.id)).toEqual([b.id]);
      expect(await store.requeueFailed(9_000)).toBe(1);
      expect(await store.get(b.id)).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: 9_000 });
      // A delivered lead is never re-queued.
      expect(await store.get(a.id)).toMatchObject({ status: "delivered" });
    });
  });

  describe(`${name}: CRM outbox`, () => {
    let harness: StoreHarness;
    let store: LeadStore;
    let crm: CrmStub;
    let clock: number;
    const logs: string[] = [];
    const config = (): OutboxConfig => ({
      ...DEFAULT_OUTBOX_CONFIG,
      crmBaseUrl: crm.url,
      crmToken: "crm-token",
      baseDelayMs: 1_000,
      maxDelayMs: 60_000,
      // Generous: a loaded test machine must not turn a slow answer into a retry.
      timeoutMs: 5_000,
      maxAttempts: 10,
      batchSize: 4,
      leaseMs: 30_000,
    });
    const deps = (overrides: Partial<OutboxConfig> = {}, s: LeadStore = store) => ({
      store: s,
      config: { ...config(), ...overrides },
      now: () => clock,
      random: () => 0.5,
      log: (m: string) => logs.push(m),
    });
    /** Runs passes, moving the clock a minute each time, until nothing is pending (or 50 passes). */
    async function runUntilSettled(overrides: Partial<OutboxConfig> = {}) {
      for (let i = 0; i < 50 && (await store.counts()).pending > 0; i++) {
        await deliverDue(deps(overrides));
        clock += 60_000;
      }
    }

    beforeEach(async () => {
      harness = await makeHarness();
      store = await harness.open();
      crm = await startCrmStub();
      clock = 1_000_000;
      logs.length = 0;
    });
    afterEach(async () => {
      await store.close();
      await crm.close();
      await harness.cleanup();
    });

    it("posts each lead to its endpoint under CRM_BASE_URL with its idempotency key and the payload", async () => {
      const input = leadInput();
      await store.insert(input, clock);
      expect(await deliverDue(deps())).toEqual({ delivered: 1, retried: 0, failed: 0 });
      expect(crm.requests).toHaveLength(1);
      expect(crm.requests[0]).toMatchObject({
        path: "/crm/v1/enquiries/vehicle",
        key: input.idempotencyKey,
        authorization: "Bearer crm-token",
        body: input.payload,
      });
      expect((await store.list())[0]).toMatchObject({ status: "delivered", attempts: 1, deliveredAt: clock });
    });

    it("a CRM that fails and then recovers gets every lead exactly once", async () => {
      crm.failFirst = 7;
      const inputs = Array.from({ length: 6 }, () => leadInput());
      for (const input of inputs) await store.insert(input, clock);
      await runUntilSettled();
      const leads = await store.list();
      expect(leads.every((l) => l.status === "delivered")).toBe(true);
      // 7 refused attempts, then one accepted delivery per lead, and never a second one.
      expect(crm.requests.filter((r) => r.status === 503)).toHaveLength(7);
      for (const input of inputs) expect(crm.successes.get(input.idempotencyKey)).toBe(1);
      expect(crm.processed.size).toBe(inputs.length);
      expect(leads.some((l) => l.attempts > 1)).toBe(true);
      // Logs name leads and status codes, never what the visitor typed.
      expect(logs.join("\n")).not.toMatch(/Ann|Lee|61412345678|ann@example\.com/);
    });

    it("retries a delivery whose answer was lost, and the CRM processes it once (idempotency key)", async () => {
      const input = leadInput();
      crm.slowFirstFor.add(input.idempotencyKey);
      crm.slowMs = 1_500;
      await store.insert(input, clock);
      expect(await deliverDue(deps({ timeoutMs: 300 }))).toMatchObject({ retried: 1 });
      expect((await store.list())[0]).toMatchObject({ status: "pending", lastError: "timeout" });
      await new Promise((r) => setTimeout(r, crm.slowMs));
      await runUntilSettled();
      expect((await store.list())[0].status).toBe("delivered");
      expect(crm.requests.length).toBeGreaterThanOrEqual(2);
      expect(new Set(crm.requests.map((r) => r.key))).toEqual(new Set([input.idempotencyKey]));
      expect(crm.processed.size).toBe(1);
    });

    it("backs off exponentially between attempts", async () => {
      crm.alwaysStatus = 503;
      const { lead } = await store.insert(leadInput(), clock);
      const start = clock;
      await deliverDue(deps());
      // With jitter fixed at 0.5 the delays are 0.75 × 1 s, 2 s, 4 s ...
      expect((await store.get(lead.id))!.nextAttemptAt - start).toBe(750);
      clock += 750;
      await deliverDue(deps());
      expect((await store.get(lead.id))!.nextAttemptAt - clock).toBe(1_500);
      clock += 1_499;
      expect(await deliverDue(deps())).toEqual({ delivered: 0, retried: 0, failed: 0 });
    });

    it("marks a lead failed after the attempt limit; `leads retry` re-queues it and it is delivered once", async () => {
      crm.alwaysStatus = 503;
      const input = leadInput();
      await store.insert(input, clock);
      await runUntilSettled({ maxAttempts: 3 });
      expect((await store.list())[0]).toMatchObject({ status: "failed", attempts: 3, lastError: "HTTP 503" });
      expect(crm.requests).toHaveLength(3);
      crm.alwaysStatus = null;
      expect(await store.requeueFailed(clock)).toBe(1);
      await runUntilSettled({ maxAttempts: 3 });
      expect((await store.list())[0].status).toBe("delivered");
      expect(crm.successes.get(input.idempotencyKey)).toBe(1);
    });

    it("a refusal that cannot change (400) fails at once", async () => {
      crm.alwaysStatus = 400;
      await store.insert(leadInput(), clock);
      expect(await deliverDue(deps())).toEqual({ delivered: 0, retried: 0, failed: 1 });
      expect((await store.list())[0]).toMatchObject({ status: "failed", lastError: "HTTP 400" });
    });

    it("survives a restart: a worker that died holding leads loses them to the next after the lease", async () => {
      const inputs = Array.from({ length: 3 }, () => leadInput());
      for (const input of inputs) await store.insert(input, clock);
      // The first server claims the leads, then dies before delivering them.
      expect(await store.claimDue(clock, 10, 30_000)).toHaveLength(3);
      await store.close();
      store = await harness.reconnect();
      expect(await deliverDue(deps())).toEqual({ delivered: 0, retried: 0, failed: 0 });
      clock += 30_000;
      await runUntilSettled();
      expect((await store.list()).every((l) => l.status === "delivered")).toBe(true);
      for (const input of inputs) expect(crm.successes.get(input.idempotencyKey)).toBe(1);
    });

    it("two workers on one database deliver each lead once", async () => {
      const other = await harness.reconnect();
      try {
        const inputs = Array.from({ length: 12 }, () => leadInput());
        for (const input of inputs) await store.insert(input, clock);
        for (let i = 0; i < 5; i++) await Promise.all([deliverDue(deps()), deliverDue(deps({}, other))]);
        expect((await store.counts()).delivered).toBe(12);
        expect(crm.requests).toHaveLength(12);
        for (const input of inputs) expect(crm.successes.get(input.idempotencyKey)).toBe(1);
      } finally {
        await other.close();
      }
    });

    it("two workers polling while slow deliveries run never send a lead twice (each lead's lease outlasts its delivery)", async () => {
      // Real clock: every delivery takes 400 ms, and the configured lease (300 ms) is shorter than
      // that. Each lead's lease must still outlast its own delivery, whatever its place in the batch.
      crm.delayMs = 400;
      const other = await harness.reconnect();
      try {
        const inputs = Array.from({ length: 4 }, () => leadInput());
        for (const input of inputs) await store.insert(input, Date.now() - 1_000);
        const real = { now: Date.now, random: () => 0.5, log: (m: string) => logs.push(m) };
        const settings = { ...config(), timeoutMs: 1_000, leaseMs: 300, batchSize: 4 };
        const first = deliverDue({ ...real, store, config: settings });
        const polls: Promise<unknown>[] = [];
        for (let i = 0; i < 12; i++) {
          await new Promise((r) => setTimeout(r, 100));
          polls.push(deliverDue({ ...real, store: other, config: settings }));
        }
        await Promise.all([first, ...polls]);
        expect((await store.counts()).delivered).toBe(4);
        for (const input of inputs) expect(crm.successes.get(input.idempotencyKey)).toBe(1);
        expect(crm.requests).toHaveLength(4);
      } finally {
        await other.close();
      }
    });

    it("sends the lead's idempotency key with every attempt", async () => {
      crm.failFirst = 2;
      const input = leadInput();
      await store.insert(input, clock);
      await runUntilSettled();
      expect(crm.requests).toHaveLength(3);
      expect(crm.requests.map((r) => r.key)).toEqual([input.idempotencyKey, input.idempotencyKey, input.idempotencyKey]);
    });

    it("with no CRM configured, leads stay stored as undelivered", async () => {
      await store.insert(leadInput(), clock);
      expect(await deliverDue(deps({ crmBaseUrl: undefined }))).toEqual({ delivered: 0, retried: 0, failed: 0 });
      expect((await store.list())[0]).toMatchObject({ status: "pending", attempts: 0 });
      expect(crm.requests).toHaveLength(0);
    });
  });
}

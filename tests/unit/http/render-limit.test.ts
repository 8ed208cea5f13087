import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { releaseWhenSent, RenderLimiter, type SentResponse } from "~/server/http/render-limit.server";

/**
 * Render slots always come back (issue 26 item 9): on 'finish', 'close' or 'error' of the
 * response, at once when the client left while its request waited, and a queued request whose
 * client aborts leaves the queue without a slot. A slot that never comes back stalls the server.
 */

class FakeResponse extends EventEmitter implements SentResponse {
  writableFinished = false;
  destroyed = false;
}

async function fullLimiter(concurrency = 1, queue = 4) {
  const limiter = new RenderLimiter({ concurrency, queue, queueTimeoutMs: 60_000 });
  const held = [];
  for (let i = 0; i < concurrency; i++) held.push((await limiter.acquire())!);
  return { limiter, held };
}

describe("releaseWhenSent", () => {
  for (const event of ["finish", "close", "error"] as const) {
    it(`hands the slot back on '${event}', once`, async () => {
      const { limiter, held } = await fullLimiter();
      const res = new FakeResponse();
      releaseWhenSent(res, held[0]!);
      expect(limiter.active).toBe(1);
      res.emit(event, event === "error" ? new Error("EPIPE") : undefined);
      expect(limiter.active).toBe(0);
      // 'finish' then 'close' (the usual order) must not free a second slot.
      const other = (await limiter.acquire())!;
      res.emit("close");
      res.emit("finish");
      expect(limiter.active).toBe(1);
      other();
    });
  }

  it("hands the slot back at once when the response is already closed or sent", async () => {
    for (const state of [{ destroyed: true }, { writableFinished: true }]) {
      const { limiter, held } = await fullLimiter();
      const res = Object.assign(new FakeResponse(), state);
      releaseWhenSent(res, held[0]!);
      expect(limiter.active).toBe(0);
    }
  });
});

describe("RenderLimiter and clients that go away", () => {
  it("drops a queued request whose client aborts, and gives the next one the slot", async () => {
    const { limiter, held } = await fullLimiter(1, 4);
    const gone = new AbortController();
    const abandoned = limiter.acquire(gone.signal);
    const next = limiter.acquire();
    expect(limiter.queued).toBe(2);
    gone.abort();
    expect(await abandoned).toBeNull();
    expect(limiter.queued).toBe(1);
    expect(limiter.abandoned).toBe(1);
    expect(limiter.refused).toBe(0);
    held[0]!();
    const slot = await next;
    expect(slot).not.toBeNull();
    slot!();
    expect(limiter.active).toBe(0);
  });

  it("gives no slot to a request whose client has already gone", async () => {
    const limiter = new RenderLimiter({ concurrency: 1 });
    const gone = new AbortController();
    gone.abort();
    expect(await limiter.acquire(gone.signal)).toBeNull();
    expect(limiter.active).toBe(0);
  });

  it("a wait that timed out holds no slot and is not granted one later", async () => {
    const limiter = new RenderLimiter({ concurrency: 1, queue: 4, queueTimeoutMs: 5 });
    const first = (await limiter.acquire())!;
    expect(await limiter.acquire()).toBeNull();
    first();
    expect(limiter.active).toBe(0);
    expect(limiter.queued).toBe(0);
  });

  it("after many aborted waits every slot is still free (no leak)", async () => {
    const { limiter, held } = await fullLimiter(8, 32);
    const clients = Array.from({ length: 20 }, () => new AbortController());
    const waits = clients.map((c) => limiter.acquire(c.signal));
    clients.forEach((c) => c.abort());
    expect(await Promise.all(waits)).toEqual(Array(20).fill(null));
    held.forEach((release) => release());
    expect(limiter.active).toBe(0);
    expect(limiter.queued).toBe(0);
  });
});

describe("saturated", () => {
  it("is true only when every slot and the whole queue are taken", async () => {
    const { limiter, held } = await fullLimiter(1, 1);
    expect(limiter.saturated).toBe(false);
    const waiting = limiter.acquire();
    expect(limiter.saturated).toBe(true);
    limiter.refuse();
    expect(limiter.refused).toBe(1);
    held[0]!();
    (await waiting)?.();
    expect(limiter.saturated).toBe(false);
  });
});

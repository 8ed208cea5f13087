import { describe, expect, it } from "vitest";
import { defaultPerClientConcurrency, RenderLimiter, type Release } from "~/server/http/render-limit.server";

/**
 * Fair renders: one client, however many connections it opens, holds at most its
 * share of the render slots and of the queue; the rest of its requests are refused at once, and
 * another visitor still gets a slot straight away.
 */

async function holdAll(limiter: RenderLimiter, client: string, n: number) {
  const pending = Array.from({ length: n }, () => limiter.acquire(undefined, client));
  return pending;
}

describe("RenderLimiter fair shares", () => {
  it("a crawler with 64 requests holds a quarter of the slots and two queue places; a second visitor renders at once", async () => {
    const limiter = new RenderLimiter({ concurrency: 8, queue: 32, queueTimeoutMs: 60_000 });
    expect(limiter.perClientConcurrency).toBe(2);
    const crawl = await holdAll(limiter, "203.0.113.7", 64);
    expect(limiter.active).toBe(2);
    expect(limiter.activeFor("203.0.113.7")).toBe(2);
    expect(limiter.queued).toBe(2);
    // The 60 others were refused without waiting: their promises are already settled with null.
    const settled = await Promise.all(crawl.slice(4));
    expect(settled.every((r) => r === null)).toBe(true);
    expect(limiter.refusals.client_share).toBe(60);
    expect(limiter.wouldRefuse("203.0.113.7")).toBe(true);

    expect(limiter.wouldRefuse("198.51.100.1")).toBe(false);
    const visitor = await limiter.acquire(undefined, "198.51.100.1");
    expect(visitor).not.toBeNull();
    expect(limiter.active).toBe(3);
    visitor!();
  });

  it("a queued request of a client at its share waits for its own slot, not someone else's", async () => {
    const limiter = new RenderLimiter({ concurrency: 4, queue: 8, queueTimeoutMs: 60_000, perClientConcurrency: 1, perClientQueue: 1 });
    const crawler = (await limiter.acquire(undefined, "a"))!;
    const crawlerQueued = limiter.acquire(undefined, "a");
    expect(limiter.queued).toBe(1);
    const others: Release[] = [];
    for (const client of ["b", "c", "d"]) others.push((await limiter.acquire(undefined, client))!);
    expect(limiter.active).toBe(4);
    const eQueued = limiter.acquire(undefined, "e");
    expect(limiter.queued).toBe(2);
    // A slot of another client frees: it goes to "e" (within its share), not to "a"'s second request.
    others[0]!();
    const e = await eQueued;
    expect(e).not.toBeNull();
    expect(limiter.activeFor("a")).toBe(1);
    expect(limiter.queued).toBe(1);
    // "a"'s own slot frees: now its queued request runs.
    crawler();
    const second = await crawlerQueued;
    expect(second).not.toBeNull();
    expect(limiter.activeFor("a")).toBe(1);
    second!();
    e!();
    for (const release of others.slice(1)) release();
    expect(limiter.active).toBe(0);
    expect(limiter.clientCount).toBe(0);
  });

  it("a full queue refuses newcomers as before, and a crawler's refusals are told apart", async () => {
    const limiter = new RenderLimiter({ concurrency: 1, queue: 1, queueTimeoutMs: 60_000, perClientConcurrency: 1, perClientQueue: 1 });
    const a = (await limiter.acquire(undefined, "a"))!;
    const queued = limiter.acquire(undefined, "b");
    expect(await limiter.acquire(undefined, "c")).toBeNull();
    expect(limiter.refusals.queue_full).toBe(1);
    expect(await limiter.acquire(undefined, "a")).toBeNull();
    expect(limiter.refusals.client_share).toBe(1);
    expect(limiter.refused).toBe(2);
    a();
    (await queued)!();
  });

  it("requests without a client (background revalidations) only meet the global bound", async () => {
    const limiter = new RenderLimiter({ concurrency: 4, queue: 0, perClientConcurrency: 1 });
    const held = await Promise.all([1, 2, 3, 4].map(() => limiter.acquire()));
    expect(held.every(Boolean)).toBe(true);
    expect(await limiter.acquire()).toBeNull();
    for (const release of held) release!();
  });

  it("reads the current request's client when not told (clientOf)", async () => {
    let current = "a";
    const limiter = new RenderLimiter({ concurrency: 8, queue: 0, clientOf: () => current });
    const held = [await limiter.acquire(), await limiter.acquire()];
    expect(limiter.saturated).toBe(true);
    expect(await limiter.acquire()).toBeNull();
    current = "b";
    expect(limiter.saturated).toBe(false);
    for (const release of held) release!();
  });

  it("a wait that times out is counted as such and frees the client's queue place", async () => {
    const limiter = new RenderLimiter({ concurrency: 1, queue: 4, queueTimeoutMs: 5, perClientQueue: 1 });
    const first = (await limiter.acquire(undefined, "x"))!;
    expect(await limiter.acquire(undefined, "y")).toBeNull();
    expect(limiter.refusals.queue_timeout).toBe(1);
    expect(limiter.wouldRefuse("y")).toBe(false);
    first();
    expect(limiter.clientCount).toBe(0);
  });

  it("the default share is a quarter of the slots, rounded up, at least one", () => {
    expect([1, 2, 4, 5, 8, 16].map(defaultPerClientConcurrency)).toEqual([1, 1, 1, 2, 2, 4]);
  });
});

import { describe, expect, it, vi } from "vitest";
import { defaultPerClientConcurrency, RenderLimiter, type Release } from "~/server/http/render-limit.server";

/**
 * Fair renders: one client, however many connections it opens, holds at most its
 * share of the render slots and of the queue; the rest of its requests are refused at once, and
 * another visitor still gets a slot straight away. While others render or wait (or did a moment
 * ago), a client holds one slot at a time, and a freed slot goes to the client holding the fewest.
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

  it("while another client renders, a client already holding a slot waits for its second", async () => {
    // One event loop runs every render: two of the crawler's beside one of the visitor's gave
    // the visitor a third of the CPU.
    let now = 0;
    const limiter = new RenderLimiter({ concurrency: 8, queue: 32, queueTimeoutMs: 60_000, now: () => now });
    const crawler = (await limiter.acquire(undefined, "crawler"))!;
    const visitor = (await limiter.acquire(undefined, "visitor"))!;
    let second: Release | null = null;
    const queued = limiter.acquire(undefined, "crawler").then((release) => (second = release));
    await Promise.resolve();
    expect(second).toBeNull();
    expect(limiter.activeFor("crawler")).toBe(1);
    expect(limiter.queued).toBe(1);
    // Its own first render ending hands it the next one (it holds none then).
    crawler();
    await queued;
    expect(second).not.toBeNull();
    expect(limiter.activeFor("crawler")).toBe(1);
    // The visitor's next page comes a moment later: meanwhile the crawler still holds one slot.
    visitor();
    now += 500;
    let third: Release | null = null;
    const later = limiter.acquire(undefined, "crawler").then((release) => (third = release));
    await Promise.resolve();
    expect(third).toBeNull();
    // The visitor gone for longer than the linger: alone again, it may hold its whole share.
    now += limiter.shareLingerMs;
    second!();
    await later;
    const fourth = (await limiter.acquire(undefined, "crawler"))!;
    expect(limiter.activeFor("crawler")).toBe(2);
    expect(third).not.toBeNull();
    third!();
    fourth();
    expect(limiter.active).toBe(0);
    expect(limiter.clientCount).toBe(0);
  });

  it("a crawler holding its whole share keeps it, but gets no more while a visitor renders", async () => {
    const limiter = new RenderLimiter({ concurrency: 8, queue: 32, queueTimeoutMs: 60_000, shareLingerMs: 0 });
    const held = [(await limiter.acquire(undefined, "crawler"))!, (await limiter.acquire(undefined, "crawler"))!];
    const visitor = (await limiter.acquire(undefined, "visitor"))!;
    const next = limiter.acquire(undefined, "crawler");
    held[0]!();
    expect(limiter.activeFor("crawler")).toBe(1);
    expect(limiter.queued).toBe(1);
    held[1]!();
    const granted = (await next)!;
    expect(limiter.activeFor("crawler")).toBe(1);
    // Its queue places still count: two waiting, the next is refused at once.
    const waits = [limiter.acquire(undefined, "crawler"), limiter.acquire(undefined, "crawler")];
    expect(await limiter.acquire(undefined, "crawler")).toBeNull();
    expect(limiter.refusals.client_share).toBe(1);
    visitor();
    granted();
    for (const release of await Promise.all(waits)) release!();
    expect(limiter.active).toBe(0);
  });

  it("a freed slot goes to a waiting client that holds none before one that holds a slot", async () => {
    const limiter = new RenderLimiter({ concurrency: 2, queue: 8, queueTimeoutMs: 60_000, perClientConcurrency: 2 });
    const a = (await limiter.acquire(undefined, "a"))!;
    const b = (await limiter.acquire(undefined, "b"))!;
    const order: string[] = [];
    // "a" asks first (it holds one slot), "c" after (it holds none).
    const aSecond = limiter.acquire(undefined, "a").then((release) => (order.push("a"), release));
    const c = limiter.acquire(undefined, "c").then((release) => (order.push("c"), release));
    expect(limiter.queued).toBe(2);
    b();
    const cRelease = await c;
    expect(order).toEqual(["c"]);
    a();
    const aRelease = await aSecond;
    expect(order).toEqual(["c", "a"]);
    cRelease!();
    aRelease!();
    expect(limiter.active).toBe(0);
  });

  it("a client refused for being past its share renders once other visitors' renders have paused, not beside them", async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const limiter = new RenderLimiter({ concurrency: 8, queue: 32, queueTimeoutMs: 60_000, now: () => now });
      const later = async (ms: number) => {
        now += ms;
        await vi.advanceTimersByTimeAsync(ms);
      };
      // The crawler alone: its whole share, two queued, the next refused.
      const held = [(await limiter.acquire(undefined, "crawler"))!, (await limiter.acquire(undefined, "crawler"))!];
      let next: Release | null = null;
      let after: Release | null = null;
      void limiter.acquire(undefined, "crawler").then((release) => (next = release));
      void limiter.acquire(undefined, "crawler").then((release) => (after = release));
      expect(await limiter.acquire(undefined, "crawler")).toBeNull();
      // A visitor renders at once; the crawler's slots free meanwhile go to nobody.
      const visitor = (await limiter.acquire(undefined, "visitor"))!;
      held.forEach((release) => release());
      await Promise.resolve();
      expect(limiter.activeFor("crawler")).toBe(0);
      expect(limiter.queued).toBe(2);
      // The visitor's render done, its next page comes a moment later: the crawler still waits.
      visitor();
      await later(limiter.shareLingerMs / 2);
      expect(next).toBeNull();
      const again = (await limiter.acquire(undefined, "visitor"))!;
      again();
      // Nobody else rendered for the linger: the crawler's queued request starts by itself
      // (one: it was refused a moment ago, and the visitor was here).
      await later(limiter.shareLingerMs);
      expect(next).not.toBeNull();
      expect(limiter.activeFor("crawler")).toBe(1);
      expect(limiter.queued).toBe(1);
      // Once it is no longer refused and the visitor is long gone, it has its whole share again.
      await later(limiter.shareLingerMs + 1);
      next!();
      await Promise.resolve();
      expect(after).not.toBeNull();
      const more = (await limiter.acquire(undefined, "crawler"))!;
      expect(limiter.activeFor("crawler")).toBe(2);
      after!();
      more();
      expect(limiter.active).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("clients past their share do not hold each other up; a visitor goes before them", async () => {
    let now = 0;
    const limiter = new RenderLimiter({ concurrency: 2, queue: 8, queueTimeoutMs: 60_000, perClientConcurrency: 1, perClientQueue: 1, now: () => now });
    const a = (await limiter.acquire(undefined, "a"))!;
    const aQueued = limiter.acquire(undefined, "a");
    expect(await limiter.acquire(undefined, "a")).toBeNull();
    const b = (await limiter.acquire(undefined, "b"))!;
    const bQueued = limiter.acquire(undefined, "b");
    expect(await limiter.acquire(undefined, "b")).toBeNull();
    // Both past their share; a visitor waits for a slot (all taken).
    const visitor = limiter.acquire(undefined, "visitor");
    expect(limiter.queued).toBe(3);
    // "a"'s slot frees: the visitor gets it, though "a"'s request waited longer.
    a();
    const v = (await visitor)!;
    expect(v).not.toBeNull();
    expect(limiter.activeFor("a")).toBe(0);
    // The visitor done and gone for a moment, "a" goes on; "b" is not held up by "a" (both past
    // their share).
    v();
    now += limiter.shareLingerMs / 2;
    let a2: Release | null = null;
    void aQueued.then((release) => (a2 = release));
    await Promise.resolve();
    expect(a2).toBeNull();
    now += limiter.shareLingerMs / 2;
    b();
    await Promise.resolve();
    expect(a2).not.toBeNull();
    const b2 = (await bQueued)!;
    expect(limiter.activeFor("a")).toBe(1);
    expect(limiter.activeFor("b")).toBe(1);
    a2!();
    b2();
    expect(limiter.active).toBe(0);
  });

  it("mayRefuse is false while nobody waits (every client could still queue)", async () => {
    const limiter = new RenderLimiter({ concurrency: 1, queue: 4, queueTimeoutMs: 60_000, perClientQueue: 1 });
    expect(limiter.mayRefuse).toBe(false);
    const first = (await limiter.acquire(undefined, "a"))!;
    expect(limiter.mayRefuse).toBe(false);
    const queued = limiter.acquire(undefined, "a");
    expect(limiter.mayRefuse).toBe(true);
    expect(limiter.wouldRefuse("a")).toBe(true);
    first();
    (await queued)!();
    expect(limiter.mayRefuse).toBe(false);
    expect(new RenderLimiter({ queue: 0 }).mayRefuse).toBe(true);
  });

  it("the default share is a quarter of the slots, rounded up, at least one", () => {
    expect([1, 2, 4, 5, 8, 16].map(defaultPerClientConcurrency)).toEqual([1, 1, 1, 2, 2, 4]);
  });
});

import { describe, expect, it } from "vitest";
import { RenderLimiter } from "~/server/http/render-limit.server";

/** One client's renders in time: a token bucket, whatever connections its requests arrive on. */
describe("a client's budget of renders in time", () => {
  const setup = () => {
    let now = 0;
    const limiter = new RenderLimiter({ concurrency: 8, perClientRate: 2, perClientBurst: 3, shareLingerMs: 0, now: () => now });
    return { limiter, advance: (ms: number) => (now += ms) };
  };
  /** One render from start to end, as a client opening a new connection per request makes them. */
  const render = async (limiter: RenderLimiter, client: string) => {
    const release = await limiter.acquire(undefined, client);
    release?.();
    return release !== null;
  };

  it("one render at a time never holds more than one slot, yet past its burst the client is refused at once", async () => {
    const { limiter } = setup();
    for (let i = 0; i < 3; i++) expect(await render(limiter, "crawler")).toBe(true);
    expect(limiter.mayRefuse).toBe(true);
    expect(limiter.wouldRefuse("crawler")).toBe(true);
    expect(await render(limiter, "crawler")).toBe(false);
    expect(limiter.refusals.client_rate).toBe(1);
    // Someone else is not held back by it.
    expect(limiter.wouldRefuse("visitor")).toBe(false);
    expect(await render(limiter, "visitor")).toBe(true);
  });

  it("tokens come back at the rate: two renders a second, none saved beyond the burst", async () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i++) await render(limiter, "crawler");
    advance(500);
    expect(await render(limiter, "crawler")).toBe(true);
    expect(await render(limiter, "crawler")).toBe(false);
    advance(60_000);
    let granted = 0;
    for (let i = 0; i < 10; i++) if (await render(limiter, "crawler")) granted++;
    expect(granted).toBe(3);
    // Once every bucket has refilled, nobody can be refused and the early refusal looks no more.
    advance(60_000);
    expect(limiter.mayRefuse).toBe(false);
  });

  it("a rate of 0 turns it off", async () => {
    const limiter = new RenderLimiter({ concurrency: 8, perClientRate: 0, perClientBurst: 1, shareLingerMs: 0 });
    for (let i = 0; i < 20; i++) expect(await render(limiter, "crawler")).toBe(true);
  });
});

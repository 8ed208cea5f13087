import { afterEach, describe, expect, it, vi } from "vitest";
import { ReadinessMonitor } from "~/server/observability/health.server";

/**
 * /readyz answers from a background check (issue 26 item 9): no check runs for a request once the
 * loop runs, an outage shows within one interval and one run, and the answer says when it was
 * checked.
 */

afterEach(() => {
  vi.useRealTimers();
});

describe("ReadinessMonitor", () => {
  it("runs the checks once for the first question, then in the background; answers the last result at once", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-26T10:00:00Z"));
    let contentUp = true;
    const runs = { content: 0, store: 0 };
    const monitor = new ReadinessMonitor(
      {
        content: async () => {
          runs.content++;
          if (!contentUp) throw new Error("down");
        },
        store: async () => void runs.store++,
      },
      { intervalMs: 1_000, idleMs: 10_000 },
    );
    expect(await monitor.current()).toEqual({ status: "ready", checks: { content: "ok", store: "ok" }, checkedAt: "2026-11-26T10:00:00.000Z" });
    expect(runs).toEqual({ content: 1, store: 1 });

    // Many questions within the interval: no check runs for them.
    for (let i = 0; i < 50; i++) expect((await monitor.current()).status).toBe("ready");
    expect(runs).toEqual({ content: 1, store: 1 });

    // The content service goes down: the next background run (within the interval) reports it.
    contentUp = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual({ content: 2, store: 2 });
    expect(await monitor.current()).toEqual({ status: "unavailable", checks: { content: "failing", store: "ok" }, checkedAt: "2026-11-26T10:00:01.000Z" });
    expect(runs.content).toBe(2);

    // And back.
    contentUp = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await monitor.current()).status).toBe("ready");
    monitor.stop();
  });

  it("pauses when nobody asks, and waits for a fresh run when asked again", async () => {
    vi.useFakeTimers();
    let runs = 0;
    const monitor = new ReadinessMonitor({ store: async () => void runs++ }, { intervalMs: 1_000, idleMs: 5_000 });
    await monitor.current();
    await vi.advanceTimersByTimeAsync(20_000);
    // Runs until 5 s after the question, then none.
    expect(runs).toBeGreaterThanOrEqual(5);
    expect(runs).toBeLessThanOrEqual(7);
    const paused = runs;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(runs).toBe(paused);
    const fresh = await monitor.current();
    expect(runs).toBe(paused + 1);
    expect(fresh.checkedAt).toBe(new Date(Date.now()).toISOString());
    monitor.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(runs).toBe(paused + 1);
  });

  it("reports a hanging check as a timeout, and answers the previous result meanwhile", async () => {
    vi.useFakeTimers();
    let hang = false;
    const monitor = new ReadinessMonitor({ store: () => (hang ? new Promise(() => {}) : Promise.resolve()) }, { intervalMs: 1_000, timeoutMs: 3_000 });
    expect((await monitor.current()).status).toBe("ready");
    hang = true;
    await vi.advanceTimersByTimeAsync(1_500);
    // The run in progress has not timed out yet: the last result stands.
    expect((await monitor.current()).checks).toEqual({ store: "ok" });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await monitor.current()).toMatchObject({ status: "unavailable", checks: { store: "timeout" } });
    monitor.stop();
  });
});

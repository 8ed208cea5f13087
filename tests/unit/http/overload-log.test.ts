import { afterEach, describe, expect, it, vi } from "vitest";
import { accessLog, countedLog, createLogger, OVERLOAD_REFUSED } from "~/server/observability/logger.server";

/**
 * Under overload the fast 503s come by the thousand a second; one access line each, written
 * synchronously, held up the event loop that answers /healthz (ADR 031). They are counted and
 * logged once per interval; every other response keeps its line.
 */

afterEach(() => vi.useRealTimers());

function response(statusCode: number, locals: Record<string, unknown> = {}) {
  const listeners: Record<string, () => void> = {};
  return {
    res: { statusCode, locals, getHeader: () => undefined, on: (event: string, fn: () => void) => (listeners[event] = fn) },
    finish: () => listeners.finish?.(),
  };
}

describe("access log under overload", () => {
  it("counts the fast 503s in one line per interval and logs every other response", () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = accessLog(createLogger("json", (l) => lines.push(l)), { overloadSummaryMs: 1000 });
    for (let i = 0; i < 500; i++) {
      const { res, finish } = response(503, { [OVERLOAD_REFUSED]: true });
      log({ method: "GET", originalUrl: `/au/config/tarrak?colour=${i}` }, res, () => {});
      finish();
    }
    const page = response(200);
    log({ method: "GET", originalUrl: "/au" }, page.res, () => {});
    page.finish();
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([expect.objectContaining({ msg: "request", path: "/au", status: 200 })]);
    vi.advanceTimersByTime(1000);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: "warn", count: 500, seconds: 1 });
    // A 503 that is not the limit's (the content service is down) keeps its own line.
    const outage = response(503);
    log({ method: "GET", originalUrl: "/au/offers" }, outage.res, () => {});
    outage.finish();
    expect(JSON.parse(lines[2]!)).toMatchObject({ level: "error", msg: "request", status: 503 });
    vi.advanceTimersByTime(5000);
    expect(lines).toHaveLength(3);
  });

  it("countedLog writes nothing without events and starts a new interval after each line", () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const count = countedLog(createLogger("json", (l) => lines.push(l)), "warn", "things", 100);
    vi.advanceTimersByTime(500);
    expect(lines).toEqual([]);
    count();
    count();
    vi.advanceTimersByTime(100);
    count();
    vi.advanceTimersByTime(100);
    expect(lines.map((l) => (JSON.parse(l) as { count: number }).count)).toEqual([2, 1]);
  });
});

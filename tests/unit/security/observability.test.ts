import { describe, expect, it } from "vitest";
import { checkReadiness, contentReachable } from "~/server/observability/health.server";
import { accessLog, createLogger, formatLine, installConsoleLogger, pathOnly, redact } from "~/server/observability/logger.server";
import { requestIdFrom, runWithRequestContext } from "~/server/observability/request-context.server";

describe("structured logs without personal data", () => {
  it("masks e-mail addresses and phone numbers, keeps ids and counts", () => {
    expect(redact("from ann.lee+x@example.com.au ok")).toBe("from [email] ok");
    expect(redact("call 0412345678 or +61 412 345 678 or 61412345678")).toBe("call [phone] or [phone] or [phone]");
    expect(redact("lead 123e4567-e89b-12d3-a456-426614174000 after 3 attempts in 120 ms")).toBe(
      "lead 123e4567-e89b-12d3-a456-426614174000 after 3 attempts in 120 ms",
    );
    expect(pathOnly("/api/dealers-for-postcode?country=au&postcode=3121#x")).toBe("/api/dealers-for-postcode");
  });

  it("writes one JSON object per line with the request id of the current request", () => {
    const line = runWithRequestContext("req-12345678", () => formatLine("warn", "stored for bob@example.com", { status: 201 }, "json", new Date(0)));
    expect(JSON.parse(line)).toEqual({ time: "1970-01-01T00:00:00.000Z", level: "warn", msg: "stored for [email]", requestId: "req-12345678", status: 201 });
    expect(formatLine("info", "hello", { a: 1 }, "pretty")).toBe("hello a=1");
  });

  it("routes console calls through the logger (errors without their stack in production)", () => {
    const lines: string[] = [];
    const restore = installConsoleLogger(createLogger("json", (l) => lines.push(l)), { stacks: false });
    try {
      console.log("[leads] stored", "x");
      console.error("boom", new Error("disk on fire"));
    } finally {
      restore();
    }
    expect(lines.map((l) => JSON.parse(l) as { level: string; msg: string })).toEqual([
      expect.objectContaining({ level: "info", msg: "[leads] stored x" }),
      expect.objectContaining({ level: "error", msg: "boom Error: disk on fire" }),
    ]);
  });

  it("keeps a plain client request id and replaces anything else", () => {
    expect(requestIdFrom("abc-123_DEF.456")).toBe("abc-123_DEF.456");
    for (const bad of [undefined, "", "short", "x".repeat(200), "a b c d e f g h", "<script>alert(1)</script>"]) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("access log: method, path without query, status, duration; no address, no query", () => {
    const lines: string[] = [];
    const listeners: Record<string, () => void> = {};
    const res = { statusCode: 404, getHeader: () => "12", on: (event: string, fn: () => void) => (listeners[event] = fn) };
    accessLog(createLogger("json", (l) => lines.push(l)))({ method: "GET", originalUrl: "/api/places?q=3121" }, res, () => {});
    listeners.finish?.();
    listeners.close?.();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: "request", method: "GET", path: "/api/places", status: 404, bytes: 12 });
    expect(lines[0]).not.toContain("3121");
  });
});

describe("readiness", () => {
  it("is ready when every check passes; names a failing or hanging check", async () => {
    expect(await checkReadiness({ content: contentReachable(async () => ({ status: 200 })), store: async () => {} })).toEqual({
      status: "ready",
      checks: { content: "ok", store: "ok" },
    });
    const slow = await checkReadiness(
      { content: contentReachable(async () => ({ status: 500 })), store: () => new Promise(() => {}) },
      50,
    );
    expect(slow).toEqual({ status: "unavailable", checks: { content: "failing", store: "timeout" } });
  });
});

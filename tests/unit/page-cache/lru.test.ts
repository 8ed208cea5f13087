import { describe, expect, it } from "vitest";
import { ByteLru } from "~/server/page-cache/lru";

const v = (bytes: number) => ({ bytes });

describe("ByteLru (segmented)", () => {
  it("a scan of keys read once evicts only other keys read once", () => {
    const lru = new ByteLru<{ bytes: number }>(1000);
    lru.set("home", v(100));
    lru.get("home");
    for (let i = 0; i < 500; i++) lru.set(`scan-${i}`, v(100));
    expect(lru.get("home")).toBeDefined();
    expect(lru.isProtected("home")).toBe(true);
    expect(lru.bytes).toBeLessThanOrEqual(1000);
    // Probation holds the newest of the scan.
    expect(lru.peek("scan-499")).toBeDefined();
    expect(lru.peek("scan-0")).toBeUndefined();
  });

  it("bounds the protected segment: its least recently used go back to probation, then out", () => {
    const lru = new ByteLru<{ bytes: number }>(1000, 0.5);
    for (const key of ["a", "b", "c", "d", "e", "f"]) {
      lru.set(key, v(100));
      lru.get(key);
    }
    // Protected holds 500 bytes: a and b were demoted to probation, still stored.
    expect(lru.isProtected("a")).toBe(false);
    expect(lru.peek("a")).toBeDefined();
    expect(lru.isProtected("f")).toBe(true);
    for (let i = 0; i < 10; i++) lru.set(`n${i}`, v(100));
    expect(lru.peek("a")).toBeUndefined();
    expect(["c", "d", "e", "f"].every((k) => lru.isProtected(k))).toBe(true);
  });

  it("keeps a refreshed page in use where it is, and refuses a value larger than probation", () => {
    const lru = new ByteLru<{ bytes: number }>(1000);
    lru.set("home", v(100));
    lru.get("home");
    lru.set("home", v(120));
    expect(lru.isProtected("home")).toBe(true);
    expect(lru.bytes).toBe(120);
    expect(lru.set("huge", v(300))).toBe(false);
    expect(lru.peek("huge")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { observable, snapshot, subscribe } from "~/features/site-state/observable";

describe("observable (the site state's store)", () => {
  it("reads and assigns like a plain object; a snapshot is frozen and the same object until a change", () => {
    const state = observable({ open: false, name: "VIC" });
    const first = snapshot(state);
    expect(first).toEqual({ open: false, name: "VIC" });
    expect(Object.isFrozen(first)).toBe(true);
    expect(snapshot(state)).toBe(first);
    state.open = true;
    expect(state.open).toBe(true);
    const second = snapshot(state);
    expect(second).not.toBe(first);
    expect(second).toEqual({ open: true, name: "VIC" });
    // Assigning the same value is no change.
    state.open = true;
    expect(snapshot(state)).toBe(second);
  });

  it("tells subscribers once per task of changes, after the code that made them, until removed", async () => {
    const state = observable({ a: 1, b: 2 });
    const seen: unknown[] = [];
    const remove = subscribe(state, () => seen.push(snapshot(state)));
    state.a = 10;
    state.b = 20;
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(seen).toEqual([{ a: 10, b: 20 }]);
    remove();
    state.a = 11;
    await Promise.resolve();
    expect(seen).toHaveLength(1);
  });

  it("keeps each state's subscribers apart, and refuses what is not one of its states", async () => {
    const one = observable({ n: 0 });
    const two = observable({ n: 0 });
    let calls = 0;
    subscribe(one, () => calls++);
    two.n = 1;
    await Promise.resolve();
    expect(calls).toBe(0);
    expect(() => snapshot({ n: 0 })).toThrow(/Not an observable state/);
  });
});

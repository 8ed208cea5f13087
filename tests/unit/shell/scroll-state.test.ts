import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  HEADER_FLOATING_PX,
  HEADER_PINNED_PX,
  SCROLL_START,
  SCROLL_THROTTLE_MS,
  STICKY_BAR_PX,
  SUB_NAV_PX,
  nextScrollState,
  scrollStateChanged,
  throttle,
  type ScrollMachine,
} from "~/features/shell/scroll-state";

/** Feeds scroll positions through the machine and returns every state. */
function run(...positions: number[]): ScrollMachine[] {
  const states: ScrollMachine[] = [];
  let state = SCROLL_START;
  for (const y of positions) {
    state = nextScrollState(state, y);
    states.push(state);
  }
  return states;
}

describe("header and sticky bar scroll state", () => {
  it("uses the spec's thresholds", () => {
    expect([HEADER_FLOATING_PX, HEADER_PINNED_PX, SUB_NAV_PX, STICKY_BAR_PX, SCROLL_THROTTLE_MS]).toEqual([340, 175, 340, 20, 64]);
  });

  it("shows the sticky bar only after more than 20 px", () => {
    expect(run(20).at(-1)?.stickyBarVisible).toBe(false);
    expect(run(21).at(-1)?.stickyBarVisible).toBe(true);
    expect(run(400, 10).at(-1)?.stickyBarVisible).toBe(false);
  });

  it("floats the header after 340 px and shows the sub-navigation at 340 px or more", () => {
    const at340 = run(340).at(-1)!;
    expect(at340.floating).toBe(false);
    expect(at340.subNavVisible).toBe(true);
    const at341 = run(341).at(-1)!;
    expect(at341.floating).toBe(true);
    expect(run(339).at(-1)!.subNavVisible).toBe(false);
  });

  it("pins the header when scrolling up after 175 px and unpins it when scrolling down", () => {
    const [down, up, downAgain] = run(800, 600, 650);
    expect(down.pinned).toBe(false);
    expect(up.pinned).toBe(true);
    expect(up.floating).toBe(true);
    expect(downAgain.pinned).toBe(false);
  });

  it("does not pin when scrolling up below 175 px from a position that never passed it", () => {
    expect(run(170, 100).at(-1)!.pinned).toBe(false);
    expect(run(176, 175).at(-1)!.pinned).toBe(false);
    expect(run(200, 176).at(-1)!.pinned).toBe(true);
  });

  it("keeps the header pinned while scrolling up to the top, and releases it there", () => {
    const states = run(1000, 500, 150, 40, 0);
    expect(states.map((s) => s.pinned)).toEqual([false, true, true, true, false]);
    expect(states.map((s) => s.floating)).toEqual([true, true, false, false, false]);
  });

  it("treats negative (overscroll) and invalid positions as the top", () => {
    expect(run(-30).at(-1)).toEqual(SCROLL_START);
    expect(run(Number.NaN).at(-1)).toEqual(SCROLL_START);
  });

  it("reports a change only when a visible flag changes", () => {
    const [a, b] = run(500, 520);
    expect(scrollStateChanged(a, b)).toBe(false);
    expect(scrollStateChanged(b, nextScrollState(b, 400))).toBe(true);
  });
});

describe("throttle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs at once, then at most once per window with the latest arguments", () => {
    const calls: number[] = [];
    const throttled = throttle((y: number) => calls.push(y), 64);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(63);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(200);
    throttled(4);
    expect(calls).toEqual([1, 3, 4]);
  });

  it("drops a pending call when cancelled", () => {
    const calls: number[] = [];
    const throttled = throttle((y: number) => calls.push(y), 64);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([1]);
  });
});

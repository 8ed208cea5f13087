/**
 * What the page shows of its scroll position: the header floating or pinned, the sticky bar.
 * Plain DOM code (page-scroll.ts applies it to the page), so it needs no island to have loaded.
 */
export interface HeaderScrollState {
  /** Scrolled past 340 px: the header leaves the page and floats (fixed, solid, out of view). */
  floating: boolean;
  /** Scrolling up after 175 px: the floating header slides into view. */
  pinned: boolean;
  /** Scrolled 340 px or more: the sub-navigation shows. */
  subNavVisible: boolean;
  /** Scrolled more than 20 px: the sticky bottom bar shows. */
  stickyBarVisible: boolean;
}

/** Header and sticky-bar scroll thresholds (spec site.md sections 2, 4 and 9). */
export const HEADER_FLOATING_PX = 340;
export const HEADER_PINNED_PX = 175;
export const SUB_NAV_PX = 340;
export const STICKY_BAR_PX = 20;
export const SCROLL_THROTTLE_MS = 64;

export interface ScrollMachine extends HeaderScrollState {
  /** The scroll position the state was computed for. */
  y: number;
}

export const SCROLL_START: ScrollMachine = { y: 0, floating: false, pinned: false, subNavVisible: false, stickyBarVisible: false };

/**
 * The next scroll state for a new scroll position:
 * - floating above 340 px; the sub-navigation at 340 px or more; the sticky bar above 20 px;
 * - pinned: scrolling up past 175 px pins the header; scrolling down unpins it; it stays pinned
 *   while the visitor keeps scrolling up towards the top, and unpins at the very top, where the
 *   header is back in its place.
 */
export function nextScrollState(prev: ScrollMachine, rawY: number): ScrollMachine {
  const y = Math.max(0, Number.isFinite(rawY) ? rawY : 0);
  let pinned = prev.pinned;
  if (y <= 0) pinned = false;
  else if (y > prev.y) pinned = false;
  else if (y < prev.y && y > HEADER_PINNED_PX) pinned = true;
  return {
    y,
    floating: y > HEADER_FLOATING_PX,
    pinned,
    subNavVisible: y >= SUB_NAV_PX,
    stickyBarVisible: y > STICKY_BAR_PX,
  };
}

/** True when two states differ in anything the page shows (the position itself aside). */
export function scrollStateChanged(a: HeaderScrollState, b: HeaderScrollState): boolean {
  return (
    a.floating !== b.floating ||
    a.pinned !== b.pinned ||
    a.subNavVisible !== b.subNavVisible ||
    a.stickyBarVisible !== b.stickyBarVisible
  );
}

/**
 * Calls fn at most once per `ms`: at once on the first call, then once more at the end of the
 * window with the latest arguments (so the final position is never lost).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = ms - (Date.now() - last);
    if (wait <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      const next = pending;
      pending = null;
      if (next) run(next);
    }, Math.max(0, wait));
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  return throttled;
}

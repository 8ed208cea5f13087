import { SCROLL_START, SCROLL_THROTTLE_MS, nextScrollState, throttle, type HeaderScrollState, type ScrollMachine } from "./scroll-state";

/**
 * The scroll state on the page (the header's `data-floating` and `data-pinned`, the sticky bar's
 * `data-visible`; shell.css draws them) and the sticky bar's height (`--sticky-bar-height`, which
 * the page keeps clear when the browser scrolls a focused element into view). Plain DOM code,
 * started with the page: the header and the bar follow the scroll before, and without, their
 * code loading. React renders none of these attributes, so hydration leaves them be; they are
 * applied again on every update (a no-op when unchanged), which also restores them on an element
 * rendered anew.
 */
export function applyScrollState(doc: Document, state: HeaderScrollState): void {
  for (const header of doc.querySelectorAll(".site-header")) {
    header.toggleAttribute("data-floating", state.floating);
    header.toggleAttribute("data-pinned", state.pinned);
  }
  for (const bar of doc.querySelectorAll(".sticky-bottom-bar")) bar.toggleAttribute("data-visible", state.stickyBarVisible);
}

/** Keeps `--sticky-bar-height` at the bar's real height (one row, whatever its labels wrap to). */
function measureStickyBar(doc: Document): () => void {
  const bar = doc.querySelector<HTMLElement>(".sticky-bottom-bar");
  if (!bar || typeof ResizeObserver === "undefined") return () => {};
  const root = doc.documentElement;
  const observer = new ResizeObserver(() => root.style.setProperty("--sticky-bar-height", `${bar.offsetHeight}px`));
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.removeProperty("--sticky-bar-height");
  };
}

/** Follows the window's scroll position (throttled to 64 ms); returns the removal. */
export function followScroll(win: Window = window): () => void {
  const doc = win.document;
  let state: ScrollMachine = { ...SCROLL_START };
  const update = () => {
    state = nextScrollState(state, win.scrollY);
    applyScrollState(doc, state);
  };
  const onScroll = throttle(update, SCROLL_THROTTLE_MS);
  update();
  win.addEventListener("scroll", onScroll, { passive: true });
  const stopMeasuring = measureStickyBar(doc);
  return () => {
    win.removeEventListener("scroll", onScroll);
    onScroll.cancel();
    stopMeasuring();
  };
}

import { useEffect } from "react";
import type { SiteStore } from "~/features/site-state/store";
import { SCROLL_START, SCROLL_THROTTLE_MS, nextScrollState, scrollStateChanged, throttle, type ScrollMachine } from "./scroll-state";

/**
 * Follows the window's scroll position (throttled to 64 ms) and keeps `store.scroll` (header
 * floating / pinned, sub-navigation, sticky bar) up to date; the store changes only when a
 * threshold is crossed.
 */
export function useScrollState(store: SiteStore): void {
  useEffect(() => {
    let state: ScrollMachine = { ...SCROLL_START };
    const update = () => {
      const next = nextScrollState(state, window.scrollY);
      if (scrollStateChanged(state, next)) {
        const { y: _y, ...flags } = next;
        store.scroll = flags;
      }
      state = next;
    };
    const onScroll = throttle(update, SCROLL_THROTTLE_MS);
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      onScroll.cancel();
    };
  }, [store]);
}

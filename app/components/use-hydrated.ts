import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once the app runs in the browser. Parts that
 * need JavaScript (carousel controls, flip toggles) render only then, so the server markup is
 * what works without JavaScript.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false
  );
}

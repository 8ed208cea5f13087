import { startTransition, useEffect, useState, useSyncExternalStore } from "react";
import { isHydrating } from "~/blocks/runtime/hydration-state";

const subscribe = () => () => {};
const notHydrating = () => !isHydrating();
const onServer = () => false;

/**
 * False on the server and during hydration, true once the app runs in the browser. Parts that
 * need JavaScript (carousel controls, flip toggles) render only then, so the server markup is
 * what works without JavaScript.
 *
 * During hydration the browser's value equals the server's (false), so React does not force a
 * blocking re-render; the switch to true right after is a transition, which React renders in slices
 * between other work instead of one long task re-rendering every enhanced part of the page
 * (Lighthouse's total blocking time). A component mounted later (client navigation) starts at true.
 */
export function useHydrated(): boolean {
  const initial = useSyncExternalStore(subscribe, notHydrating, onServer);
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (!value) startTransition(() => setValue(true));
  }, [value]);
  return value;
}

import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

let hydrated = false;
const subscribe = () => () => {};

/** Called once the document has hydrated (app/blocks/loading.ts). */
export function markHydrated(): void {
  hydrated = true;
}

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
  const initial = useSyncExternalStore(
    subscribe,
    () => hydrated || !isHydrationRender(),
    () => false,
  );
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (!value) startTransition(() => setValue(true));
  }, [value]);
  return value;
}

let hydrating = false;

/** Set by the browser's entry around hydration (app/blocks/loading.ts). */
export function markHydrating(): void {
  hydrating = true;
}

function isHydrationRender(): boolean {
  return hydrating && !hydrated;
}

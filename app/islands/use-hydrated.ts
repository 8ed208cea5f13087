import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from "react";

const subscribe = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** Components whose switch to the enhanced rendering is still pending (see `whenEnhanced`). */
let pending = 0;
let waiters: (() => void)[] = [];

function settled(): void {
  pending = Math.max(0, pending - 1);
  if (pending > 0) return;
  const done = waiters;
  waiters = [];
  for (const resolve of done) resolve();
}

/**
 * Resolves once every component that hydrated has switched to its enhanced rendering: a click
 * queued while an island loaded is replayed on the controls the visitor will then see.
 */
export function whenEnhanced(): Promise<void> {
  return pending === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
}

/**
 * False on the server and while an island hydrates, true once it runs in the browser. Parts that
 * need JavaScript (carousel controls, flip toggles) render only then, so the server markup is
 * what works without JavaScript.
 *
 * During hydration the browser's value equals the server's (false), so React does not force a
 * blocking re-render; the switch to true right after is a transition, which React renders in slices
 * instead of one long task. A component mounted later (a dialog opened) starts at true.
 */
export function useHydrated(): boolean {
  const initial = useSyncExternalStore(subscribe, inBrowser, onServer);
  const [value, setValue] = useState(initial);
  const counted = useRef(false);
  useEffect(() => {
    if (value || counted.current) return;
    counted.current = true;
    pending += 1;
    startTransition(() => setValue(true));
  }, [value]);
  useEffect(() => {
    if (value && counted.current) {
      counted.current = false;
      settled();
    }
  }, [value]);
  useEffect(
    () => () => {
      if (counted.current) settled();
    },
    [],
  );
  return value;
}

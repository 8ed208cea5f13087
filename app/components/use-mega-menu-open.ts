import { useSyncExternalStore } from "react";

/** Body class the shell sets while the mega menu is open. */
export const MEGA_MENU_OPEN_CLASS = "mega-menu-open";

function subscribe(onChange: () => void): () => void {
  if (
    typeof document === "undefined" ||
    typeof MutationObserver === "undefined"
  )
    return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, {
    attributes: true,
    attributeFilter: ["class"],
  });
  return () => observer.disconnect();
}

/**
 * True while the mega menu is open. Until the shell's site state (`isMegaMenuOpen`) is
 * wired in, this watches the `mega-menu-open` class on `<body>`.
 */
export function useMegaMenuOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.body.classList.contains(MEGA_MENU_OPEN_CLASS),
    () => false
  );
}

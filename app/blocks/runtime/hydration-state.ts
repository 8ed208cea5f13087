/**
 * Where the browser is in hydration, in one place. Before the entry starts hydrating (the server,
 * unit tests rendering on the client) and after it has committed, components render normally;
 * during hydration, server HTML that needs no JavaScript is kept as it is (ServerHtml) and enhanced
 * parts wait (useHydrated). The entry starts it (app/blocks/runtime/loading.ts, `prepareHydration`) and the
 * root layout's first effect finishes it.
 */
let phase: "before" | "hydrating" | "hydrated" = "before";

/** True while React hydrates the server's HTML (the first render in the browser). */
export function isHydrating(): boolean {
  return phase === "hydrating";
}

/** Called by the browser's entry just before it hydrates. */
export function hydrationStarted(): void {
  phase = "hydrating";
}

/** Called once hydration has committed (root's first effect). */
export function hydrationFinished(): void {
  phase = "hydrated";
}

import { createElement, startTransition, useEffect, type ReactElement, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { islandContent } from "./island";
import type { IslandRuntime } from "./start";
import { whenEnhanced } from "./use-hydrated";

/** Resolves once React has committed the island (its effects run after hydration). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children as ReactElement;
}

/**
 * The React half of the islands' runtime (start.ts loads it with the first island that hydrates):
 * hydrates an island's container as a root of its own, inside the page-wide providers (`wrap`, the
 * same as the server's `IslandHost.wrap`), with the ids the server made (`identifierPrefix`).
 */
export function createIslandRuntime<Page>(wrap: (children: ReactNode, page: Page) => ReactElement): IslandRuntime {
  return {
    hydrate(container, island, props, key, page) {
      return new Promise<void>((resolve) => {
        const element = createElement(Committed, { onCommit: () => resolve(), children: wrap(islandContent(island, props), page as Page) });
        // In a transition React hydrates in slices, yielding to input between them (no long task).
        startTransition(() => {
          hydrateRoot(container, element, {
            identifierPrefix: key,
            onRecoverableError: (error: unknown) => console.error(`[islands] ${island.name}:`, error),
          });
        });
      });
    },
    whenEnhanced,
  };
}

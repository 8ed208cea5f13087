import { Component, createElement, startTransition, useEffect, type ErrorInfo, type ReactElement, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { FAILED_ATTRIBUTE, READY_ATTRIBUTE } from "./early-clicks";
import { islandContent } from "./island";
import type { IslandRuntime } from "./start";
import { whenEnhanced } from "./use-hydrated";

/** Resolves once React has committed the island (its effects run after hydration). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children as ReactElement;
}

/** Catches an error the island throws while it renders: the runtime then puts the server's HTML back. */
class Failure extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The React half of the islands' runtime (start.ts loads it with the first island that hydrates):
 * hydrates an island's container as a root of its own, inside the page-wide providers (`wrap`, the
 * same as the server's `IslandHost.wrap`), with the ids the server made (`identifierPrefix`).
 * An island that throws while it renders is unmounted and its server HTML put back, so it works
 * on as without JavaScript; the promise rejects and the runtime marks it failed.
 */
export function createIslandRuntime<Page>(wrap: (children: ReactNode, page: Page) => ReactElement): IslandRuntime {
  return {
    hydrate(container, island, props, key, page) {
      // The server's markup as the visitor left it (a disclosure opened, text typed).
      const server = [...container.childNodes].map((node) => node.cloneNode(true));
      return new Promise<void>((resolve, reject) => {
        let root: Root | null = null;
        let failed = false;
        let committed = false;
        const onError = (error: unknown) => {
          if (failed) return;
          failed = true;
          // Not from inside React's commit: unmount and restore in a task of their own.
          setTimeout(() => {
            root?.unmount();
            container.replaceChildren(...server);
            // After its first commit the runtime no longer waits on this promise: marked here.
            if (committed) {
              container.removeAttribute(READY_ATTRIBUTE);
              container.setAttribute(FAILED_ATTRIBUTE, "");
              console.error(`[islands] ${island.name} failed:`, error);
            }
            reject(error instanceof Error ? error : new Error(String(error)));
          }, 0);
        };
        const element = createElement(Failure, {
          onError,
          children: createElement(Committed, { onCommit: () => {
            committed = true;
            resolve();
          }, children: wrap(islandContent(island, props), page as Page) }),
        });
        // In a transition React hydrates in slices, yielding to input between them (no long task).
        startTransition(() => {
          root = hydrateRoot(container, element, {
            identifierPrefix: key,
            onRecoverableError: (error: unknown) => console.error(`[islands] ${island.name}:`, error),
          });
        });
      });
    },
    whenEnhanced,
  };
}

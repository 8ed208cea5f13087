import { lazy, type ComponentType } from "react";

/**
 * Every technique of the block runtime that relies on how React 18 or Remix 2 behave rather than
 * on their documented API, in one place. Each has a contract test
 * (tests/unit/blocks/runtime-internals.test.tsx) that fails on an upgrade that changes it; check
 * this file first when it does. Pinned: react/react-dom 18.3.1, @remix-run/* 2.17.5,
 * turbo-stream 2.4.1 (Remix's single-fetch encoding).
 *
 * 1. `lazyLoaded`: React.lazy given a thenable that calls back synchronously renders the component
 *    without suspending (React reads a settled thenable's result at once). A block or a deferred
 *    component already loaded therefore renders on the server and during hydration as a plain
 *    component would (blocks/runtime/deferred.ts).
 * 2. `KEEP_SERVER_HTML`: during hydration, React leaves the children of an element rendered with
 *    `dangerouslySetInnerHTML` as the server sent them (it does not compare inner HTML), and
 *    `suppressHydrationWarning` silences the difference. Blocks without behaviour (islands) and
 *    the pricing modal's server copy stay the server's HTML this way (blocks/runtime/server-html.tsx),
 *    and the root's scripts keep their text (root.tsx).
 * 3. `hideFromPageData`: Remix's single-fetch encoding (turbo-stream) writes an object's own
 *    enumerable keys only, so a non-enumerable field stays on the server (island-view.ts).
 * 4. React's root listens to events on its container, which is the document (entry.client.tsx):
 *    a listener on the window in the capture phase runs before every React handler, and one added
 *    on the document after `hydrateRoot` runs after them (blocks/runtime/document-clicks.ts).
 */

/** A thenable that calls back at once (technique 1). */
function settled<T>(value: T): PromiseLike<T> {
  return {
    then<R1 = T, R2 = never>(onFulfilled?: ((v: T) => R1 | PromiseLike<R1>) | null): PromiseLike<R1 | R2> {
      return settled(onFulfilled ? (onFulfilled(value) as R1) : (value as unknown as R1));
    },
  };
}

/**
 * A lazy component that renders without suspending once `loaded()` returns the component, and
 * suspends on `load()` before that (technique 1).
 */
export function lazyLoaded<P>(loaded: () => ComponentType<P> | undefined, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Component = lazy(() => {
    const component = loaded();
    return (component ? settled({ default: component }) : load().then((c) => ({ default: c }))) as Promise<{ default: ComponentType<P> }>;
  });
  return Component as unknown as ComponentType<P>;
}

/**
 * Props that keep an element's server HTML through hydration (technique 2). Outside hydration
 * they render the element empty: use them only while hydrating, or for a script whose text the
 * browser has already run.
 */
export const KEEP_SERVER_HTML = { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: "" } } as const;

/** Defines a field the server reads but the page data leaves out (technique 3). */
export function hideFromPageData(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: false });
}

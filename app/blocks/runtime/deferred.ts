import type { ComponentType } from "react";
import { lazyLoaded } from "./internals";

/**
 * Code that the browser loads only when it is needed (a dialog on its first opening), while the
 * server renders it like any other component: the server loads every deferred component before its
 * first render (`loadAllDeferred`, entry.server.tsx). Each block is one (blocks/runtime/loading.ts, ADR 020,
 * ADR 022).
 */
export interface Deferred<P> {
  /** Renders the component; suspends only in the browser, before `load` has settled. */
  Component: ComponentType<P>;
  /** Loads the component's chunk once (the same promise for concurrent calls). */
  load(): Promise<ComponentType<P>>;
}

const registry = new Set<() => Promise<unknown>>();

/** A component whose chunk loads on demand (`load`), registered for the server's start-up. */
export function deferred<P>(importer: () => Promise<ComponentType<P>>): Deferred<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const load = (): Promise<ComponentType<P>> => {
    if (component) return Promise.resolve(component);
    pending ??= importer().then(
      (c) => (component = c),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  registry.add(load);
  // A loaded component renders at once, without suspending (runtime/internals.ts, technique 1).
  return { Component: lazyLoaded(() => component, load), load };
}

/** Loads every deferred component: the server before its first render, and tests. */
export function loadAllDeferred(): Promise<void> {
  return Promise.all([...registry].map((load) => load())).then(() => undefined);
}

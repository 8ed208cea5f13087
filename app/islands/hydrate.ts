import { createElement, startTransition, useEffect, type ReactElement, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { islandContent, PAGE_SCRIPT_ID, PROPS_ATTRIBUTE, type IslandDefinition } from "./island";
import { ACTIONABLE, READY_ATTRIBUTE, takeQueuedClicks, type IslandWake } from "./early-clicks";
import { whenEnhanced } from "./use-hydrated";

/** How the browser's entry finds an island's code by its name: the definition, with everything its props render loaded. */
export type IslandLoaders = Record<string, (props: unknown) => Promise<IslandDefinition<unknown>>>;

export interface IslandsOptions<Page> {
  loaders: IslandLoaders;
  /** The page-wide providers around each island (the same as the server's, `IslandHost.wrap`). */
  wrap(children: ReactNode, page: Page): ReactElement;
}

function readJson(element: Element | null): unknown {
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as unknown;
}

/** Resolves once React has committed the island (its effects run after hydration). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children as ReactElement;
}

/**
 * The control a queued click was meant for: the element itself, or, when the enhanced rendering
 * replaced it (a `<summary>` by a `<button>`), the control in its place: the same id, else the
 * same first class.
 */
function sameControl(container: Element, target: HTMLElement): HTMLElement | null {
  if (target.isConnected) return target.matches(ACTIONABLE) ? target : null;
  const selector = target.id ? `#${CSS.escape(target.id)}` : target.classList[0] ? `.${CSS.escape(target.classList[0])}` : null;
  const found = selector ? container.querySelector(selector) : null;
  return found instanceof HTMLElement && found.matches(ACTIONABLE) ? found : null;
}

/**
 * Runs `callback` in a task of its own, after what is queued (input, rendering), without a timer:
 * a page whose timers are held (a test's clock, a throttled background tab) still hydrates.
 */
function nextTask(callback: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

/**
 * Hydrates the page's islands: those marked `idle` one by one, each in a task of its own, those
 * marked `visible` when they near the viewport, and any of them at once on the visitor's first
 * interaction with it. A click on a control of an island not yet hydrated (queued by the early
 * script, app/islands/early-clicks.ts) is replayed once it is, so no tap is lost.
 */
export function startIslands<Page>({ loaders, wrap }: IslandsOptions<Page>): void {
  const page = readJson(document.getElementById(PAGE_SCRIPT_ID)) as Page;
  const started = new Map<Element, Promise<void>>();

  function hydrate(container: Element): Promise<void> {
    let done = started.get(container);
    if (done) return done;
    const name = container.getAttribute("data-island") ?? "";
    const key = container.getAttribute("data-island-props") ?? "";
    const load = loaders[name];
    done = (async () => {
      if (!load) throw new Error(`No island named ${name}`);
      const props = readJson(document.querySelector(`script[${PROPS_ATTRIBUTE}="${key}"]`));
      const island = await load(props);
      // A chunk that failed to load: the page is reloading (chunk-errors.ts), nothing to hydrate.
      if (!island) return;
      await new Promise<void>((resolve) => {
        const element = createElement(Committed, { onCommit: () => resolve(), children: wrap(islandContent(island, props), page) });
        // In a transition React hydrates in slices, yielding to input between them (no long task).
        startTransition(() => {
          hydrateRoot(container, element, {
            identifierPrefix: key,
            onRecoverableError: (error: unknown) => console.error(`[islands] ${name}:`, error),
          });
        });
      });
      container.setAttribute(READY_ATTRIBUTE, "");
    })().catch((error: unknown) => console.error(`[islands] ${name} did not hydrate:`, error));
    started.set(container, done);
    return done;
  }

  /**
   * Hydrates the island and then clicks the control again, as the visitor did: once the island's
   * parts have switched to their enhanced rendering, on the control the visitor now sees there.
   */
  const wake: IslandWake = (container, target, type = "click") => {
    void hydrate(container)
      .then(whenEnhanced)
      .then(() => {
        if (type === "change") {
          if (target?.isConnected) target.dispatchEvent(new Event("change", { bubbles: true }));
          return;
        }
        const control = target ? sameControl(container, target) : null;
        if (control) control.click();
      });
  };

  const islands = [...document.querySelectorAll("[data-island]")];
  const observer =
    "IntersectionObserver" in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              void hydrate(entry.target);
            }
          },
          { rootMargin: "200px 0px" },
        )
      : null;

  const eager: Element[] = [];
  for (const container of islands) {
    if (container.getAttribute("data-island-when") === "visible" && observer) observer.observe(container);
    else eager.push(container);
  }

  // Any first interaction hydrates its island at once; clicks are replayed (early-clicks.ts).
  for (const type of ["pointerdown", "focusin", "keydown"] as const) {
    document.addEventListener(
      type,
      (event) => {
        const container = (event.target as Element | null)?.closest?.(`[data-island]:not([${READY_ATTRIBUTE}])`);
        if (container) void hydrate(container);
      },
      { capture: true, passive: true },
    );
  }
  for (const { container, target, type } of takeQueuedClicks(wake)) wake(container, target, type);

  // The eager islands, one per idle period, in document order: the first paint is the server's.
  let next = 0;
  const step = () => {
    const container = eager[next++];
    if (!container) {
      void Promise.all([...started.values()]).then(() => {
        document.documentElement.dataset.hydrated = "true";
      });
      return;
    }
    void hydrate(container).then(() => nextTask(step));
  };
  nextTask(step);
}

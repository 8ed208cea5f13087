import { FAILED_ATTRIBUTE, isIslandControl, READY_ATTRIBUTE, takeQueuedClicks, WAITING_ISLAND, type IslandWake } from "./early-clicks";
import {
  CHUNKS_ATTRIBUTE,
  KEY_ATTRIBUTE,
  NAME_ATTRIBUTE,
  islandPropsElement,
  readIslandPage,
  readJson,
  WHEN_ATTRIBUTE,
  type IslandDefinition,
} from "./island-dom";

/**
 * The islands' runtime in the browser, without React. It reads the page's islands, decides when
 * each hydrates (its `data-island-when`), and loads the framework only for the first island that
 * does: a page whose islands wait for the visitor loads no React at all until then. The React
 * half (hydrate.ts) is a module of its own, loaded with that first island.
 */

/** How the browser's entry finds an island's code by its name: the definition, with everything its props render loaded. */
export type IslandLoaders = Record<string, (props: unknown) => Promise<IslandDefinition<unknown>>>;

/** The React half of the runtime (hydrate.ts, `createIslandRuntime`). */
export interface IslandRuntime {
  /** Hydrates the container from the island's props and the page's values; resolves once committed. */
  hydrate(container: Element, island: IslandDefinition<unknown>, props: unknown, key: string, page: unknown): Promise<void>;
  /** Resolves once every hydrated component has switched to its enhanced rendering. */
  whenEnhanced(): Promise<void>;
}

export interface StartOptions {
  loaders: IslandLoaders;
  /** Loads the React half; called once, with the first island that hydrates. */
  runtime: () => Promise<IslandRuntime>;
}

/** The visitor heading for an island: each hydrates the island at once, whatever its `when`. */
const INTERACTIONS = ["pointerover", "pointerdown", "focusin", "keydown"] as const;
/** Controls to put focus back on when the island's enhanced rendering replaced the focused one. */
const FOCUSABLE = 'a[href],button,summary,input,select,textarea,[tabindex]:not([tabindex="-1"])';

let wakeImpl: ((container: Element) => Promise<void>) | null = null;

/**
 * Hydrates an island now, for a document-wide action that needs it (a link that opens its
 * modal); resolves once its enhanced rendering is in place. Where no islands runtime runs (a
 * document that hydrates as one app), there is nothing to wake.
 */
export function wakeIsland(container: Element | null): Promise<void> {
  return container && wakeImpl ? wakeImpl(container) : Promise.resolve();
}

/** The island an element is in, while it has not hydrated (null inside a hydrated one or outside any). */
export function waitingIsland(element: Element | null | undefined): Element | null {
  return element?.closest?.(WAITING_ISLAND) ?? null;
}

/**
 * The control a queued click (or the focus) was on: the element itself, or, when the enhanced
 * rendering replaced it (a `<summary>` by a `<button>`), the control in its place: the same id,
 * else the same first class.
 */
function sameControl(container: Element, target: HTMLElement, accepts: (element: Element) => boolean): HTMLElement | null {
  if (target.isConnected) return accepts(target) ? target : null;
  const selector = target.id ? `#${CSS.escape(target.id)}` : target.classList[0] ? `.${CSS.escape(target.classList[0])}` : null;
  const found = selector ? container.querySelector(selector) : null;
  return found instanceof HTMLElement && accepts(found) ? found : null;
}

/** The element the address's fragment names, if any (a malformed fragment names none). */
function fragmentTarget(): Element | null {
  const fragment = window.location.hash.slice(1);
  if (!fragment) return null;
  try {
    return document.getElementById(decodeURIComponent(fragment));
  } catch {
    return null;
  }
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
 * Starts the page's islands: those marked `load` one by one, each in a task of its own; those
 * marked `visible` when they near the viewport; those marked `interaction` when the visitor heads
 * for them; and any of them at once on the visitor's first interaction with it. A click on a
 * control of an island not yet hydrated (queued by the early script, early-clicks.ts) is replayed
 * once it is, so no tap is lost; focus on a control the enhanced rendering replaced moves to its
 * successor. The page is marked `data-hydrated` once the `load` islands and the `visible` ones in
 * view at the start have hydrated (what the page runs without the visitor acting).
 */
export function startIslands({ loaders, runtime }: StartOptions): void {
  const page = readIslandPage<unknown>();
  const started = new Map<Element, Promise<void>>();
  let react: Promise<IslandRuntime> | null = null;
  const announced = new Set<string>();

  /** Announces the island's files at once, so they load side by side instead of import after import. */
  function preload(container: Element): void {
    for (const href of (container.getAttribute(CHUNKS_ATTRIBUTE) ?? "").split(" ")) {
      if (!href || announced.has(href)) continue;
      announced.add(href);
      document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
    }
  }

  function hydrate(container: Element): Promise<void> {
    let done = started.get(container);
    if (done) return done;
    const name = container.getAttribute(NAME_ATTRIBUTE) ?? "";
    const key = container.getAttribute(KEY_ATTRIBUTE) ?? "";
    const load = loaders[name];
    done = (async () => {
      if (!load) throw new Error(`No island named ${name}`);
      preload(container);
      const props = readJson(islandPropsElement(key));
      react ??= runtime();
      const [rt, island] = await Promise.all([react, load(props)]);
      // A chunk that failed to load: the page is reloading (chunk-errors.ts), nothing to hydrate.
      if (!island || !rt) return;
      await rt.hydrate(container, island, props, key, page);
      container.setAttribute(READY_ATTRIBUTE, "");
      void rt.whenEnhanced().then(() => refocus(container));
    })().catch((error: unknown) => {
      // Its server HTML works on as without JavaScript (clicks are no longer held for it); a
      // failed load of the runtime is tried again with the next island.
      container.setAttribute(FAILED_ATTRIBUTE, "");
      react = null;
      console.error(`[islands] ${name} did not hydrate:`, error);
    });
    started.set(container, done);
    return done;
  }

  const enhanced = () => (react ?? Promise.resolve(null)).then((rt) => rt?.whenEnhanced());

  // The element focused in an island while it hydrates: when the enhanced rendering replaces it
  // (a `<summary>` by a `<button>`), focus would fall back to the page's start.
  let focused: { container: Element; target: HTMLElement } | null = null;
  function refocus(container: Element): void {
    if (!focused || focused.container !== container) return;
    const { target } = focused;
    focused = null;
    if (target.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    sameControl(container, target, (element) => element.matches(FOCUSABLE))?.focus();
  }

  /**
   * Hydrates the island, then acts on the control again as the visitor did, on the control they
   * now see there (or, if the island failed, on its server HTML, as without JavaScript).
   */
  const wake: IslandWake = (container, target, type = "click", value) => {
    void hydrate(container)
      .then(enhanced)
      .then(() => {
        if (type === "change") {
          if (!target?.isConnected) return;
          // Hydration may have set the select back to the island's value: the visitor's choice
          // again, told as a browser tells it (input, then change).
          if (value !== undefined && target instanceof HTMLSelectElement) target.value = value;
          target.dispatchEvent(new Event("input", { bubbles: true }));
          target.dispatchEvent(new Event("change", { bubbles: true }));
          return;
        }
        const control = target ? sameControl(container, target, isIslandControl) : null;
        if (control) control.click();
      });
  };
  wakeImpl = (container) => hydrate(container).then(enhanced);

  const islands = [...document.querySelectorAll(`[${NAME_ATTRIBUTE}]`)];
  // The `visible` islands in view when the page opens hydrate with it: the page counts as
  // hydrated once the observer has reported on each of them.
  const watched = new Set<Element>();
  let reportedAll: () => void = () => {};
  const firstReports = new Promise<void>((resolve) => (reportedAll = resolve));
  const observer =
    "IntersectionObserver" in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (entry.isIntersecting) {
                observer?.unobserve(entry.target);
                void hydrate(entry.target);
              }
              watched.delete(entry.target);
            }
            if (watched.size === 0) reportedAll();
          },
          { rootMargin: "200px 0px" },
        )
      : null;

  // An island the address points into (a modal opened by its fragment) is shown at once.
  const targeted = fragmentTarget();
  const eager: Element[] = [];
  for (const container of islands) {
    const when = container.getAttribute(WHEN_ATTRIBUTE);
    if (targeted && container.contains(targeted)) eager.push(container);
    else if (when === "interaction") continue;
    else if (when === "visible" && observer) {
      watched.add(container);
      observer.observe(container);
    } else eager.push(container);
  }
  if (watched.size === 0) reportedAll();

  for (const type of INTERACTIONS) {
    document.addEventListener(
      type,
      (event) => {
        const target = event.target as Element | null;
        const container = waitingIsland(target);
        if (!container) return;
        if (type === "focusin" && target instanceof HTMLElement) focused = { container, target };
        void hydrate(container);
      },
      { capture: true, passive: true },
    );
  }
  for (const { container, target, type, value } of takeQueuedClicks(wake)) wake(container, target, type, value);

  // The `load` islands, one per task, in document order: the first paint is the server's.
  let next = 0;
  const step = () => {
    const container = eager[next++];
    if (!container) {
      void firstReports
        .then(() => Promise.all([...started.values()]))
        .then(() => {
          document.documentElement.dataset.hydrated = "true";
        });
      return;
    }
    void hydrate(container).then(() => nextTask(step));
  };
  nextTask(step);
}

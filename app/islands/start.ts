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
import { applyEntry, ENTERABLE, enteredByVisitor, entryOf, openDisclosure, type Entry } from "./entries";

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
 * for them; and any of them at once on the visitor's first interaction with it. An island counts
 * as ready once its enhanced rendering is in place. A click held on a control of an island not
 * ready (early-clicks.ts) is made again once, on the control the visitor then sees; a second tap
 * on it meanwhile is dropped. Text typed and choices made meanwhile are put back where the
 * enhanced rendering reset them, and focus on a control it replaced moves to its successor. An
 * island whose code fails to load or throws is marked failed and left as its server HTML. The page
 * is marked `data-hydrated` once the `load` islands and the `visible` ones in view at the start
 * have hydrated (what the page runs without the visitor acting).
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
    // Where the keyboard is, if in the island (focus may have come before the runtime listened).
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== container && container.contains(active) && !focused.has(container)) focused.set(container, active);
    // What the visitor typed or chose before the island's code arrived (the DOM holds it now).
    for (const control of container.querySelectorAll<HTMLElement>(ENTERABLE)) if (enteredByVisitor(control)) noteEntry(container, control);
    done = (async () => {
      // Not inside the visitor's input event: the tap's own effect (a native control) is painted first.
      await new Promise<void>((resolve) => nextTask(resolve));
      if (!load) throw new Error(`No island named ${name}`);
      preload(container);
      const props = readJson(islandPropsElement(key));
      react ??= runtime();
      const [rt, island] = await Promise.all([react, load(props)]);
      if (!island || !rt) throw new Error(`The code of ${name} did not load`);
      await rt.hydrate(container, island, props, key, page);
      // Told at once: the next render of a controlled field would put the island's own state back
      // over what the visitor typed; told again where the enhanced rendering replaced the field.
      restoreEntries(container, true);
      // Clicks stay held until the enhanced rendering is in place: one made on the server's
      // markup in between would act on a control about to be replaced.
      await rt.whenEnhanced();
      restoreEntries(container);
      container.setAttribute(READY_ATTRIBUTE, "");
      refocus(container);
    })().catch((error: unknown) => {
      // Its server HTML works on as without JavaScript (clicks are no longer held for it); a
      // failed load of the runtime is tried again with the next island.
      container.setAttribute(FAILED_ATTRIBUTE, "");
      react = null;
      entries.delete(container);
      focused.delete(container);
      console.error(`[islands] ${name} did not hydrate:`, error);
    });
    started.set(container, done);
    return done;
  }

  /** The visitor's text and choices in each island still waiting, by control, latest last. */
  const entries = new Map<Element, Map<HTMLElement, Entry>>();
  function noteEntry(container: Element, control: HTMLElement): void {
    let noted = entries.get(container);
    if (!noted) entries.set(container, (noted = new Map()));
    noted.set(control, entryOf(control));
  }
  /**
   * Puts what the visitor entered back where the enhanced rendering reset it (a controlled input
   * renders its own state), told as a browser tells it, so the island's state follows.
   */
  function restoreEntries(container: Element, committed = false): void {
    const noted = entries.get(container);
    if (!committed) entries.delete(container);
    for (const [control, entry] of noted ?? []) {
      const now = sameControl(container, control, (element) => element.tagName === control.tagName);
      // Right after the commit each entry is told; once enhanced, only where the field no longer
      // shows it (a choice told twice would act twice: a second history entry).
      if (now) applyEntry(now, entry, committed);
    }
  }

  // The control last focused in each waiting island: when the enhanced rendering replaces it (a
  // `<summary>` by a `<button>`), focus would fall back to the page's start.
  const focused = new Map<Element, HTMLElement>();
  function refocus(container: Element): void {
    const target = focused.get(container);
    focused.delete(container);
    const active = document.activeElement;
    if (!target || (active && active !== document.body && active.isConnected)) return;
    sameControl(container, target, (element) => element.matches(FOCUSABLE))?.focus();
  }

  /**
   * Hydrates the island, then acts on the control again as the visitor did, on the control they
   * now see there (or, if the island failed, on its server HTML, as without JavaScript).
   */
  // Controls with a click held: a second tap on one while it waits is dropped, not doubled.
  const held = new Set<HTMLElement>();
  const toggled = new Set<HTMLElement>();
  const wake: IslandWake = (container, target, type = "click") => {
    const pending = type === "click" ? held : type === "toggle" ? toggled : null;
    if (target && pending) {
      if (pending.has(target)) return;
      pending.add(target);
    }
    void hydrate(container).then(() => {
      if (!target) return;
      pending?.delete(target);
      // A select's choice is an entry, put back with the commit: the value its `change` carried
      // may be the one hydration had already set back (an `input` event hydrates the island first).
      if (type === "change") return;
      // A disclosure acted natively: only where the enhanced rendering replaced it is the state
      // the visitor left (open) carried to its successor.
      if (type === "toggle" && (target.isConnected || container.hasAttribute(FAILED_ATTRIBUTE) || !openDisclosure(target))) return;
      const control = sameControl(container, target, isIslandControl);
      if (control) control.click();
    });
  };
  wakeImpl = (container) => hydrate(container);

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

  listenToVisitor({
    interacted(container, target) {
      if (target) focused.set(container, target);
      void hydrate(container);
    },
    entered: noteEntry,
  });
  for (const { container, target, type } of takeQueuedClicks(wake)) wake(container, target, type);

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

/**
 * A waiting island's first interaction wakes it (`target`: the element focused, on focus), and
 * text typed and choices made in it are told, kept for its enhanced rendering.
 */
function listenToVisitor(on: { interacted(container: Element, focusTarget?: HTMLElement): void; entered(container: Element, control: HTMLElement): void }): void {
  for (const type of INTERACTIONS) {
    document.addEventListener(
      type,
      (event) => {
        const target = event.target as Element | null;
        const container = waitingIsland(target);
        if (container) on.interacted(container, type === "focusin" && target instanceof HTMLElement ? target : undefined);
      },
      { capture: true, passive: true },
    );
  }
  for (const type of ["input", "change"] as const) {
    document.addEventListener(
      type,
      (event) => {
        const target = event.target;
        if (!(target instanceof HTMLElement) || !target.matches(ENTERABLE)) return;
        // A select's `input` comes first with the visitor's choice; it may hydrate the island,
        // which sets the select back before the `change` that follows.
        if (type === "change" && target instanceof HTMLSelectElement) return;
        const container = waitingIsland(target);
        if (container) on.entered(container, target);
      },
      { capture: true, passive: true },
    );
  }
}

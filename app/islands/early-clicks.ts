/**
 * No tap is lost while islands load. A small inline script in the document's head (before anything
 * is painted) catches a click on a control inside an island that has not hydrated yet, keeps the
 * page from acting on it half-way (a `#` link jumping, a `<summary>` toggling), and queues it; the
 * islands' entry (hydrate.ts) takes the queue, hydrates those islands first and clicks again.
 * A link to this same page with another query (a tab, a filter, a swatch: the no-JavaScript form of
 * a control the island handles in place) counts as such a control when it is followed by a plain
 * click. A choice in a `<select>` of such an island is told to it again once it runs (its
 * `change`). Links to other pages and form submissions are left to the browser: they work without
 * JavaScript.
 */

/** Marks an island's container once React has hydrated it. */
export const READY_ATTRIBUTE = "data-island-ready";
/** Marks an island's container whose code failed: its server HTML is left to work as without JavaScript. */
export const FAILED_ATTRIBUTE = "data-island-failed";
/** An island still waiting for its code. */
export const WAITING_ISLAND = `[data-island]:not([${READY_ATTRIBUTE}]):not([${FAILED_ATTRIBUTE}])`;

/**
 * Controls whose click needs the island's code (anything else works as plain HTML). A link that
 * says it opens a dialog (`aria-haspopup`: a video tile) goes to its file without JavaScript, but
 * to its dialog once the island runs.
 */
export const ACTIONABLE =
  'button,summary,[role="button"],[role="tab"],[role="switch"],a[href^="#"],a[aria-haspopup],label,input[type="checkbox"],input[type="radio"]';

export interface QueuedClick {
  container: Element;
  target: HTMLElement;
  /** "change": a choice made in a `<select>` before its island ran, told to it again once it has. */
  type?: "click" | "change";
  /** The choice (a select's value): hydration sets a select back to the island's own value. */
  value?: string;
}

export type IslandWake = (container: Element, target: HTMLElement | null, type?: "click" | "change", value?: string) => void;

declare global {
  interface Window {
    /** Clicks caught before the islands' entry ran, and the entry's wake-up once it has. */
    __islands?: { queue: QueuedClick[]; wake?: IslandWake };
  }
}

/** A plain click (no modifier, the main button) on a link to this page: the island acts on it in place. */
export function isInPlaceLink(element: Element, event?: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">): boolean {
  if (!(element instanceof HTMLAnchorElement) || !element.hasAttribute("href") || element.target || element.hasAttribute("download")) return false;
  if (event && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return false;
  return element.origin === window.location.origin && element.pathname === window.location.pathname;
}

/** A control of an island whose click needs the island's code. */
export function isIslandControl(element: Element): boolean {
  return element.matches(ACTIONABLE) || isInPlaceLink(element);
}

function earlyClicksScript(): string {
  return (
    "(function(){var s=window.__islands={queue:[]};document.addEventListener('click',function(e){" +
    "var x=e.target&&e.target.closest?e.target:null;if(!x)return;var t=x.closest(" +
    JSON.stringify(ACTIONABLE) +
    ");if(!t){t=x.closest('a[href]');" +
    "if(!t||t.target||t.hasAttribute('download')||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||" +
    "t.origin!==location.origin||t.pathname!==location.pathname)return;}" +
    "var c=t.closest(" +
    JSON.stringify(WAITING_ISLAND) +
    ");if(!c)return;e.preventDefault();e.stopImmediatePropagation();" +
    "if(s.wake)s.wake(c,t);else s.queue.push({container:c,target:t});},true);" +
    "document.addEventListener('change',function(e){var t=e.target;if(!t||t.tagName!=='SELECT')return;" +
    "var c=t.closest(" +
    JSON.stringify(WAITING_ISLAND) +
    ");if(!c)return;if(s.wake)s.wake(c,t,'change',t.value);else s.queue.push({container:c,target:t,type:'change',value:t.value});},true);})();"
  );
}

/**
 * The early script: written inline, so it is plain ES5 in one statement. Built at module load but
 * marked pure, so the islands' entry, which imports this module for its constants, leaves it out.
 */
export const EARLY_CLICKS_SCRIPT = /* @__PURE__ */ earlyClicksScript();

/** The clicks queued so far; from now on the early script hands clicks to `wake` at once. */
export function takeQueuedClicks(wake: IslandWake): QueuedClick[] {
  const state = (window.__islands ??= { queue: [] });
  state.wake = wake;
  return state.queue.splice(0);
}

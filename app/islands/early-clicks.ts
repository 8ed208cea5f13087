/**
 * No tap is lost while islands load. A small inline script in the document's head (before anything
 * is painted) catches a click on a control inside an island that has not hydrated yet, keeps the
 * page from acting on it half-way (a `#` link jumping, a `<summary>` toggling), and queues it; the
 * islands' entry (hydrate.ts) takes the queue, hydrates those islands first and clicks again.
 * A choice in a `<select>` of such an island is told to it again once it runs (its `change`).
 * Links to other pages and form submissions are left to the browser: they work without JavaScript.
 */

/** Marks an island's container once React has hydrated it. */
export const READY_ATTRIBUTE = "data-island-ready";

/** Controls whose click needs the island's code (anything else works as plain HTML). */
export const ACTIONABLE = 'button,summary,[role="button"],[role="tab"],[role="switch"],a[href^="#"],label,input[type="checkbox"],input[type="radio"]';

export interface QueuedClick {
  container: Element;
  target: HTMLElement;
  /** "change": a choice made in a `<select>` before its island ran, told to it again once it has. */
  type?: "click" | "change";
}

export type IslandWake = (container: Element, target: HTMLElement | null, type?: "click" | "change") => void;

declare global {
  interface Window {
    /** Clicks caught before the islands' entry ran, and the entry's wake-up once it has. */
    __islands?: { queue: QueuedClick[]; wake?: IslandWake };
  }
}

/** The early script: written inline, so it is plain ES5 in one statement. */
export const EARLY_CLICKS_SCRIPT =
  "(function(){var s=window.__islands={queue:[]};document.addEventListener('click',function(e){" +
  "var t=e.target&&e.target.closest&&e.target.closest(" +
  JSON.stringify(ACTIONABLE) +
  ");if(!t)return;var c=t.closest('[data-island]:not([" +
  READY_ATTRIBUTE +
  "])');if(!c)return;e.preventDefault();e.stopImmediatePropagation();" +
  "if(s.wake)s.wake(c,t);else s.queue.push({container:c,target:t});},true);" +
  "document.addEventListener('change',function(e){var t=e.target;if(!t||t.tagName!=='SELECT')return;" +
  "var c=t.closest('[data-island]:not([" +
  READY_ATTRIBUTE +
  "])');if(!c)return;if(s.wake)s.wake(c,t,'change');else s.queue.push({container:c,target:t,type:'change'});},true);})();";

/** The clicks queued so far; from now on the early script hands clicks to `wake` at once. */
export function takeQueuedClicks(wake: IslandWake): QueuedClick[] {
  const state = (window.__islands ??= { queue: [] });
  state.wake = wake;
  return state.queue.splice(0);
}

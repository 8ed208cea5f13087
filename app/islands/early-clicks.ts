/**
 * No tap is lost, doubled or kept from acting while islands load. A small inline script in the
 * document's head (before anything is painted) sees a click inside an island that has not hydrated
 * yet (or has, but not yet switched to its enhanced rendering):
 * - a control that needs the island's code (a button, a `#` link within the island, a link that
 *   opens a dialog) is kept from acting half-way and queued; the islands' entry (start.ts) hydrates
 *   that island first and clicks its control again once, on the control the visitor then sees. A
 *   second click on a control already queued is dropped: the visitor tapped again while waiting.
 * - a control that works without a script (a `<summary>`, a `<label>`, a radio or checkbox, a link
 *   to another page, to this page with another query, or to a part of the page outside the island)
 *   acts as it does without JavaScript, at once. A `<summary>` is noted: when the enhanced rendering
 *   replaces it (the menu's disclosure becoming a button), its successor is clicked if the
 *   disclosure was left open, so the visitor's last state carries over.
 * A choice in a `<select>` of such an island wakes it (the choice is kept as an entry, entries.ts),
 * and a link that will change the view in place once it runs loads its page meanwhile, marked pending.
 */

/** Marks an island's container once React has hydrated it and its enhanced rendering is in place. */
export const READY_ATTRIBUTE = "data-island-ready";
/** Marks an island's container whose code failed: its server HTML is left to work as without JavaScript. */
export const FAILED_ATTRIBUTE = "data-island-failed";
/** An island still waiting for its code (or for its enhanced rendering). */
export const WAITING_ISLAND = `[data-island]:not([${READY_ATTRIBUTE}]):not([${FAILED_ATTRIBUTE}])`;

/**
 * Controls whose click needs the island's code. A link that says it opens a dialog
 * (`aria-haspopup`: a video tile) goes to its file without JavaScript, but to its dialog once the
 * island runs. A `#` link counts unless the part it names is outside the island (a page-wide modal:
 * the page's own handlers take it).
 */
export const ACTIONABLE = 'button,[role="button"],[role="tab"],[role="switch"],a[href^="#"],a[aria-haspopup]';

/**
 * A link that changes the view in place once its island runs (`InPlaceLink`): until then it loads
 * its page, as without JavaScript, and the early script marks it `PENDING_ATTRIBUTE` at once, so
 * the tap shows (a configurator step shows as chosen) while the page loads.
 */
export const IN_PLACE_ATTRIBUTE = "data-in-place";
export const PENDING_ATTRIBUTE = "data-pending";

/** What the early script notes without holding: a disclosure that toggles natively. */
export const NATIVE_NOTED = "summary";

export interface QueuedClick {
  container: Element;
  target: HTMLElement;
  /**
   * "click": held, to be made again on the enhanced control; "change": a choice made in a
   * `<select>`, which wakes the island; "toggle": a `<summary>` that acted natively, carried to
   * its successor if the enhanced rendering replaced it.
   */
  type?: "click" | "change" | "toggle";
}

export type IslandWake = (container: Element, target: HTMLElement | null, type?: "click" | "change" | "toggle") => void;

declare global {
  interface Window {
    /** Clicks caught before the islands' entry ran, and the entry's wake-up once it has. */
    __islands?: { queue: QueuedClick[]; wake?: IslandWake };
  }
}

/** A control of an island whose click needs the island's code (the successor of a held control). */
export function isIslandControl(element: Element): boolean {
  return element.matches(ACTIONABLE) || element.matches(NATIVE_NOTED);
}

function earlyClicksScript(): string {
  const waiting = JSON.stringify(WAITING_ISLAND);
  return (
    "(function(){var s=window.__islands={queue:[]};" +
    // The part of the page a `#` link names, if it is outside the island (a malformed fragment names none).
    "function outside(t,c){var h=t.getAttribute('href').slice(1);if(!h)return false;var e;" +
    "try{e=document.getElementById(decodeURIComponent(h));}catch(x){return false;}return !!e&&!c.contains(e);}" +
    "function hand(c,t,k){if(s.wake)return s.wake(c,t,k);for(var i=0;i<s.queue.length;i++){var q=s.queue[i];" +
    "if(k==='click'&&q.target===t&&q.type==='click')return;}s.queue.push({container:c,target:t,type:k});}" +
    "document.addEventListener('click',function(e){" +
    "var x=e.target&&e.target.closest?e.target:null;if(!x||e.button!==0)return;var t=x.closest(" +
    JSON.stringify(ACTIONABLE) +
    ");var c=t&&t.closest(" +
    waiting +
    ");if(t&&c&&!(t.tagName==='A'&&t.getAttribute('href').charAt(0)==='#'&&outside(t,c))){" +
    "e.preventDefault();e.stopImmediatePropagation();hand(c,t,'click');return;}" +
    "t=x.closest(" +
    JSON.stringify(NATIVE_NOTED) +
    ");c=t&&t.closest(" +
    waiting +
    ");if(c)hand(c,t,'toggle');},true);" +
    "document.addEventListener('change',function(e){var t=e.target;if(!t||t.tagName!=='SELECT')return;" +
    "var c=t.closest(" +
    waiting +
    ");if(c)hand(c,t,'change');},true);" +
    // An in-place link nobody took (its island not running) loads its page: marked pending now; a
    // page the back-forward cache brings back is unmarked.
    "var p=" +
    JSON.stringify(PENDING_ATTRIBUTE) +
    ";window.addEventListener('click',function(e){var t=e.target;if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||!t||!t.closest)return;" +
    "t=t.closest(" +
    JSON.stringify(`a[${IN_PLACE_ATTRIBUTE}]`) +
    ");if(t&&!t.target)t.setAttribute(p,'');});" +
    "window.addEventListener('pageshow',function(e){if(!e.persisted)return;var l=document.querySelectorAll('['+p+']');" +
    "for(var i=0;i<l.length;i++)l[i].removeAttribute(p);});})();"
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

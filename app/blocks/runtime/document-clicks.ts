import { useEffect } from "react";
import { isPlainClick } from "~/components/plain-click";

/**
 * The one document-level click delegator (issue 28 item 3). Behaviour that static HTML needs
 * without a React handler of its own (links in islands, modal and video links, the pricing
 * opener) and the stale-build reload go through here, in the order written in `CLICK_HANDLERS`,
 * whichever component registered first or re-registered after a navigation.
 *
 * Two listeners, installed on the first registration (an effect, so after `hydrateRoot` has put
 * React's own listeners on the document):
 * - `before-app`: the window, capture phase. It runs before React's handlers (the root container
 *   is the document), so it can keep a `<Link>` from making a click a client navigation.
 * - `after-app`: the document, bubble phase, after React's handlers: a click that a component
 *   already handled (`defaultPrevented`) is left alone by the handlers marked `unhandledOnly`.
 *
 * A handler takes the click by calling `event.preventDefault()` (the later `unhandledOnly`
 * handlers then skip it) or, before the app, `event.stopPropagation()` (nothing after runs).
 */
export const CLICK_HANDLERS = [
  /** build-freshness.ts: a newer build is known, so a link to another page loads a new document. */
  { name: "stale-build", phase: "before-app", unhandledOnly: true },
  /** pricing-modal-slot.tsx: a link to #configure-pricing opens the pricing modal. */
  { name: "pricing-opener", phase: "after-app", unhandledOnly: true },
  /** document-actions.tsx: `[data-modal-action]` opens its modal, a video link the video modal. */
  { name: "modal-and-video", phase: "after-app", unhandledOnly: true },
  /** island-links.tsx: a page link inside an island (server HTML, no React) navigates in the app. */
  { name: "island-links", phase: "after-app", unhandledOnly: true },
  /** document-actions.tsx: any click outside an open popover closes it, handled or not. */
  { name: "popovers", phase: "after-app", unhandledOnly: false },
] as const;

export type ClickHandlerName = (typeof CLICK_HANDLERS)[number]["name"];
export type ClickHandler = (event: MouseEvent) => void;
type Phase = (typeof CLICK_HANDLERS)[number]["phase"];

const registered = new Map<ClickHandlerName, ClickHandler>();
let installedOn: (Window & typeof globalThis) | null = null;

/** Runs the registered handlers of one phase, in the table's order. */
export function dispatchClick(phase: Phase, event: MouseEvent): void {
  for (const entry of CLICK_HANDLERS) {
    if (entry.phase !== phase) continue;
    const handler = registered.get(entry.name);
    if (!handler) continue;
    if (entry.unhandledOnly && (event.defaultPrevented || !isPlainClick(event))) continue;
    handler(event);
  }
}

const beforeApp = (event: MouseEvent) => dispatchClick("before-app", event);
const afterApp = (event: MouseEvent) => dispatchClick("after-app", event);

function install(win: Window & typeof globalThis): void {
  if (installedOn === win) return;
  installedOn = win;
  win.addEventListener("click", beforeApp, true);
  win.document.addEventListener("click", afterApp);
}

/**
 * Registers the handler of one slot of `CLICK_HANDLERS` and returns its removal. A slot holds one
 * handler: a later registration replaces the earlier (whose removal then does nothing). Call it
 * from an effect: the first call installs the listeners, after React's.
 */
export function onDocumentClick(name: ClickHandlerName, handler: ClickHandler): () => void {
  install(window);
  registered.set(name, handler);
  return () => {
    if (registered.get(name) === handler) registered.delete(name);
  };
}

/**
 * A component's handler for one slot while it is mounted. Registering again (a new `handler`)
 * keeps the slot's place: the order is the table's, not the registrations'.
 */
export function useDocumentClick(name: ClickHandlerName, handler: ClickHandler): void {
  useEffect(() => onDocumentClick(name, handler), [name, handler]);
}

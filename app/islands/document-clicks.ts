import { useEffect } from "react";
import { isPlainClick } from "~/islands/plain-click";

/**
 * The one document-level click delegator. Behaviour that static HTML needs without a React handler
 * of its own (modal and video links, the pricing opener, closing popovers) goes through here, in
 * the order written in `CLICK_HANDLERS`, whichever island registered first.
 *
 * One listener on the document, bubble phase, installed on the first registration: it runs after
 * the handlers of the React roots inside the document, so a click a component already handled
 * (`defaultPrevented`) is left alone by the handlers marked `unhandledOnly`. A handler takes the
 * click by calling `event.preventDefault()`.
 */
export const CLICK_HANDLERS = [
  /** pricing-modal-slot.tsx: a link to #configure-pricing opens the pricing modal. */
  { name: "pricing-opener", unhandledOnly: true },
  /** document-actions.tsx: `[data-modal-action]` opens its modal, a video link the video modal. */
  { name: "modal-and-video", unhandledOnly: true },
  /** document-actions.tsx: a country switch link reports the switch; the link then navigates. */
  { name: "country-switch", unhandledOnly: true },
  /** document-actions.tsx: any click outside an open popover closes it, handled or not. */
  { name: "popovers", unhandledOnly: false },
] as const;

export type ClickHandlerName = (typeof CLICK_HANDLERS)[number]["name"];
export type ClickHandler = (event: MouseEvent) => void;

const registered = new Map<ClickHandlerName, ClickHandler>();
let installedOn: (Window & typeof globalThis) | null = null;

/** Runs the registered handlers in the table's order. */
export function dispatchClick(event: MouseEvent): void {
  for (const entry of CLICK_HANDLERS) {
    const handler = registered.get(entry.name);
    if (!handler) continue;
    if (entry.unhandledOnly && (event.defaultPrevented || !isPlainClick(event))) continue;
    handler(event);
  }
}

const onClick = (event: MouseEvent) => dispatchClick(event);

function install(win: Window & typeof globalThis): void {
  if (installedOn === win) return;
  installedOn = win;
  win.document.addEventListener("click", onClick);
}

/**
 * Registers the handler of one slot of `CLICK_HANDLERS` and returns its removal. A slot holds one
 * handler: a later registration replaces the earlier (whose removal then does nothing). Call it
 * from an effect.
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

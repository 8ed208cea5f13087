import { isPlainClick } from "~/islands/plain-click";

/**
 * The one document-level click delegator. Behaviour that static HTML needs without a React handler
 * of its own (modal and video links, the pricing opener, closing popovers) goes through here, in
 * the order written in `CLICK_HANDLERS`, whoever registered first. Plain DOM code: the page's
 * effects register before any island has loaded React; islands register from their effects
 * (use-document-click.ts).
 *
 * One listener on the document, bubble phase, installed on the first registration: it runs after
 * the handlers of the React roots inside the document, so a click a component already handled
 * (`defaultPrevented`) is left alone by the handlers marked `unhandledOnly`. A handler takes the
 * click by calling `event.preventDefault()`.
 */
export const CLICK_HANDLERS = [
  /**
   * pricing-modal-slot.tsx: a link to #configure-pricing opens the pricing modal (until that
   * island runs, pricing-opener.ts wakes it and clicks again).
   */
  { name: "pricing-opener", unhandledOnly: true },
  /** document-actions.ts: `[data-modal-action]` opens its modal, a video link the video modal. */
  { name: "modal-and-video", unhandledOnly: true },
  /** document-actions.ts: the header's logo and a country switch link are reported; the link then navigates. */
  { name: "link-analytics", unhandledOnly: true },
  /** document-actions.ts: any click outside an open popover closes it, handled or not. */
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

import { defineIsland } from "~/islands/island";
import { useCallback, useEffect, useRef, useState } from "react";
import { useDocumentClick } from "~/islands/use-document-click";
import { PRICING_MODAL_HASH, SHOWN_EARLY_ATTRIBUTE, opensPricingModal } from "./pricing-location";
import { PricingModal } from "./pricing-modal";

/** The first link to #configure-pricing at or above `target`, if any. */
function pricingLink(target: EventTarget | null): Element | null {
  const link = (target as Element | null)?.closest?.("a[href]");
  return link && opensPricingModal(link.getAttribute("href"), window.location.pathname) ? link : null;
}

/**
 * Where the "Configure your pricing" modal lives on AU pages (the site shell renders it once, as
 * an island). The server renders the modal itself, which works without JavaScript (`:target`); in
 * the browser the slot opens it on a click on any link to `#configure-pricing` or when the page
 * opens with that hash.
 */
export function PricingModalSlot() {
  const [open, setOpen] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  // A click on a pricing link: its place among the document's click handlers is in
  // app/islands/document-clicks.ts.
  const onClick = useCallback(
    (event: MouseEvent) => {
      if (!pricingLink(event.target)) return;
      event.preventDefault();
      show();
    },
    [show],
  );
  useDocumentClick("pricing-opener", onClick);

  useEffect(() => {
    const fromHash = () => {
      if (window.location.hash !== PRICING_MODAL_HASH) return;
      // Drop the hash so that the server's copy (:target) does not show, and closing leaves no trace.
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
      show();
    };
    fromHash();
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, [show]);

  // A tap made before the island ran showed the server's copy (pricing-opener.ts): it opens now,
  // and the mark that showed it goes once the open modal is in place (no frame without it).
  useEffect(() => {
    if (slot.current?.closest(`[${SHOWN_EARLY_ATTRIBUTE}]`)) show();
  }, [show]);
  useEffect(() => {
    if (open) slot.current?.closest(`[${SHOWN_EARLY_ATTRIBUTE}]`)?.removeAttribute(SHOWN_EARLY_ATTRIBUTE);
  }, [open]);

  return (
    <div className="pricing-modal-slot" ref={slot}>
      <PricingModal open={open} onClose={close} />
    </div>
  );
}

/**
 * The modal as an island: it hydrates when a pricing link is followed (pricing-opener.ts shows the
 * server's copy and wakes it) or when the page opens at its fragment; until then it is the server's copy.
 */
export const pricingModalIsland = defineIsland("pricing-modal", () => <PricingModalSlot />, { when: "interaction" });

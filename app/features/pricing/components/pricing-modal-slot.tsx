import { defineIsland } from "~/islands/island";
import { useCallback, useEffect, useState } from "react";
import { useDocumentClick } from "~/islands/use-document-click";
import { PRICING_MODAL_HASH, opensPricingModal } from "./pricing-location";
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

  return (
    <div className="pricing-modal-slot">
      <PricingModal open={open} onClose={close} />
    </div>
  );
}

/**
 * The modal as an island: it hydrates when a pricing link is followed (pricing-opener.ts wakes it,
 * then clicks again) or when the page opens at its fragment; until then it is the server's copy.
 */
export const pricingModalIsland = defineIsland("pricing-modal", () => <PricingModalSlot />, { when: "interaction" });

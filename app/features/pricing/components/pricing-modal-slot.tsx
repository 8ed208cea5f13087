import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { deferred } from "~/blocks/runtime/deferred";
import { useDocumentClick } from "~/blocks/runtime/document-clicks";
import { ServerHtml } from "~/blocks/runtime/server-html";
import { PRICING_MODAL_HASH, opensPricingModal } from "./pricing-location";

/** The modal's code (the dialog, the form, the vehicle styles) loads on its first opening. */
const Modal = deferred(() => import("./pricing-modal").then((m) => m.PricingModal));

/** The first link to #configure-pricing at or above `target`, if any. */
function pricingLink(target: EventTarget | null): Element | null {
  const link = (target as Element | null)?.closest?.("a[href]");
  return link && opensPricingModal(link.getAttribute("href"), window.location.pathname) ? link : null;
}

/**
 * Where the "Configure your pricing" modal lives on AU pages (the site shell renders it once).
 * The server renders the modal itself, which works without JavaScript (`:target`); in the browser
 * the slot keeps that HTML and opens the modal on a click on any link to `#configure-pricing` or
 * when the page opens with that hash. The modal's code loads on the first opening, or earlier when
 * a pointer or the focus reaches such a link.
 */
export function PricingModalSlot() {
  const [{ rendered, open }, setState] = useState({ rendered: false, open: false });
  const location = useLocation();
  const show = useCallback(() => {
    Modal.load().then(
      () => setState({ rendered: true, open: true }),
      (error: unknown) => console.error("[pricing] The pricing modal could not load:", error),
    );
  }, []);
  const close = useCallback(() => setState({ rendered: true, open: false }), []);
  // A click on a pricing link: its place among the document's click handlers is in
  // blocks/runtime/document-clicks.ts.
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
    const preload = (event: Event) => {
      if (pricingLink(event.target)) Modal.load().catch(() => undefined);
    };
    document.addEventListener("pointerover", preload, { passive: true });
    document.addEventListener("focusin", preload);
    window.addEventListener("hashchange", fromHash);
    return () => {
      document.removeEventListener("pointerover", preload);
      document.removeEventListener("focusin", preload);
      window.removeEventListener("hashchange", fromHash);
    };
  }, [location.key, show]);

  return (
    <ServerHtml content={rendered} className="pricing-modal-slot">
      {rendered || typeof document === "undefined" ? <Modal.Component open={open} onClose={close} /> : null}
    </ServerHtml>
  );
}

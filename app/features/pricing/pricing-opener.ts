import { onDocumentClick } from "~/islands/document-clicks";
import { FAILED_ATTRIBUTE } from "~/islands/early-clicks";
import { wakeIsland, waitingIsland } from "~/islands/start";
import { opensPricingModal, SHOWN_EARLY_ATTRIBUTE } from "./components/pricing-location";

/**
 * Until the pricing modal's island has hydrated, a click on a link to #configure-pricing shows
 * the server's copy of the modal at once (its island marked, modal.css) and wakes the island,
 * which opens that same copy once it runs (pricing-modal-slot.tsx). Plain DOM code, started with
 * the page; without JavaScript the link shows the server's copy (`:target`).
 */
export function wakePricingModalOnClick(doc: Document = document): () => void {
  const island = doc.querySelector('[data-island="pricing-modal"]');
  if (!island) return () => {};
  return onDocumentClick("pricing-opener", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLElement) || !opensPricingModal(link.getAttribute("href"), window.location.pathname)) return;
    if (!waitingIsland(island)) return;
    event.preventDefault();
    // The server's copy is the modal's form, which works as it is: shown now, not once the
    // island's code has come (a second or more on a phone's first visit).
    island.setAttribute(SHOWN_EARLY_ATTRIBUTE, "");
    void wakeIsland(island).then(() => {
      // An island that failed leaves its server HTML: the link then opens it as without JavaScript.
      if (!island.hasAttribute(FAILED_ATTRIBUTE) || !island.hasAttribute(SHOWN_EARLY_ATTRIBUTE)) return;
      island.removeAttribute(SHOWN_EARLY_ATTRIBUTE);
      link.click();
    });
  });
}

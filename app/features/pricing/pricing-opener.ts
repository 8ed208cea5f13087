import { onDocumentClick } from "~/islands/document-clicks";
import { wakeIsland, waitingIsland } from "~/islands/start";
import { opensPricingModal } from "./components/pricing-location";

/**
 * Until the pricing modal's island has hydrated, a click on a link to #configure-pricing wakes it
 * and is made again once it runs: the island's own handler (pricing-modal-slot.tsx) takes the slot
 * then and opens the modal. Plain DOM code, started with the page; without JavaScript the link
 * shows the server's copy of the modal (`:target`).
 */
export function wakePricingModalOnClick(doc: Document = document): () => void {
  const island = doc.querySelector('[data-island="pricing-modal"]');
  if (!island) return () => {};
  return onDocumentClick("pricing-opener", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLElement) || !opensPricingModal(link.getAttribute("href"), window.location.pathname)) return;
    if (!waitingIsland(island)) return;
    event.preventDefault();
    // Once it has hydrated, its own handler takes the click made again (one that failed does not
    // wait any more: the click then follows the link, as without JavaScript).
    void wakeIsland(island).then(() => {
      if (!waitingIsland(island)) link.click();
    });
  });
}

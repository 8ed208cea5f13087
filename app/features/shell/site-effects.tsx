import { useEffect } from "react";
import { DocumentActions } from "~/components/document-actions";
import { defineIsland } from "~/islands/island";
import { usePageViews } from "~/features/analytics/use-page-views";
import { claimDetectionForSession, detectAuState } from "~/features/site-state/au-state-detection";
import { useSite, useSiteStore } from "~/features/site-state/site-context";
import { setAuState, syncStoredBuyerChoice, type SiteStore } from "~/features/site-state/store";
import { useConsentForm } from "./consent-form";
import { useScrollState } from "./use-scroll-state";

/**
 * The buyer choice in the browser: reconciles cookie and localStorage once, and on a first visit
 * in AU with nothing stored looks the visitor's state up (failures are logged only).
 */
function useBuyerChoice(store: SiteStore, country: string): void {
  useEffect(() => {
    const { hadStoredState } = syncStoredBuyerChoice(store);
    if (country !== "au" || hadStoredState || !claimDetectionForSession()) return;
    detectAuState()
      .then((auState) => {
        if (auState) setAuState(store, auState);
      })
      .catch((error: unknown) => {
        console.warn("[site-state] Could not look up the visitor's state:", error instanceof Error ? error.message : error);
      });
  }, [store, country]);
}

/**
 * What the site does in the browser on every page without a place of its own: the header's scroll
 * state, the buyer's stored choice, the page view, the cookie banner's accept, and the
 * document-wide actions of content (modal and video links, popovers, FAQ analytics).
 */
function SiteEffects() {
  const store = useSiteStore();
  const { country } = useSite();
  useScrollState(store);
  useBuyerChoice(store, country);
  usePageViews(country);
  useConsentForm(store);
  return <DocumentActions />;
}


export const siteEffectsIsland = defineIsland("site-effects", () => <SiteEffects />);

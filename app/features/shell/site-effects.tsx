import { useEffect } from "react";
import { startDocumentActions } from "~/components/document-actions";
import { usePageViews } from "~/features/analytics/use-page-views";
import { startBuyerChoice } from "~/features/site-state/buyer-choice";
import { useSite, useSiteStore } from "~/features/site-state/site-context";
import { applyBuyerChoice, setConsent } from "~/features/site-state/store";
import { enhanceConsentForm } from "./consent-form";
import { followScroll } from "./page-scroll";

/**
 * The site's effects on a document that hydrates as one app (the configurator, the editor's
 * preview, the dev server): the same plain DOM behaviour the islands' entry starts on other pages
 * (site-runtime.ts), with the site state's store told of consent and the buyer's choice, and a
 * page view for every client navigation.
 */
export function SiteEffects() {
  const store = useSiteStore();
  const { country } = useSite();
  usePageViews(country);
  useEffect(() => {
    const stops = [followScroll(), enhanceConsentForm(() => setConsent(store, true)), startDocumentActions({ country })];
    startBuyerChoice({ country, rendered: { auState: store.auState, isABN: store.isABN } }, (choice) => applyBuyerChoice(store, choice));
    return () => {
      for (const stop of stops) stop();
    };
  }, [store, country]);
  return null;
}

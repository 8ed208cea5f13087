import { subscribe } from "valtio/vanilla";
import { startDocumentActions } from "~/components/document-actions";
import { startTagManager } from "~/features/analytics/tag-manager";
import { track } from "~/features/analytics/track";
import { wakePricingModalOnClick } from "~/features/pricing/pricing-opener";
import { startBuyerChoice } from "~/features/site-state/buyer-choice";
import type { SiteContextValue } from "~/features/site-state/site-context";
import { applyBuyerChoice, setConsent, sharedPageStore } from "~/features/site-state/store";
import { wakeIsland, waitingIsland } from "~/islands/start";
import type { PageLocation } from "~/islands/page-location";
import { enhanceConsentForm } from "./consent-form";
import type { PageSettings } from "./globals";
import { followScroll } from "./page-scroll";

/** The container id, when the server exposes it as window.ENV.GTM_ID. */
function publicTagManagerId(): string | undefined {
  const env = (window as unknown as { ENV?: { GTM_ID?: unknown } }).ENV;
  return typeof env?.GTM_ID === "string" && env.GTM_ID ? env.GTM_ID : undefined;
}

/**
 * What the site does in the browser on every page without a place of its own: the page view, the
 * header's and the sticky bar's scroll state, the cookie banner's accept and the tag manager it lets load, the buyer's stored
 * choice, and the document-wide actions of content (modal and video links, the pricing opener,
 * popovers, FAQ and link analytics). Plain DOM code that the islands' entry starts with the page
 * (app/entry.islands.ts): none of it waits for an island, and none of it loads React. The page's
 * site state is made here (valtio's vanilla proxy), and the islands share it once they run.
 */
export function startSite({ site, settings, location }: { site: SiteContextValue; settings: PageSettings; location: PageLocation }): void {
  const { country } = site;
  const store = sharedPageStore(site, settings);
  track("page_view", { page_path: `${location.pathname}${location.search}`, page_location: window.location.href, page_title: document.title, country });
  followScroll();
  const tags = startTagManager({ id: publicTagManagerId(), consented: store.consent === true });
  enhanceConsentForm(() => {
    setConsent(store, true);
    tags.accepted();
  });
  startDocumentActions({ country });
  wakePricingModalOnClick();
  // A buyer's choice other than the one the page was rendered with (stored, looked up, or made in
  // an island): the blocks that wait for the visitor hydrate now, so that every price follows it.
  const rendered = { auState: store.auState, isABN: store.isABN };
  subscribe(store, () => {
    if (store.auState === rendered.auState && store.isABN === rendered.isABN) return;
    for (const island of document.querySelectorAll('[data-island="block"]')) if (waitingIsland(island)) void wakeIsland(island);
  });
  startBuyerChoice({ country, rendered }, (choice) => applyBuyerChoice(store, choice));
}

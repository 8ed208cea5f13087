import { startDocumentActions } from "~/components/document-actions";
import { track } from "~/features/analytics/track";
import { wakePricingModalOnClick } from "~/features/pricing/pricing-opener";
import { DEFAULT_AU_STATE, DEFAULT_IS_ABN } from "~/features/pricing/states";
import { startBuyerChoice } from "~/features/site-state/buyer-choice";
import type { SiteContextValue } from "~/features/site-state/site-context";
import { wakeIsland, waitingIsland } from "~/islands/start";
import type { PageLocation } from "~/islands/page-location";
import { enhanceConsentForm } from "./consent-form";
import { followScroll } from "./page-scroll";

/**
 * What the site does in the browser on every page without a place of its own: the page view, the
 * header's and the sticky bar's scroll state, the cookie banner's accept, the buyer's stored
 * choice, and the document-wide actions of content (modal and video links, the pricing opener,
 * popovers, FAQ and link analytics). Plain DOM code that the islands' entry starts with the page
 * (app/entry.islands.ts): none of it waits for an island, and none of it loads React.
 */
export function startSite({ site, location }: { site: SiteContextValue; location: PageLocation }): void {
  const { country } = site;
  track("page_view", { page_path: `${location.pathname}${location.search}`, page_location: window.location.href, page_title: document.title, country });
  followScroll();
  enhanceConsentForm();
  startDocumentActions({ country });
  wakePricingModalOnClick();
  // A stored or looked-up choice other than the one the page was rendered with: the blocks that
  // wait for the visitor hydrate now, so that every price shown follows it.
  const rendered = { auState: site.auState ?? DEFAULT_AU_STATE, isABN: site.isABN ?? DEFAULT_IS_ABN };
  startBuyerChoice({ country, rendered }, () => {
    for (const island of document.querySelectorAll('[data-island="block"]')) if (waitingIsland(island)) void wakeIsland(island);
  });
}

import { subscribe } from "valtio/vanilla";
import { startDocumentActions } from "~/components/document-actions";
import { startTagManager } from "~/features/analytics/tag-manager";
import { track } from "~/features/analytics/track";
import { wakePricingModalOnClick } from "~/features/pricing/pricing-opener";
import { startBuyerChoice } from "~/features/site-state/buyer-choice";
import type { SiteContextValue } from "~/features/site-state/site-context";
import { applyBuyerChoice, setConsent, sharedPageStore, type SiteStore } from "~/features/site-state/store";
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


/** The page the site's effects start with: what every island of it shares (page-providers.tsx). */
export interface SitePage {
  site: SiteContextValue;
  settings: PageSettings;
  location: PageLocation;
}

/** The running effects of a document. */
export interface SiteRuntime {
  /** A client navigation (documents that hydrate as one app): a page view when the path or query changed. */
  navigated(location: PageLocation): void;
  /** Stops every listener (tests; a document otherwise keeps its effects for its life). */
  stop(): void;
}

let running: SiteRuntime | null = null;

/**
 * What the site does in the browser on every page without a place of its own: the page view, the
 * header's and the sticky bar's scroll state, the cookie banner's accept and the tag manager it lets load, the buyer's stored
 * choice, and the document-wide actions of content (modal and video links, the pricing opener,
 * popovers, FAQ and link analytics). Plain DOM code, started once per document whichever way it
 * runs: by the islands' entry (app/entry.islands.ts) with the page, before any island loads React,
 * or on a document that hydrates as one app by the layout (site-layout.tsx) with the app's store.
 * A second call returns the running effects: nothing is listened to twice.
 */
export function startSite({ site, settings, location }: SitePage, store: SiteStore = sharedPageStore(site, settings)): SiteRuntime {
  if (running) return running;
  const { country } = site;
  const pageView = (at: PageLocation) =>
    track("page_view", { page_path: `${at.pathname}${at.search}`, page_location: window.location.href, page_title: document.title, country });
  let last = `${location.pathname}${location.search}`;
  pageView(location);
  const tags = startTagManager({ id: publicTagManagerId(), consented: store.consent === true });
  const stops = [
    followScroll(),
    enhanceConsentForm(() => {
      setConsent(store, true);
      tags.accepted();
    }),
    startDocumentActions({ country }),
    wakePricingModalOnClick(),
    // A buyer's choice other than the one the page was rendered with (stored, looked up, or made in
    // an island): the blocks that wait for the visitor hydrate now, so that every price follows it.
    wakeWaitingBlocksOnChoice(store),
  ];
  startBuyerChoice({ country, rendered: { auState: store.auState, isABN: store.isABN } }, (choice) => applyBuyerChoice(store, choice));
  const runtime: SiteRuntime = {
    navigated(next) {
      const path = `${next.pathname}${next.search}`;
      if (path === last) return;
      last = path;
      pageView(next);
    },
    stop() {
      for (const stop of stops) stop();
      if (running === runtime) running = null;
    },
  };
  return (running = runtime);
}

function wakeWaitingBlocksOnChoice(store: SiteStore): () => void {
  const rendered = { auState: store.auState, isABN: store.isABN };
  return subscribe(store, () => {
    if (store.auState === rendered.auState && store.isABN === rendered.isABN) return;
    for (const island of document.querySelectorAll('[data-island="block"]')) if (waitingIsland(island)) void wakeIsland(island);
  });
}

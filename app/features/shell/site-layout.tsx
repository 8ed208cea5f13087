import { memo, useEffect, useRef, type ReactNode } from "react";
import { usePageViews } from "~/features/analytics/use-page-views";
import { PricingModalSlot } from "~/features/pricing/components/pricing-modal-slot";
import { claimDetectionForSession, detectAuState } from "~/features/site-state/au-state-detection";
import { useIsomorphicLayoutEffect, useSite, useSiteState, useSiteStore } from "~/features/site-state/site-context";
import { applyPageSettings, setAuState, syncStoredBuyerChoice, type SiteStore } from "~/features/site-state/store";
import { useBuildFreshness } from "./build-freshness";
import { CookieBanner } from "./cookie-banner";
import type { Globals, PageSettings } from "./globals";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { StickyBottomBar } from "./sticky-bottom-bar";
import { useScrollState } from "./use-scroll-state";

/**
 * The page's shell settings in the store: set during the first render (so the server's HTML and
 * the hydration render agree), then kept in step before paint on every navigation.
 */
function usePageSettingsInStore(store: SiteStore, settings: PageSettings): void {
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    applyPageSettings(store, settings);
  }
  useIsomorphicLayoutEffect(() => applyPageSettings(store, settings), [store, settings]);
}

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
 * The layout's effects that follow the router (page views, build freshness), in a leaf of their
 * own: a change of the router's state re-renders this, not the whole shell.
 */
function RouterEffects({ country }: { country: string }) {
  usePageViews(country);
  useBuildFreshness();
  return null;
}

/**
 * The header and the footer render from the globals, the site state and the router's hooks, each
 * of which re-renders them itself when it changes. Memoised, they are not rendered again with the
 * layout (the page's route re-renders it on every change of the router's state).
 */
const Header = memo(SiteHeader);
const Footer = memo(SiteFooter);

/** The one default layout: header, main content, footer, the sticky bottom bar and the cookie banner. */
export function SiteLayout({ globals, settings, children }: { globals: Globals; settings: PageSettings; children: ReactNode }) {
  const store = useSiteStore();
  const { country } = useSite();
  usePageSettingsInStore(store, settings);
  useScrollState(store);
  useBuyerChoice(store, country);
  const { hideHeaderFooter } = useSiteState();
  return (
    <>
      <RouterEffects country={country} />
      {hideHeaderFooter ? null : <Header globals={globals} />}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {hideHeaderFooter ? null : <Footer globals={globals} />}
      {settings.stickyCta.length > 0 ? <StickyBottomBar links={settings.stickyCta} /> : null}
      {/* One "Configure your pricing" modal per AU page: any link to #configure-pricing opens it. */}
      {country === "au" ? <PricingModalSlot /> : null}
      <CookieBanner footer={globals.footer} />
    </>
  );
}

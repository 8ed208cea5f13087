import { memo, useEffect, useRef, type ReactNode } from "react";
import { Island } from "~/islands/island";
import { useHydrationMode } from "~/islands/hydration-mode";
import { usePageLocation } from "~/islands/page-location";
import { pricingModalIsland } from "~/features/pricing/components/pricing-modal-slot";
import { useIsomorphicLayoutEffect, useSite, useSiteState, useSiteStore } from "~/features/site-state/site-context";
import { applyPageSettings, type SiteStore } from "~/features/site-state/store";
import { CookieBanner } from "./cookie-banner";
import type { Globals, PageSettings } from "./globals";
import { SiteFooter } from "./site-footer";
import { headerIsland } from "./site-header";
import { startSite } from "./site-runtime";
import { StickyBottomBar } from "./sticky-bottom-bar";

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

/** The header reads the header and the menu, and the footer's country switch label and links. */
type HeaderGlobals = Pick<Globals, "header" | "menu" | "footer">;

/** The footer renders from the globals only: memoised, it is not rendered again with the layout. */
const Footer = memo(SiteFooter);

/**
 * The one default layout: header, main content, footer, the sticky bottom bar and the cookie
 * banner. The header and the pricing modal are islands that wait for the visitor; the footer, the
 * bar and the banner are the server's HTML, which the site's effects (site-runtime.ts) follow the
 * scroll and enhance: the islands' entry starts them, or, on a document that hydrates as one app,
 * `AppSiteRuntime` does.
 */
export function SiteLayout({ globals, settings, children }: { globals: Globals; settings: PageSettings; children: ReactNode }) {
  const store = useSiteStore();
  const { country } = useSite();
  usePageSettingsInStore(store, settings);
  const { hideHeaderFooter, consent } = useSiteState();
  const mode = useHydrationMode();
  const headerGlobals: HeaderGlobals = { header: globals.header, menu: globals.menu, footer: globals.footer };
  return (
    <>
      {hideHeaderFooter ? null : <Island island={headerIsland} props={{ globals: headerGlobals }} className="island-contents" />}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {hideHeaderFooter ? null : <Footer globals={globals} />}
      {settings.stickyCta.length > 0 ? <StickyBottomBar links={settings.stickyCta} /> : null}
      {/* One "Configure your pricing" modal per AU page: any link to #configure-pricing opens it. */}
      {country === "au" ? <Island island={pricingModalIsland} props={{}} className="island-contents" /> : null}
      {consent === false ? <CookieBanner footer={globals.footer} /> : null}
      {mode === "app" ? <AppSiteRuntime settings={settings} /> : null}
    </>
  );
}

/**
 * The site's effects on a document that hydrates as one app: the same start as the islands' entry
 * (once per document, with the app's store), and a page view for every client navigation.
 */
function AppSiteRuntime({ settings }: { settings: PageSettings }) {
  const store = useSiteStore();
  const site = useSite();
  const location = usePageLocation();
  useEffect(() => {
    startSite({ site, settings, location }, store).navigated(location);
  }, [site, settings, location, store]);
  return null;
}

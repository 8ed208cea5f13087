import type { ReactNode } from "react";
import type { Globals, PageSettings } from "./globals";
import { SiteHeader } from "./site-header";
import { SiteFooter } from "./site-footer";
import { StickyBottomBar } from "./sticky-bottom-bar";

/** The one default layout: header, main content, footer and the sticky bottom bar. */
export function SiteLayout({ globals, settings, children }: { globals: Globals; settings: PageSettings; children: ReactNode }) {
  return (
    <>
      {settings.hideHeaderFooter ? null : <SiteHeader globals={globals} settings={settings} />}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {settings.hideHeaderFooter ? null : <SiteFooter globals={globals} />}
      {settings.stickyCta.length > 0 ? <StickyBottomBar links={settings.stickyCta} /> : null}
    </>
  );
}

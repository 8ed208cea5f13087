import { useState, type ReactElement, type ReactNode } from "react";
import type { IslandHost } from "~/islands/island";
import { PageLocationProvider, type PageLocation } from "~/islands/page-location";
import { SiteProvider, type SiteContextValue } from "~/features/site-state/site-context";
import { applyPageSettings, createSiteStore, type SiteStore } from "~/features/site-state/store";
import type { PageSettings } from "~/features/shell/globals";

/** What every island of a page shares, sent once per page (app/islands/island.tsx, `IslandPageScript`). */
export interface IslandPage {
  site: SiteContextValue;
  settings: PageSettings;
  location: PageLocation;
}

function createPageStore(page: IslandPage): SiteStore {
  const store = createSiteStore(page.site);
  applyPageSettings(store, page.settings);
  return store;
}

/** In the browser the islands of a page share one site state (a buyer's state chosen in one shows in all). */
let browserStore: SiteStore | null = null;

/** The page-wide providers around an island's root, the same on the server and in the browser. */
export function PageProviders({ page, children }: { page: IslandPage; children: ReactNode }) {
  const [store] = useState(() => (typeof window === "undefined" ? createPageStore(page) : (browserStore ??= createPageStore(page))));
  return (
    <SiteProvider value={page.site} store={store}>
      <PageLocationProvider value={page.location}>
        {children}
      </PageLocationProvider>
    </SiteProvider>
  );
}

/** The islands' host of a page (app/routes/$country.tsx). */
export function islandHost(mode: "islands" | "app", page: IslandPage): IslandHost<IslandPage> {
  return { mode, page, wrap: (children: ReactNode, value: IslandPage): ReactElement => <PageProviders page={value}>{children}</PageProviders> };
}

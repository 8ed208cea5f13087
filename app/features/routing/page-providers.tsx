import { startTransition, useEffect, useMemo, useState, type ReactElement, type ReactNode } from "react";
import { snapshot } from "valtio/vanilla";
import type { IslandHost } from "~/islands/island";
import { PageLocationProvider, type PageLocation } from "~/islands/page-location";
import { onBuyerChoice } from "~/features/site-state/buyer-choice";
import { SiteProvider, type SiteContextValue } from "~/features/site-state/site-context";
import { applyBuyerChoice, createPageStore, sharedPageStore, syncStoredBuyerChoice, type SiteStore } from "~/features/site-state/store";
import type { PageSettings } from "~/features/shell/globals";

/** What every island of a page shares, sent once per page (app/islands/island.tsx, `IslandPageScript`). */
export interface IslandPage {
  site: SiteContextValue;
  settings: PageSettings;
  location: PageLocation;
}

let following = false;

/**
 * Once the first island has hydrated, the shared store takes the buyer's stored choice (which the
 * page's start reconciled) and any the start finds later (the AU state looked up).
 */
function followBuyerChoice(store: SiteStore): void {
  if (following) return;
  following = true;
  syncStoredBuyerChoice(store);
  onBuyerChoice((choice) => applyBuyerChoice(store, choice));
}

const same = (a: SiteStore, b: SiteStore) => JSON.stringify(snapshot(a)) === JSON.stringify(snapshot(b));

/**
 * The store an island hydrates with: the shared one while it holds what the server rendered with;
 * once it holds more (a choice made in another island, the stored buyer choice), a copy of the
 * server's, so the island's first render matches its HTML, and the shared one right after.
 */
function hydrationStore(page: IslandPage): SiteStore {
  const shared = sharedPageStore(page.site, page.settings);
  const server = createPageStore(page.site, page.settings);
  return same(shared, server) ? shared : server;
}

/**
 * The page-wide providers around an island's root, the same on the server and in the browser.
 * The page's values never change within a document: the store is made from them once, and the
 * provider is given the country only (no server values to copy into the store again).
 */
export function PageProviders({ page, children }: { page: IslandPage; children: ReactNode }) {
  const [store, setStore] = useState(() => (typeof window === "undefined" ? createPageStore(page.site, page.settings) : hydrationStore(page)));
  useEffect(() => {
    const shared = sharedPageStore(page.site, page.settings);
    followBuyerChoice(shared);
    if (store !== shared) startTransition(() => setStore(shared));
  }, [store, page.site, page.settings]);
  const site = useMemo(() => ({ country: page.site.country }), [page.site.country]);
  return (
    <SiteProvider value={site} store={store}>
      <PageLocationProvider value={page.location}>{children}</PageLocationProvider>
    </SiteProvider>
  );
}

/** The islands' host of a page (app/routes/$country.tsx). */
export function islandHost(mode: "islands" | "app", page: IslandPage): IslandHost<IslandPage> {
  return { mode, page, wrap: (children: ReactNode, value: IslandPage): ReactElement => <PageProviders page={value}>{children}</PageProviders> };
}

import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type DependencyList, type EffectCallback, type ReactNode } from "react";
import { useSnapshot } from "valtio";
import { snapshot } from "valtio/vanilla";
import type { Country } from "~/content/schema";
import { SiteCountryContext } from "~/components/site-country";
import type { AuState } from "~/lib/au-states";
import { createSiteStore, type SiteState, type SiteStore } from "./store";

export interface SiteContextValue {
  country: Country;
  /** From the layout loader (cookies); the store keeps its own once the browser changes them. */
  auState?: AuState;
  isABN?: boolean;
  consent?: boolean | null;
  useAngleAPI?: boolean;
}

/**
 * Runs before paint in the browser; a no-op on the server (where useLayoutEffect warns). Decided
 * at each render, not once when the module loads: a test renders the server's markup and then the
 * browser's in one module graph.
 */
export function useIsomorphicLayoutEffect(effect: EffectCallback, deps?: DependencyList): void {
  const useEffectHere = typeof window === "undefined" ? useEffect : useLayoutEffect;
  useEffectHere(effect, deps);
}

const StoreContext = createContext<SiteStore | null>(null);

/**
 * Provides the country and the shared site state. A provider inside another one (an error
 * screen inside the layout) shares the outer store when the country is the same; the islands of
 * a page pass the page's store (`store`, which may change once, after hydration).
 */
export function SiteProvider({ value, store: given, children }: { value: SiteContextValue; store?: SiteStore; children: ReactNode }) {
  const parent = useContext(StoreContext);
  const [own] = useState(() => (given ? null : parent && parent.country === value.country ? null : createSiteStore(value)));
  const store = given ?? own ?? parent!;
  const { country, auState, isABN, consent, useAngleAPI } = value;

  // Newer server data (another country, a revalidation after a pricing or consent POST) wins.
  useIsomorphicLayoutEffect(() => {
    store.country = country;
    if (auState !== undefined) store.auState = auState;
    if (isABN !== undefined) store.isABN = isABN;
    if (consent !== undefined && consent !== null) store.consent = consent;
    if (useAngleAPI !== undefined) store.useAngleAPI = useAngleAPI;
  }, [store, country, auState, isABN, consent, useAngleAPI]);

  const site = useMemo(() => ({ country }), [country]);
  return (
    <StoreContext.Provider value={store}>
      <SiteCountryContext.Provider value={site}>{children}</SiteCountryContext.Provider>
    </StoreContext.Provider>
  );
}

/** The visitor's country (from the route): the shared parts' hook, the same for every floor. */
export { useSite } from "~/components/site-country";

/** The store itself, for actions (setAuState(store, "NSW"), setIsABN(store, false), ...). */
export function useSiteStore(): SiteStore {
  const store = useContext(StoreContext);
  if (store) return store;
  throw new Error("useSiteStore must be used inside <SiteProvider>");
}

/**
 * valtio's hook subscribes in a layout effect, which React warns about on the server; there the
 * store's plain snapshot is the same data, and nothing re-renders. Decided at each render, as above.
 */
function useStoreSnapshot(store: SiteStore): unknown {
  const read: (store: SiteStore) => unknown = typeof window === "undefined" ? snapshot : useSnapshot;
  return read(store);
}

/** A render snapshot of the shared site state; re-renders only for the fields read. */
export function useSiteState(): Readonly<SiteState> {
  return useStoreSnapshot(useSiteStore()) as Readonly<SiteState>;
}

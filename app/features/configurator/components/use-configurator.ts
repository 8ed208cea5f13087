import { useEffect, useState } from "react";
import { navigateInPlace, useInPlaceLocation } from "~/islands/in-place-location";
import type { BuyerContext } from "~/features/pricing/types";
import { useSiteState, useSiteStore } from "~/features/site-state/site-context";
import { setIsABN } from "~/features/site-state/store";
import type { ResolvedBuild } from "../build";
import type { Catalogue } from "../types";
import { canonicalSearch } from "../view";

/**
 * The buyer the page prices for: the stored AU state and buyer type. The calculator form's entity
 * (no-JS) sets the ABN flag: it wins for this response and the store adopts it once hydrated.
 */
export function useConfiguratorBuyer(country: Catalogue["country"], abnOverride: boolean | null): BuyerContext {
  const store = useSiteStore();
  const site = useSiteState();
  const [override, setOverride] = useState(abnOverride);
  useEffect(() => {
    if (override === null) return;
    if (store.isABN !== override) setIsABN(store, override);
    setOverride(null);
  }, [override, store]);
  const isABN = override ?? site.isABN;
  return country === "au" ? { country, auState: site.auState, isABN } : { country, isABN: false };
}

/**
 * With JavaScript the address becomes the canonical build query (not while the calculator's no-JS
 * form is in it), its fragment kept.
 */
export function useCanonicalAddress(build: ResolvedBuild, params: URLSearchParams, calculatorInUrl: boolean): void {
  const { search, pathname } = useInPlaceLocation();
  useEffect(() => {
    const canonical = canonicalSearch(build, params);
    if (!calculatorInUrl && search !== canonical) {
      navigateInPlace(`${pathname}${canonical}${window.location.hash}`, { replace: true });
    }
  }, [build, params, calculatorInUrl, search, pathname]);
}

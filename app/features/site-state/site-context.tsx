import { createContext, useContext, type ReactNode } from "react";
import type { Country } from "~/content/schema";

export interface SiteContextValue {
  country: Country;
}

const SiteContext = createContext<SiteContextValue>({ country: "au" });

export function SiteProvider({ value, children }: { value: SiteContextValue; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  return useContext(SiteContext);
}

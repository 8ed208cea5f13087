import { createContext, useContext } from "react";
import type { Country } from "~/content/schema";

/**
 * The visitor's country (from the route), which links, buttons and rich text need for their URLs
 * and analytics. Here, below the features, so that the shared parts need nothing above them; the
 * site state's provider (features/site-state/site-context.tsx) provides it.
 */
export const SiteCountryContext = createContext<{ country: Country }>({ country: "au" });

/** The visitor's country (from the route). */
export function useSite(): { country: Country } {
  return useContext(SiteCountryContext);
}

import type { Country } from "~/content/schema";
import { getEnv } from "~/server/env.server";
import { absoluteUrl } from "~/features/seo/alternates";
import { getDealerData } from "./dealers.server";
import { locateDealers, type LocatorResult } from "./locator";
import { parseLocatorParams } from "./locator-params";

/** What the store-locator block gets from the server (useBlockData). */
export interface StoreLocatorData extends LocatorResult {
  /** Browser key for the Google Maps JavaScript API (GOOGLE_MAPS_API_KEY); null: static map and offline search. */
  mapsApiKey: string | null;
  /** Map ID for advanced markers (GOOGLE_MAPS_MAP_ID); Google's demo ID when unset. */
  mapId: string;
  /** Absolute URL of the page: the block's AutoDealer JSON-LD names each dealer `${pageUrl}#dealer-{code}`. */
  pageUrl: string;
}

/** Google's Map ID for development; set GOOGLE_MAPS_MAP_ID for production. */
export const DEMO_MAP_ID = "DEMO_MAP_ID";

/**
 * The store-locator block's loader: reads `?q=`, `?lat=&lng=` and `?dealer=` from the page URL,
 * searches the dealer data offline (gazetteer, haversine) and returns the results with the map's
 * markers, the maps key and the page's absolute URL (for the dealers' structured data).
 */
export async function storeLocatorLoader({ country, request }: { country: Country; request: Request }): Promise<StoreLocatorData> {
  const url = new URL(request.url);
  const data = await getDealerData();
  const result = locateDealers(parseLocatorParams(url.searchParams), country, data);
  // Validated values are trimmed, and unset when empty.
  const env = getEnv();
  return {
    ...result,
    mapsApiKey: env.GOOGLE_MAPS_API_KEY ?? null,
    mapId: env.GOOGLE_MAPS_MAP_ID ?? DEMO_MAP_ID,
    pageUrl: absoluteUrl(env.SITE_URL, url.pathname),
  };
}

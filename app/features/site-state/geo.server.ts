import { getEnv } from "~/server/env.server";
import { isInCountry } from "~/features/dealers/bounds";
import { getDealerData } from "~/features/dealers/dealers.server";
import type { LatLng } from "~/features/dealers/types";
import type { AuState } from "~/lib/au-states";
import { auStateFromGeocodeJson, nearestAuState } from "./geo";

/**
 * Reverse geocoding to an AU state: the configured service (REVERSE_GEOCODE_URL, a
 * geocodejson endpoint such as Nominatim's /reverse, queried with lat, lon and
 * format=geocodejson), else, or when it fails, offline by the nearest postcode centre of the
 * dealer gazetteer. Failures are logged and give null (the default state stays).
 */

export const REVERSE_GEOCODE_TIMEOUT_MS = 3_000;
const CACHE_LIMIT = 500;
const cache = new Map<string, { auState: AuState | null; source: GeocodeSource }>();

export type GeocodeSource = "service" | "offline" | null;

function serviceUrl(): URL | null {
  const value = getEnv().REVERSE_GEOCODE_URL;
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

async function fromService(base: URL, point: LatLng): Promise<AuState | null> {
  const url = new URL(base);
  url.searchParams.set("lat", String(point.lat));
  url.searchParams.set("lon", String(point.lng));
  url.searchParams.set("format", "geocodejson");
  const response = await fetch(url, {
    headers: { accept: "application/json", "user-agent": "kestrel-motors-web (state lookup)" },
    signal: AbortSignal.timeout(REVERSE_GEOCODE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return auStateFromGeocodeJson(await response.json());
}

/** The AU state at a point, and where the answer came from. */
export async function reverseGeocodeAuState(point: LatLng): Promise<{ auState: AuState | null; source: GeocodeSource }> {
  // Points outside Australia's bounds never reach the service.
  if (!isInCountry(point, "au")) return { auState: null, source: null };
  // About 1 km: enough for a state, and nearby visitors share the cache entry.
  const key = `${point.lat.toFixed(2)},${point.lng.toFixed(2)}`;
  const cached = cache.get(key);
  if (cached) return cached;

  let result: { auState: AuState | null; source: GeocodeSource } = { auState: null, source: null };
  const base = serviceUrl();
  if (base) {
    try {
      const auState = await fromService(base, point);
      if (auState) result = { auState, source: "service" };
    } catch (error) {
      console.warn(`[geo] Reverse geocoding service failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!result.auState) {
    const { gazetteer } = await getDealerData();
    const auState = nearestAuState(gazetteer, point);
    result = { auState, source: auState ? "offline" : null };
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, result);
  return result;
}

/** Forgets cached answers (tests). */
export function resetGeocodeCache(): void {
  cache.clear();
}

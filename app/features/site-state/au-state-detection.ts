import { isAuState, type AuState } from "~/lib/au-states";

/**
 * First visit in AU with no stored state (spec site.md section 4): the visitor's location from
 * GET /api/location/, reverse-geocoded by GET /api/reverse-geocode to an AU state. Runs once per
 * browser session; any failure is logged and leaves the default.
 */

export const DETECTION_SESSION_KEY = "auStateLookup";

export async function detectAuState(fetcher: typeof fetch = fetch): Promise<AuState | null> {
  const location = await fetcher("/api/location/", { headers: { accept: "application/json" } });
  if (!location.ok) throw new Error(`location: HTTP ${location.status}`);
  const { latitude, longitude } = (await location.json()) as { latitude?: unknown; longitude?: unknown };
  if (typeof latitude !== "number" || typeof longitude !== "number") return null;
  const params = new URLSearchParams({ lat: String(latitude), lon: String(longitude), format: "geocodejson" });
  const geocode = await fetcher(`/api/reverse-geocode?${params}`, { headers: { accept: "application/json" } });
  if (!geocode.ok) throw new Error(`reverse geocode: HTTP ${geocode.status}`);
  const { auState } = (await geocode.json()) as { auState?: unknown };
  return isAuState(auState) ? auState : null;
}

/** True once per browser session (then the lookup is not repeated on every page). */
export function claimDetectionForSession(): boolean {
  try {
    if (window.sessionStorage.getItem(DETECTION_SESSION_KEY)) return false;
    window.sessionStorage.setItem(DETECTION_SESSION_KEY, "1");
    return true;
  } catch {
    return true;
  }
}

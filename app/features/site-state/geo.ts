import { distanceKm } from "~/features/dealers/distance";
import type { GazetteerEntry, LatLng } from "~/features/dealers/types";
import { isAuState, type AuState } from "~/lib/au-states";

/**
 * The visitor's AU state from a location (spec site.md section 4: first visit in AU with no
 * stored state). Pure: header parsing, state-name matching and the offline reverse geocoder.
 */

/** Geo headers of CDNs that set them from the client's IP (latitude, longitude), in order. */
export const GEO_HEADER_PAIRS: readonly (readonly [string, string])[] = [
  ["cloudfront-viewer-latitude", "cloudfront-viewer-longitude"],
  ["cf-iplatitude", "cf-iplongitude"],
  ["x-vercel-ip-latitude", "x-vercel-ip-longitude"],
  ["fastly-geo-latitude", "fastly-geo-longitude"],
];

/** A latitude/longitude pair when both parse and lie on the earth; else null. */
export function parseLatLng(lat: unknown, lng: unknown): LatLng | null {
  const toNumber = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);
  const a = toNumber(lat);
  const b = toNumber(lng);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  if (a < -90 || a > 90 || b < -180 || b > 180) return null;
  return { lat: a, lng: b };
}

/** The location a CDN put in the request headers, or null when none is there. */
export function locationFromHeaders(headers: Headers): LatLng | null {
  for (const [lat, lng] of GEO_HEADER_PAIRS) {
    const point = parseLatLng(headers.get(lat), headers.get(lng));
    if (point) return point;
  }
  return null;
}

const STATE_NAMES: Record<string, AuState> = {
  "australian capital territory": "ACT",
  "jervis bay territory": "ACT",
  "new south wales": "NSW",
  "northern territory": "NT",
  queensland: "QLD",
  "south australia": "SA",
  tasmania: "TAS",
  victoria: "VIC",
  "western australia": "WA",
};

/**
 * The AU state code for a state or territory as a geocoder names it ("Victoria", "VIC",
 * "AU-VIC", "State of Queensland"); null when it is not an Australian state.
 */
export function auStateFromName(name: unknown): AuState | null {
  if (typeof name !== "string") return null;
  const clean = name.trim();
  const code = clean.toUpperCase().replace(/^AU-/, "");
  if (isAuState(code)) return code;
  const lower = clean.toLowerCase().replace(/^(state|territory) of /, "").replace(/\s+/g, " ");
  return STATE_NAMES[lower] ?? null;
}

/**
 * Reads `features[0].properties.geocoding.state` of a geocodejson answer (spec site.md
 * section 7), matched to an AU state code.
 */
export function auStateFromGeocodeJson(body: unknown): AuState | null {
  const feature = (body as { features?: { properties?: { geocoding?: Record<string, unknown> } }[] } | null)?.features?.[0];
  const geocoding = feature?.properties?.geocoding;
  if (!geocoding) return null;
  const country = typeof geocoding.country_code === "string" ? geocoding.country_code.toLowerCase() : "au";
  if (country !== "au") return null;
  return auStateFromName(geocoding.state) ?? auStateFromName(geocoding.territory);
}

/** Beyond this distance from every Australian postcode centre the visitor is not in Australia. */
export const OFFLINE_GEOCODE_MAX_KM = 600;

/**
 * Offline reverse geocoding: the state of the nearest Australian postcode centre of the
 * gazetteer, when it is within maxKm; else null.
 */
export function nearestAuState(
  gazetteer: readonly GazetteerEntry[],
  point: LatLng,
  maxKm: number = OFFLINE_GEOCODE_MAX_KM,
): AuState | null {
  let best: { state: AuState; km: number } | null = null;
  for (const entry of gazetteer) {
    if (entry.country !== "au") continue;
    const state = auStateFromName(entry.region);
    if (!state) continue;
    const km = distanceKm(point, entry);
    if (!best || km < best.km) best = { state, km };
  }
  return best && best.km <= maxKm ? best.state : null;
}

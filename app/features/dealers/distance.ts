import type { LatLng } from "./types";

/** Earth radius for dealer distances (spec transactional.md section 9). */
export const EARTH_RADIUS_KM = 6371.071;
/** Nearby dealers are those strictly under this distance (spec site.md sections 5 and 9). */
export const NEARBY_RADIUS_KM = 100;

export type WithDistance<T> = T & { distanceKm: number };

const toRadians = (deg: number) => (deg * Math.PI) / 180;

/**
 * Great-circle (haversine) distance in kilometres, rounded to the millimetre so that float noise
 * (a point 100 km away computing as 99.99999999999973) cannot move a dealer across the cut-off.
 */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h))) * 1e6) / 1e6;
}

/** Copies of the items with their distance from point, nearest first (stable for equal distances). */
export function sortByDistance<T extends LatLng>(items: readonly T[], point: LatLng): WithDistance<T>[] {
  return items
    .map((item) => ({ ...item, distanceKm: distanceKm(point, item) }))
    .sort((a, b) => a.distanceKm - b.distanceKm);
}

/** Dealers strictly within radiusKm (default 100) of point, nearest first, each with distanceKm. */
export function nearbyDealers<T extends LatLng>(
  dealers: readonly T[],
  point: LatLng,
  options: { radiusKm?: number } = {},
): WithDistance<T>[] {
  const radiusKm = options.radiusKm ?? NEARBY_RADIUS_KM;
  return sortByDistance(dealers, point).filter((d) => d.distanceKm < radiusKm);
}

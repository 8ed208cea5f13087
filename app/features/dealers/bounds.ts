import type { Country } from "~/content/schema";
import type { LatLng } from "./types";

/** A bounding box in degrees; the same shape as google.maps.LatLngBoundsLiteral. */
export interface Bounds {
  west: number;
  north: number;
  east: number;
  south: number;
}

/** Address search bounds per country, exactly as spec site.md section 9 gives them. */
export const COUNTRY_BOUNDS: Readonly<Record<Country, Readonly<Bounds>>> = {
  au: { west: 112.92, north: -10.68, east: 153.63, south: -43.65 },
  nz: { west: 166.5092, north: -34.4507, east: 178.5503, south: -47.2863 },
};

/** Address search language (spec site.md section 5). */
export const ADDRESS_SEARCH_LANGUAGE = "en-AU";

/** Default map centres (spec site.md section 2): Melbourne CBD (au) and Auckland CBD (nz). */
export const DEFAULT_MAP_CENTRES: Readonly<Record<Country, Readonly<LatLng>>> = {
  au: { lat: -37.8136, lng: 144.9631 },
  nz: { lat: -36.8485, lng: 174.7633 },
};

/** Map zoom (spec site.md section 9): 12 by default, 14 after a place search. */
export const DEFAULT_MAP_ZOOM = 12;
export const PLACE_SEARCH_ZOOM = 14;

/** True when the point lies inside the box (edges included), widened by marginDeg on each side. */
export function isInBounds(point: LatLng, bounds: Bounds, marginDeg = 0): boolean {
  return (
    point.lat <= bounds.north + marginDeg &&
    point.lat >= bounds.south - marginDeg &&
    point.lng >= bounds.west - marginDeg &&
    point.lng <= bounds.east + marginDeg
  );
}

/** True when the point lies inside the country's search bounds (edges included). */
export function isInCountry(point: LatLng, country: Country): boolean {
  return isInBounds(point, COUNTRY_BOUNDS[country]);
}

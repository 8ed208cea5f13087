import type { Country } from "~/content/schema";
import { countryPath } from "~/content/links";
import type { LatLng } from "./types";

const GOOGLE_MAPS_DIRECTIONS = "https://www.google.com/maps/dir/";

/** Six decimals (about 0.1 m) without float noise such as -37.813600000000001. */
function coordinate(value: number): string {
  return String(Number(value.toFixed(6)));
}

/**
 * 'Get Directions': a Google Maps directions link (Maps URLs, api=1) with the dealer's position
 * as destination; the browser's own location is the origin.
 */
export function directionsUrl(dealer: LatLng): string {
  const params = new URLSearchParams({
    api: "1",
    destination: `${coordinate(dealer.lat)},${coordinate(dealer.lng)}`,
  });
  return `${GOOGLE_MAPS_DIRECTIONS}?${params.toString()}`;
}

/** 'Book a Test Drive': /{country}/test-drive?dealer={code}. */
export function testDrivePath(country: Country, dealerCode: string): string {
  return `${countryPath(country, "test-drive")}?${new URLSearchParams({ dealer: dealerCode }).toString()}`;
}

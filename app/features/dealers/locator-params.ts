import { z } from "zod";
import { cleanPlaceQuery, type LocatorParams } from "./locator";

/**
 * The dealer locator's URL parameters (`?q=`, `?lat=&lng=`, `?dealer=`), read on the server by the
 * block loader (locator.server.ts). Apart from locator.ts because it builds zod schemas: the
 * locator's pure helpers in locator.ts also run in the browser, where zod must not load.
 */

const coordinate = (min: number, max: number) => z.coerce.number().finite().min(min).max(max);
const pointSchema = z.object({ lat: coordinate(-90, 90), lng: coordinate(-180, 180) });
const dealerCodeSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/);

/** Reads the locator's query parameters; anything malformed is ignored, never an error. */
export function parseLocatorParams(searchParams: URLSearchParams): LocatorParams {
  const query = cleanPlaceQuery(searchParams.get("q"));
  const lat = searchParams.get("lat");
  const lng = searchParams.get("lng");
  const point = lat && lng ? pointSchema.safeParse({ lat, lng }) : null;
  const dealer = dealerCodeSchema.safeParse(searchParams.get("dealer") ?? "");
  return {
    query,
    point: point?.success ? point.data : null,
    dealerCode: dealer.success ? dealer.data : null,
  };
}

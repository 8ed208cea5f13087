import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { reverseGeocodeAuState } from "~/features/site-state/geo.server";
import { CacheControl, NO_STORE_HEADERS } from "~/server/http/cache-control";

const coordinate = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(32)
    .transform(Number)
    .pipe(z.number().finite().min(min).max(max));
const coordinates = z.object({ lat: coordinate(-90, 90), lng: coordinate(-180, 180) });

/**
 * GET /api/reverse-geocode?lat=..&lon=..: the AU state at a point, `{ auState, source }`
 * (auState null when unknown or outside Australia). Invalid coordinates are a 400.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = coordinates.safeParse({ lat: params.get("lat"), lng: params.get("lon") });
  if (!parsed.success) {
    return Response.json({ error: "lat and lon must be coordinates" }, { status: 400, headers: NO_STORE_HEADERS });
  }
  const result = await reverseGeocodeAuState(parsed.data);
  return Response.json(result, { headers: { "Cache-Control": CacheControl.privateHour } });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseLatLng } from "~/features/site-state/geo";
import { reverseGeocodeAuState } from "~/features/site-state/geo.server";

/**
 * GET /api/reverse-geocode?lat=..&lon=..: the AU state at a point, `{ auState, source }`
 * (auState null when unknown or outside Australia). Invalid coordinates are a 400.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const point = parseLatLng(params.get("lat"), params.get("lon"));
  if (!point) {
    return Response.json({ error: "lat and lon must be coordinates" }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const result = await reverseGeocodeAuState(point);
  return Response.json(result, { headers: { "Cache-Control": "private, max-age=3600" } });
}

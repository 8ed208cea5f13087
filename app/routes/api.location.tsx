import type { LoaderFunctionArgs } from "@remix-run/node";
import { locationFromHeaders } from "~/features/site-state/geo";
import { CacheControl } from "~/server/http/cache-control";

/**
 * GET /api/location/: the visitor's latitude and longitude from the CDN's geo headers
 * (CloudFront, Cloudflare, Vercel, Fastly), or nulls when the request carries none.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const point = locationFromHeaders(request.headers);
  return Response.json(
    { latitude: point?.lat ?? null, longitude: point?.lng ?? null },
    { headers: { "Cache-Control": CacheControl.privateNoStore } },
  );
}

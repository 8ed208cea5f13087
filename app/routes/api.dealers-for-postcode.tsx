import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { countrySchema } from "~/content/schema";
import { lookupDealers, lookupDealersAround } from "~/features/forms/dealers.server";
import { CacheControl, NO_STORE_HEADERS } from "~/server/http/cache-control";

/**
 * GET /api/dealers-for-postcode?country=au&postcode=3121: the enquiry form's dealer options for a
 * postcode of 1 to 4 digits, read with leading zeros (800 is 0800): the PMA dealer first, then by
 * distance; by name when the postcode cannot be placed.
 * With &dealer=<code> instead of a postcode (a link that names a dealer): that dealer first, then
 * the others by distance from it.
 */
const querySchema = z.object({
  country: countrySchema,
  postcode: z.string().trim().max(16).nullable(),
  dealer: z.string().trim().max(64).nullable(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = querySchema.safeParse({
    country: url.searchParams.get("country"),
    postcode: url.searchParams.get("postcode"),
    dealer: url.searchParams.get("dealer"),
  });
  if (!query.success) {
    const countryBad = query.error.issues.some((i) => i.path[0] === "country");
    const error = countryBad ? "country must be au or nz" : "postcode must be 1 to 4 digits";
    return Response.json({ error }, { status: 400, headers: NO_STORE_HEADERS });
  }
  const { country, postcode, dealer } = query.data;
  const lookup = dealer ? await lookupDealersAround(dealer, country) : await lookupDealers(postcode, country);
  if (!lookup) {
    const error = dealer ? "unknown dealer" : "postcode must be 1 to 4 digits";
    return Response.json({ error }, { status: dealer ? 404 : 400, headers: NO_STORE_HEADERS });
  }
  return Response.json(lookup, { headers: { "Cache-Control": CacheControl.publicFiveMinutes } });
}

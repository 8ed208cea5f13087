import type { LoaderFunctionArgs } from "@remix-run/node";
import { countrySchema } from "~/content/schema";
import { lookupDealers, lookupDealersAround } from "~/features/forms/dealers.server";

/**
 * GET /api/dealers-for-postcode?country=au&postcode=3121: the enquiry form's dealer options for a
 * postcode (the PMA dealer first, then by distance; by name when the postcode cannot be placed).
 * With &dealer=<code> instead of a postcode (a link that names a dealer): that dealer first, then
 * the others by distance from it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const country = countrySchema.safeParse(url.searchParams.get("country"));
  if (!country.success) {
    return Response.json({ error: "country must be au or nz" }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const dealer = url.searchParams.get("dealer");
  const lookup = dealer ? await lookupDealersAround(dealer, country.data) : await lookupDealers(url.searchParams.get("postcode"), country.data);
  if (!lookup) {
    const error = dealer ? "unknown dealer" : "postcode must be 4 digits";
    return Response.json({ error }, { status: dealer ? 404 : 400, headers: { "Cache-Control": "no-store" } });
  }
  return Response.json(lookup, { headers: { "Cache-Control": "public, max-age=300" } });
}

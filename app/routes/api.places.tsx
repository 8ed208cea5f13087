import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { countrySchema } from "~/content/schema";
import { getDealerData } from "~/features/dealers/dealers.server";
import { MAX_QUERY_LENGTH } from "~/features/dealers/locator";
import { searchPlaces } from "~/features/dealers/search";
import { CacheControl, NO_STORE_HEADERS } from "~/server/http/cache-control";

const querySchema = z.object({
  country: countrySchema,
  q: z.string().trim().min(1).max(MAX_QUERY_LENGTH),
});

/**
 * GET /api/places?country=au&q=ric: suggestions for the dealer locator's address search from the
 * offline gazetteer (postcodes, suburbs and towns, dealers by name) of that country,
 * `{ suggestions: [{ label, postcode, kind, dealerCode?, lat, lng }] }`. Bad input is a 400 with
 * `{ error }`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = querySchema.safeParse({ country: params.get("country") ?? undefined, q: params.get("q") ?? undefined });
  if (!parsed.success) {
    return Response.json(
      { error: "country must be au or nz and q a search text of 1 to 100 characters" },
      { status: 400, headers: NO_STORE_HEADERS },
    );
  }
  const { country, q } = parsed.data;
  const suggestions = searchPlaces(q, country, await getDealerData());
  return Response.json({ suggestions }, { headers: { "Cache-Control": CacheControl.publicFiveMinutes } });
}

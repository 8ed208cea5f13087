import { countrySchema, type Country } from "~/content/schema";

/**
 * The URL's country, or a bare 404 when it is not au or nz. Leaf loaders run in parallel with the
 * layout's, so each checks the country itself; the layout throws the full 404 page.
 */
export function requireCountry(params: { country?: string }): Country {
  const parsed = countrySchema.safeParse(params.country);
  if (!parsed.success) throw new Response(null, { status: 404 });
  return parsed.data;
}

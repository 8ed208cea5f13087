import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { countrySchema } from "~/content/schema";
import { LISTING_KINDS, MAX_LISTING_PAGE, type ListingKind } from "~/features/news/listing";
import { fetchListingPage } from "~/features/news/listing.server";
import { getNewsCategories } from "~/features/news/news.server";
import { CacheControl, NO_STORE_HEADERS } from "~/server/http/cache-control";

const querySchema = z.object({
  country: countrySchema,
  category: z
    .string()
    .regex(/^([a-z0-9][a-z0-9-]{0,63})?$/, "category must be a news-categories value")
    .default(""),
  page: z.coerce.number().int().min(1).max(MAX_LISTING_PAGE).default(1),
});

/**
 * GET /api/listing/{news|events}?country=&category=&page=: one page of a listing as JSON, for
 * Load more and the category filter with JavaScript (without it the page URL does the same).
 * Bad input is a 400 with the reason; a content failure a 502 (the listing shows its error).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const kind = params.kind as ListingKind;
  if (!LISTING_KINDS.includes(kind)) return Response.json({ error: "Unknown listing" }, { status: 404 });
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = querySchema.safeParse({ ...search, category: search.category || undefined, page: search.page || undefined });
  if (!parsed.success) {
    return Response.json({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }, { status: 400 });
  }
  const { country, category, page } = parsed.data;
  const categories = kind === "news" ? ((await getNewsCategories()) ?? []) : [];
  const result = await fetchListingPage(kind, country, { category: kind === "news" ? category : "", page }, categories);
  if (!result) return Response.json({ error: "Content unavailable" }, { status: 502, headers: NO_STORE_HEADERS });
  return Response.json(
    { ...result, page, category },
    { headers: { "Cache-Control": CacheControl.page } },
  );
}

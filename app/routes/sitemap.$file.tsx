import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { loadSitemapPlan, SITEMAP_CACHE_CONTROL } from "~/features/seo/sitemap.server";
import { renderSitemapChild } from "~/features/seo/sitemap";
import { CacheControl } from "~/server/http/cache-control";

const fileSchema = z
  .string()
  .regex(/^[a-z]{2}(?:-\d{1,4})?\.xml$/)
  .transform((file) => file.slice(0, -".xml".length));

/** GET /sitemap/{au|nz|au-2...}.xml: a child of the sitemap index (only when /sitemap.xml is an index). */
export async function loader({ params }: LoaderFunctionArgs) {
  const name = fileSchema.safeParse(params.file);
  const xml = name.success ? renderSitemapChild(await loadSitemapPlan(), name.data) : null;
  if (!xml) {
    return Response.json({ error: "Unknown sitemap: see /sitemap.xml" }, { status: 404, headers: { "Cache-Control": CacheControl.publicMinute } });
  }
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
  });
}

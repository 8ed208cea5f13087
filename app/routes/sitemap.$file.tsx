import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadSitemapPlan, SITEMAP_CACHE_CONTROL } from "~/features/seo/sitemap.server";
import { renderSitemapChild } from "~/features/seo/sitemap";

/** GET /sitemap/{au|nz|au-2...}.xml: a child of the sitemap index (only when /sitemap.xml is an index). */
export async function loader({ params }: LoaderFunctionArgs) {
  const name = /^([a-z]{2}(?:-\d+)?)\.xml$/.exec(params.file ?? "")?.[1];
  const xml = name ? renderSitemapChild(await loadSitemapPlan(), name) : null;
  if (!xml) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" } });
  }
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
  });
}

import { loadSitemapPlan, SITEMAP_CACHE_CONTROL } from "~/features/seo/sitemap.server";
import { renderSitemap } from "~/features/seo/sitemap";
import { getEnv } from "~/server/env.server";

/** GET /sitemap.xml: the urlset of both countries, or the index once it would exceed 5,000 URLs. */
export async function loader() {
  const plan = await loadSitemapPlan();
  return new Response(renderSitemap(getEnv().SITE_URL, plan), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
  });
}

/**
 * Loads the published page stories of both countries for the sitemap and plans the files.
 * Each country is queried with its own language so translated fields (noindex, locale) apply.
 */
import { getStories } from "~/content/stories.server";
import { getEnv } from "~/server/env.server";
import { SEO_COUNTRIES } from "./alternates";
import { SITEMAP_COMPONENTS, buildSitemapEntries, planSitemap, type SitemapPlan, type SitemapStory } from "./sitemap";
import { CacheControl } from "~/server/http/cache-control";

/** Sitemaps may be cached by browsers and shared caches for an hour. */
export const SITEMAP_CACHE_CONTROL = CacheControl.publicHour;

export async function loadSitemapPlan(): Promise<SitemapPlan> {
  const siteUrl = getEnv().SITE_URL;
  const lists = await Promise.all(
    SEO_COUNTRIES.map((country) =>
      getStories<SitemapStory["content"]>(
        {
          filter_query: { component: { in: SITEMAP_COMPONENTS.join(",") } },
          excluding_fields: "body",
          sort_by: "full_slug:asc",
        },
        // Only published stories belong in a sitemap, whatever the environment's version.
        { country, version: "published" },
      ),
    ),
  );
  const byCountry = Object.fromEntries(SEO_COUNTRIES.map((country, i) => [country, lists[i] as SitemapStory[]]));
  return planSitemap(buildSitemapEntries(siteUrl, byCountry));
}

import type { Country } from "~/content/schema";
import { getStories } from "~/content/stories.server";
import { localeAllows } from "~/content/locale";
import { PAGE_COMPONENTS } from "~/features/shell/page-settings";
import type { CountryPages } from "./country-switch-path";
import { sitePath } from "~/content/site-path";

/** A page story as the listing reads it (body excluded). */
export interface PageListingStory {
  full_slug: string;
  content: { component?: unknown; locale?: unknown };
}

/**
 * The site paths of the content pages a country shows: page-type stories whose locale lets them
 * be shown there (the catch-all's own rule, app/pages/content-page.server.ts), "home" at the country root.
 */
export function countryPagePaths(stories: readonly PageListingStory[], country: Country): Set<string> {
  const paths = new Set<string>();
  for (const story of stories) {
    if (!PAGE_COMPONENTS.has(String(story.content.component ?? ""))) continue;
    if (!localeAllows(story.content.locale, country)) continue;
    paths.add(sitePath(country, story.full_slug));
  }
  return paths;
}

/**
 * The published content pages of both countries, read side by side (one content round trip; the
 * same query as the sitemap's, so the two share the content cache's entry). A failed read gives
 * no pages, and the country switch then keeps the path as it is.
 */
export async function loadCountryPages(): Promise<CountryPages> {
  const read = (country: Country) =>
    getStories<PageListingStory["content"]>(
      { filter_query: { component: { in: [...PAGE_COMPONENTS].join(",") } }, excluding_fields: "body", sort_by: "full_slug:asc" },
      { country, version: "published" },
    );
  const [au, nz] = await Promise.all([read("au"), read("nz")]);
  return { au: countryPagePaths(au, "au"), nz: countryPagePaths(nz, "nz") };
}

import { absoluteUrl } from "./alternates";

/**
 * robots.txt: crawl everything but the local content API and configurator builds (a query on a
 * configurator page: every option link is another build, a crawl trap; the base page, its
 * canonical URL, stays crawlable); the sitemap's absolute URL.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /_content/",
    "Disallow: /au/config/*?",
    "Disallow: /nz/config/*?",
    "",
    `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

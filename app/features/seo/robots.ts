import { absoluteUrl } from "./alternates";

/** robots.txt: crawl everything but the local content API; the sitemap's absolute URL. */
export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /_content/", "", `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`, ""].join("\n");
}

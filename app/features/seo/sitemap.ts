/**
 * XML sitemap (issue 4): every published, indexable page story of both countries as absolute
 * URLs with lastmod and xhtml:link hreflang alternates. While all URLs fit in one file of
 * SITEMAP_MAX_URLS, /sitemap.xml is that file; beyond that it becomes a sitemap index with one
 * child per country (a country above the limit is split into numbered children).
 * Pure: no Remix, no I/O.
 */
import type { Country } from "~/content/schema";
import { SEO_COUNTRIES, absoluteUrl, alternateLinks, countriesForLocale, type AlternateLink } from "./alternates";
import { storySlug } from "~/content/site-path";

export const SITEMAP_MAX_URLS = 5000;

/** Story content types that are pages with a URL of their own. */
export const SITEMAP_COMPONENTS: readonly string[] = ["page", "news-detail", "owners-club-event-detail"];

/**
 * full_slugs that are never pages of their own: the 404 story, shell and catalogue stories, test
 * pages, the editors' block gallery pages (blocks/) and editor paths starting with "_" (the
 * /{country}/_blocks gallery).
 */
const EXCLUDED_SLUG = /^(error\/?$|global\/|car-configurator\/|test\/|blocks\/|_)/;

export interface SitemapEntry {
  loc: string;
  lastmod?: string | null;
  alternates?: readonly AlternateLink[];
}

/** A story as the sitemap reads it (body may be excluded from the query). */
export interface SitemapStory {
  full_slug: string;
  published_at: string | null;
  content: { component?: unknown; locale?: unknown; noindex?: unknown };
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
}

/** A W3C datetime for lastmod, or null when the value is not a date. */
export function lastmodOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * The site path of a story for a country ("/au/models/suv/tarrak", "/au" for home), or null when
 * the story is not a sitemap page: wrong component, excluded slug, unpublished, noindex, or a
 * locale that excludes the country.
 */
export function sitemapPath(story: SitemapStory, country: Country): string | null {
  const slug = storySlug(story);
  if (!slug || EXCLUDED_SLUG.test(slug) || EXCLUDED_SLUG.test(`${slug}/`)) return null;
  if (!SITEMAP_COMPONENTS.includes(String(story.content.component ?? ""))) return null;
  if (!story.published_at) return null;
  if (story.content.noindex === true) return null;
  if (!countriesForLocale(story.content.locale).includes(country)) return null;
  return slug === "home" ? `/${country}` : `/${country}/${slug}`;
}

/**
 * Sitemap entries per country from each country's stories (fetched with that country's
 * language, so translated fields such as noindex apply). A page gets hreflang alternates when it
 * is listed in both countries.
 */
export function buildSitemapEntries(
  siteUrl: string,
  storiesByCountry: Partial<Record<Country, readonly SitemapStory[]>>,
): Record<Country, SitemapEntry[]> {
  const listed = new Map<Country, Map<string, string | null>>();
  for (const country of SEO_COUNTRIES) {
    const paths = new Map<string, string | null>();
    for (const story of storiesByCountry[country] ?? []) {
      const path = sitemapPath(story, country);
      if (path && !paths.has(path)) paths.set(path, lastmodOf(story.published_at));
    }
    listed.set(country, paths);
  }
  const rest = (path: string) => path.replace(/^\/(au|nz)/, "");
  const result = {} as Record<Country, SitemapEntry[]>;
  for (const country of SEO_COUNTRIES) {
    const paths = listed.get(country) ?? new Map<string, string | null>();
    result[country] = [...paths.entries()]
      .sort(([a], [b]) => (a.length === 3 ? -1 : b.length === 3 ? 1 : a.localeCompare(b)))
      .map(([path, lastmod]) => {
        const countries = SEO_COUNTRIES.filter((c) => listed.get(c)?.has(`/${c}${rest(path)}`));
        return { loc: absoluteUrl(siteUrl, path), lastmod, alternates: alternateLinks(siteUrl, path, countries) };
      });
  }
  return result;
}

/** A <urlset> document. */
export function buildUrlset(entries: readonly SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    lines.push("  <url>", `    <loc>${escapeXml(entry.loc)}</loc>`);
    if (entry.lastmod) lines.push(`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
    for (const alt of entry.alternates ?? []) {
      lines.push(`    <xhtml:link rel="alternate" hreflang="${escapeXml(alt.hrefLang)}" href="${escapeXml(alt.href)}"/>`);
    }
    lines.push("  </url>");
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

export interface SitemapChild {
  /** File name without extension: "au", "nz", or "au-2" when a country is split. */
  name: string;
  entries: SitemapEntry[];
}

/** A <sitemapindex> document pointing at the children. */
export function buildSitemapIndex(siteUrl: string, children: readonly SitemapChild[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const child of children) {
    lines.push("  <sitemap>", `    <loc>${escapeXml(sitemapChildUrl(siteUrl, child.name))}</loc>`);
    const lastmod = latest(child.entries);
    if (lastmod) lines.push(`    <lastmod>${escapeXml(lastmod)}</lastmod>`);
    lines.push("  </sitemap>");
  }
  lines.push("</sitemapindex>", "");
  return lines.join("\n");
}

function latest(entries: readonly SitemapEntry[]): string | null {
  let best: string | null = null;
  for (const e of entries) if (e.lastmod && (!best || e.lastmod > best)) best = e.lastmod;
  return best;
}

/** The URL of a child sitemap: /sitemap/{name}.xml. */
export function sitemapChildUrl(siteUrl: string, name: string): string {
  return absoluteUrl(siteUrl, `/sitemap/${name}.xml`);
}

export type SitemapPlan = { kind: "urlset"; entries: SitemapEntry[] } | { kind: "index"; children: SitemapChild[] };

/**
 * One urlset while every URL fits in `max`; otherwise an index with one child per country, a
 * country above `max` split into children of at most `max` URLs ("au", "au-2", ...).
 */
export function planSitemap(byCountry: Partial<Record<Country, readonly SitemapEntry[]>>, max = SITEMAP_MAX_URLS): SitemapPlan {
  const all = SEO_COUNTRIES.flatMap((c) => byCountry[c] ?? []);
  if (all.length <= max) return { kind: "urlset", entries: all };
  const children: SitemapChild[] = [];
  for (const country of SEO_COUNTRIES) {
    const entries = byCountry[country] ?? [];
    if (entries.length === 0) continue;
    for (let start = 0, part = 1; start < entries.length; start += max, part++) {
      children.push({ name: part === 1 ? country : `${country}-${part}`, entries: entries.slice(start, start + max) });
    }
  }
  return { kind: "index", children };
}

/** The XML for /sitemap.xml. */
export function renderSitemap(siteUrl: string, plan: SitemapPlan): string {
  return plan.kind === "urlset" ? buildUrlset(plan.entries) : buildSitemapIndex(siteUrl, plan.children);
}

/** The XML for /sitemap/{name}.xml, or null when there is no such child. */
export function renderSitemapChild(plan: SitemapPlan, name: string): string | null {
  if (plan.kind !== "index") return null;
  const child = plan.children.find((c) => c.name === name);
  return child ? buildUrlset(child.entries) : null;
}

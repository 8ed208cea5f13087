/**
 * Page metadata (spec site.md section 2 "Catch-all page"; issue 4): title, description, share
 * image (Open Graph and Twitter card), phone-number detection off, canonical link, hreflang
 * alternates and robots. Pure: returns plain descriptors that Remix's `MetaDescriptor` accepts,
 * without importing Remix.
 */
import type { Country } from "~/content/schema";
import { OG_LOCALE, absoluteUrl, alternateLinks, normalizePath, pathCountry } from "./alternates";

/** The meta descriptors this module emits; each is assignable to Remix's `MetaDescriptor`. */
export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: "canonical"; href: string }
  | { tagName: "link"; rel: "alternate"; hrefLang: string; href: string };

/** The content fields metadata reads (page, news-detail, event, model-line...). */
export interface MetaContent {
  meta_title?: unknown;
  title?: unknown;
  heading?: unknown;
  name?: unknown;
  meta_description?: unknown;
  summary?: unknown;
  meta_image?: unknown;
  banner_image?: unknown;
  noindex?: unknown;
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** The filename of an asset field (or a plain URL string); "" when empty. */
export function assetUrl(asset: unknown): string {
  if (typeof asset === "string") return asset.trim();
  if (asset && typeof asset === "object" && "filename" in asset) return text((asset as { filename?: unknown }).filename);
  return "";
}

function assetAlt(asset: unknown): string {
  if (asset && typeof asset === "object" && "alt" in asset) return text((asset as { alt?: unknown }).alt);
  return "";
}

/** Title is meta_title, else title, then ' | ' and the brand short name. */
export function pageTitle(content: MetaContent | null | undefined, brand: string, fallback = ""): string {
  const base = text(content?.meta_title) || text(content?.title) || text(content?.heading) || text(content?.name) || fallback;
  if (!brand) return base;
  return base ? `${base} | ${brand}` : brand;
}

/** The share image: meta_image, else banner_image, else the site logo. */
export function shareImage(content: MetaContent | null | undefined, siteLogo?: unknown): { url: string; alt: string } | null {
  for (const candidate of [content?.meta_image, content?.banner_image, siteLogo]) {
    const url = assetUrl(candidate);
    if (url) return { url, alt: assetAlt(candidate) };
  }
  return null;
}

export interface PageMetaInput {
  /** Absolute site origin from SITE_URL ("https://www.example.com"). */
  siteUrl: string;
  /** The request path ("/au/models/suv/tarrak"); canonical and alternates are built from it. */
  pathname: string;
  /** Brand short name (header story `brand_name`). */
  brand: string;
  /** Site name for og:site_name; default the brand. */
  siteName?: string;
  content?: MetaContent | null;
  /** Title when the content has none (the story name). */
  fallbackTitle?: string;
  /** The site logo asset (header story `logo`): the last share-image fallback. */
  siteLogo?: unknown;
  /** Countries that have this page (see `countriesForLocale`); alternates only when both do. */
  countries?: readonly Country[];
  /** og:type: "article" for news. */
  type?: "website" | "article";
  publishedTime?: string | null;
  modifiedTime?: string | null;
  /** Forces `robots: noindex` (error pages); content `noindex: true` does too. */
  noindex?: boolean;
  /** Error pages get no canonical or alternates. */
  canonical?: boolean;
}

/** Every meta tag and link of a page. */
export function buildPageMeta(input: PageMetaInput): MetaTag[] {
  const { content } = input;
  const title = pageTitle(content, input.brand, input.fallbackTitle);
  const description = text(content?.meta_description) || text(content?.summary);
  const path = normalizePath(input.pathname);
  const url = absoluteUrl(input.siteUrl, path);
  const country = pathCountry(path);
  const image = shareImage(content, input.siteLogo);
  const noindex = input.noindex === true || content?.noindex === true;
  const withCanonical = input.canonical !== false;

  const tags: MetaTag[] = [{ title }];
  if (description) tags.push({ name: "description", content: description });
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  tags.push({ name: "format-detection", content: "telephone=no" });

  tags.push({ property: "og:type", content: input.type ?? "website" });
  tags.push({ property: "og:title", content: title });
  if (description) tags.push({ property: "og:description", content: description });
  if (withCanonical) tags.push({ property: "og:url", content: url });
  const siteName = input.siteName || input.brand;
  if (siteName) tags.push({ property: "og:site_name", content: siteName });
  if (country) tags.push({ property: "og:locale", content: OG_LOCALE[country] });
  if (image) {
    tags.push({ property: "og:image", content: absoluteUrl(input.siteUrl, image.url) });
    if (image.alt) tags.push({ property: "og:image:alt", content: image.alt });
  }
  if (input.type === "article") {
    if (input.publishedTime) tags.push({ property: "article:published_time", content: input.publishedTime });
    if (input.modifiedTime) tags.push({ property: "article:modified_time", content: input.modifiedTime });
  }

  tags.push({ name: "twitter:card", content: image ? "summary_large_image" : "summary" });
  tags.push({ name: "twitter:title", content: title });
  if (description) tags.push({ name: "twitter:description", content: description });
  if (image) {
    tags.push({ name: "twitter:image", content: absoluteUrl(input.siteUrl, image.url) });
    if (image.alt) tags.push({ name: "twitter:image:alt", content: image.alt });
  }

  if (withCanonical) {
    tags.push({ tagName: "link", rel: "canonical", href: url });
    for (const alt of alternateLinks(input.siteUrl, path, input.countries ?? [])) {
      tags.push({ tagName: "link", rel: "alternate", hrefLang: alt.hrefLang, href: alt.href });
    }
  }
  return tags;
}

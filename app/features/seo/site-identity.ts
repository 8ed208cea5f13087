/**
 * The brand and organisation details of a country's site, read from the global header and
 * footer stories (fields of app/content/content-types.ts: header `brand_name`,
 * `brand_full_name`, `logo`, `customer_service_phone`, `customer_service_hours`,
 * `social_links`; footer `social_links`). Pure.
 */
import type { Country } from "~/content/schema";
import { absoluteUrl } from "./alternates";
import { organizationId, organizationJsonLd, type JsonLdNode, type OrganizationRef } from "./json-ld";
import { assetUrl } from "./meta";

type Content = Record<string, unknown> | null | undefined;

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** The URL of a multilink or plain string link, when it is an absolute http(s) URL. */
export function externalUrl(link: unknown): string {
  let value = "";
  if (typeof link === "string") value = link.trim();
  else if (link && typeof link === "object") {
    const l = link as { url?: unknown; cached_url?: unknown };
    value = text(l.url) || text(l.cached_url);
  }
  return /^https?:\/\//i.test(value) ? value : "";
}

/** Social profile URLs of the header and footer `social_links`, without duplicates. */
export function socialProfiles(header: Content, footer: Content): string[] {
  const urls: string[] = [];
  for (const source of [header?.social_links, footer?.social_links]) {
    if (!Array.isArray(source)) continue;
    for (const item of source) {
      const url = item && typeof item === "object" ? externalUrl((item as { link?: unknown }).link) : "";
      if (url) urls.push(url);
    }
  }
  return [...new Set(urls)];
}

export interface SiteIdentity {
  /** Short brand name for titles ("Kestrel"). */
  brand: string;
  /** Organisation name ("Kestrel Motors"). */
  name: string;
  /** Absolute logo URL, or "". */
  logo: string;
  organization: OrganizationRef;
}

export function siteIdentity(siteUrl: string, country: Country, header: Content): SiteIdentity {
  const brand = text(header?.brand_name);
  const name = text(header?.brand_full_name) || brand;
  const logoPath = assetUrl(header?.logo);
  const logo = logoPath ? absoluteUrl(siteUrl, logoPath) : "";
  return {
    brand,
    name,
    logo,
    organization: { id: organizationId(siteUrl, country), name, url: absoluteUrl(siteUrl, `/${country}`), logo: logo || undefined },
  };
}

/** The Organization node of a country's site, or null without a name in the header story. */
export function organizationFromGlobals(siteUrl: string, country: Country, header: Content, footer: Content): JsonLdNode | null {
  const identity = siteIdentity(siteUrl, country, header);
  if (!identity.name) return null;
  return organizationJsonLd({
    siteUrl,
    country,
    name: identity.name,
    alternateName: identity.brand,
    logo: identity.logo || undefined,
    telephone: text(header?.customer_service_phone) || undefined,
    contactHours: text(header?.customer_service_hours) || undefined,
    sameAs: socialProfiles(header, footer),
  });
}

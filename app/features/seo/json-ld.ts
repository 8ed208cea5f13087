/**
 * schema.org structured data (issue 4): Organization, NewsArticle, Car with AggregateOffer,
 * OfferCatalog, BreadcrumbList and AutoDealer builders, and `serializeJsonLd` for a
 * `<script type="application/ld+json">`. Pure: the callers pass values read from content;
 * nothing here knows a model, a price or a phone number of its own.
 */
import type { Country } from "~/content/schema";
import { COUNTRY_INFO } from "./alternates";

export const SCHEMA_CONTEXT = "https://schema.org";

/** One JSON-LD node. Values are JSON: strings, numbers, booleans, arrays and objects. */
export interface JsonLdNode {
  "@context"?: string;
  "@type": string;
  "@id"?: string;
  [key: string]: unknown;
}

const IN_STOCK = "https://schema.org/InStock";

/** Drops undefined, null, "" and [] values (recursively in plain objects and arrays). */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map((v) => compact(v)).filter((v) => !isEmpty(v)) as T;
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const c = compact(v);
      if (!isEmpty(c)) out[key] = c;
    }
    return out as T;
  }
  return value;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
}

/** [] → undefined, [x] → x, otherwise the distinct values in order. */
export function oneOrMany<T>(values: readonly T[]): T | T[] | undefined {
  const distinct = [...new Set(values.filter((v) => !isEmpty(v)))];
  if (distinct.length === 0) return undefined;
  return distinct.length === 1 ? distinct[0] : distinct;
}

/**
 * JSON for inside `<script type="application/ld+json">`: `<`, `>` and `&` become \u escapes so
 * no `</script>` or `<!--` can end or change the script, and U+2028/U+2029 are escaped for old
 * JavaScript parsers. The result parses back to the same value with JSON.parse.
 */
export function serializeJsonLd(data: unknown): string {
  const json = JSON.stringify(data) ?? "null";
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// ---------------------------------------------------------------------------------------------
// Organization

export interface OrganizationInput {
  siteUrl: string;
  country: Country;
  /** Organisation name (header `brand_full_name`, else `brand_name`). */
  name: string;
  alternateName?: string;
  /** Absolute logo URL. */
  logo?: string;
  /** Customer-service phone of the country (header `customer_service_phone`). */
  telephone?: string;
  /** Customer-service hours as text (header `customer_service_hours`). */
  contactHours?: string;
  /** Social profile URLs (header / footer `social_links`). */
  sameAs?: readonly string[];
}

/** A stable @id per country, so other nodes can point at the organisation. */
export function organizationId(siteUrl: string, country: Country): string {
  return `${siteUrl.replace(/\/+$/, "")}/${country}#organization`;
}

/** The organisation behind the site of one country. */
export function organizationJsonLd(input: OrganizationInput): JsonLdNode {
  const info = COUNTRY_INFO[input.country];
  const url = `${input.siteUrl.replace(/\/+$/, "")}/${input.country}`;
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "Organization",
    "@id": organizationId(input.siteUrl, input.country),
    name: input.name,
    alternateName: input.alternateName && input.alternateName !== input.name ? input.alternateName : undefined,
    url,
    logo: input.logo,
    areaServed: { "@type": "Country", name: info.name, identifier: info.code },
    contactPoint: input.telephone
      ? [
          {
            "@type": "ContactPoint",
            telephone: input.telephone,
            contactType: "customer service",
            areaServed: info.code,
            availableLanguage: "en",
            description: input.contactHours,
          },
        ]
      : undefined,
    sameAs: input.sameAs ? [...new Set(input.sameAs)] : undefined,
  });
}

/** A short reference to the organisation (author, publisher, seller). */
export interface OrganizationRef {
  id?: string;
  name: string;
  url?: string;
  logo?: string;
}

export function organizationRef(ref: OrganizationRef): JsonLdNode {
  return compact({
    "@type": "Organization",
    "@id": ref.id,
    name: ref.name,
    url: ref.url,
    logo: ref.logo ? { "@type": "ImageObject", url: ref.logo } : undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// NewsArticle

export interface NewsArticleInput {
  url: string;
  headline: string;
  description?: string;
  /** Absolute image URLs (banner image, share image). */
  images?: readonly string[];
  /** Story first_published_at. */
  datePublished?: string | null;
  /** Story published_at. */
  dateModified?: string | null;
  organization: OrganizationRef;
  keywords?: readonly string[];
}

/** A news article; author and publisher are the organisation. */
export function newsArticleJsonLd(input: NewsArticleInput): JsonLdNode {
  const org = organizationRef(input.organization);
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "NewsArticle",
    "@id": `${input.url}#article`,
    mainEntityOfPage: { "@type": "WebPage", "@id": input.url },
    url: input.url,
    headline: input.headline,
    description: input.description,
    image: input.images ? [...new Set(input.images)] : undefined,
    datePublished: input.datePublished ?? undefined,
    dateModified: input.dateModified ?? input.datePublished ?? undefined,
    author: org,
    publisher: org,
    keywords: input.keywords?.length ? input.keywords.join(", ") : undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// Car with AggregateOffer

export interface AggregateOfferInput {
  /** Valid driveaway amounts of the models; invalid ones are left out by the caller. */
  prices: readonly number[];
  currency: "AUD" | "NZD";
  url?: string;
  availability?: string;
  seller?: OrganizationRef;
}

/** Low/high price and count over the valid prices; null when there is none. */
export function aggregateOfferJsonLd(input: AggregateOfferInput): JsonLdNode | null {
  const prices = input.prices.filter((p) => Number.isFinite(p) && p > 0);
  if (prices.length === 0) return null;
  return compact({
    "@type": "AggregateOffer",
    priceCurrency: input.currency,
    lowPrice: Math.min(...prices),
    highPrice: Math.max(...prices),
    offerCount: prices.length,
    availability: input.availability ?? IN_STOCK,
    url: input.url,
    seller: input.seller ? organizationRef(input.seller) : undefined,
  });
}

export interface CarInput {
  url: string;
  /** "Kestrel Tarrak". */
  name: string;
  brand: string;
  /** Model line name ("Tarrak"). */
  model: string;
  description?: string;
  image?: string;
  /** Variants ("GX", "GXL", "Summit"). */
  vehicleConfiguration?: readonly string[];
  fuelType?: readonly string[];
  bodyType?: string;
  seatingCapacity?: number;
  driveWheelConfiguration?: readonly string[];
  vehicleTransmission?: readonly string[];
  modelDate?: string;
  offers?: JsonLdNode | null;
  manufacturer?: OrganizationRef;
}

/** A model line as a Car; single values stay scalars, several become a list. */
export function carJsonLd(input: CarInput): JsonLdNode {
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "Car",
    "@id": `${input.url}#car`,
    name: input.name,
    url: input.url,
    description: input.description,
    image: input.image,
    brand: { "@type": "Brand", name: input.brand },
    manufacturer: input.manufacturer ? organizationRef(input.manufacturer) : undefined,
    model: input.model,
    modelDate: input.modelDate,
    vehicleConfiguration: oneOrMany(input.vehicleConfiguration ?? []),
    bodyType: input.bodyType,
    fuelType: oneOrMany(input.fuelType ?? []),
    seatingCapacity: input.seatingCapacity,
    driveWheelConfiguration: oneOrMany(input.driveWheelConfiguration ?? []),
    vehicleTransmission: oneOrMany(input.vehicleTransmission ?? []),
    offers: input.offers ?? undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// OfferCatalog

export interface CatalogOfferInput {
  /** "Kestrel Corvale Urban Run-out". */
  name: string;
  price: number;
  url?: string;
  image?: string;
  /** Model line name. */
  model?: string;
  /** Variant ("Urban Run-out"). */
  vehicleConfiguration?: string;
  description?: string;
}

export interface OfferCatalogInput {
  name: string;
  url: string;
  brand: string;
  currency: "AUD" | "NZD";
  /** ISO date from the offer content. */
  priceValidUntil?: string | null;
  offers: readonly CatalogOfferInput[];
  seller?: OrganizationRef;
}

/** The current offers as an OfferCatalog of Offers, each offering a Car. */
export function offerCatalogJsonLd(input: OfferCatalogInput): JsonLdNode {
  const seller = input.seller ? organizationRef(input.seller) : undefined;
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "OfferCatalog",
    "@id": `${input.url}#offers`,
    name: input.name,
    url: input.url,
    numberOfItems: input.offers.length,
    itemListElement: input.offers.map((offer) => ({
      "@type": "Offer",
      name: offer.name,
      description: offer.description,
      price: offer.price,
      priceCurrency: input.currency,
      priceValidUntil: input.priceValidUntil ?? undefined,
      availability: IN_STOCK,
      url: offer.url,
      seller,
      itemOffered: {
        "@type": "Car",
        name: offer.name,
        brand: { "@type": "Brand", name: input.brand },
        model: offer.model,
        vehicleConfiguration: offer.vehicleConfiguration,
        image: offer.image,
      },
    })),
  });
}

// ---------------------------------------------------------------------------------------------
// BreadcrumbList

export interface BreadcrumbItem {
  name: string;
  /** Absolute URL. */
  url: string;
}

/** The trail from the home page to the current page; null when there is no trail (< 2 items). */
export function breadcrumbListJsonLd(items: readonly BreadcrumbItem[]): JsonLdNode | null {
  const trail = items.filter((i) => i.name.trim() && i.url);
  if (trail.length < 2) return null;
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name.trim(),
      item: item.url,
    })),
  };
}

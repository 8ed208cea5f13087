/**
 * Structured data computed in route loaders (issue 4). Every builder runs inside its own
 * try/catch: a failure is logged with console.error and that node is skipped; the page never
 * breaks because of structured data (spec site.md section 8).
 */
import type { ISbStoriesParams } from "storyblok-js-client";
import type { Country, Story } from "~/content/schema";
import { getStories, getStory } from "~/content/stories.server";
import { getEnv } from "~/server/env.server";
import { localeAllows } from "~/content/locale";
import type { Globals } from "~/features/shell/globals";
import { absoluteUrl } from "./alternates";
import { breadcrumbListJsonLd, newsArticleJsonLd, type BreadcrumbItem, type JsonLdNode } from "./json-ld";
import { assetUrl } from "./meta";
import { organizationFromGlobals, siteIdentity, type SiteIdentity } from "./site-identity";
import {
  carFromCatalogue,
  isoDate,
  offerCatalogFromCatalogue,
  type CatalogueLine,
  type CatalogueModel,
  type OffersListingSettings,
} from "./vehicle";
import { storySlug } from "~/content/site-path";

type Content = Record<string, unknown> & { component?: string };
type AnyStory = Story<Content>;

/** Relations the vehicle data needs: state prices for AU, the model line for names. */
const VEHICLE_RELATIONS = ["model-au.driveaway_state_prices", "model-au.model_line", "model-nz.model_line"] as const;

/** Path of a model page: models/{type}/{model}. */
const MODEL_PAGE = /^models\/([^/]+)\/([^/]+)$/;

function siteUrl(): string {
  return getEnv().SITE_URL;
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** Runs one builder; on failure logs and gives nothing. */
async function safely(label: string, build: () => JsonLdNode | null | Promise<JsonLdNode | null>): Promise<JsonLdNode[]> {
  try {
    const node = await build();
    return node ? [node] : [];
  } catch (error) {
    console.error(`[seo] ${label} structured data failed and was skipped:`, error instanceof Error ? error.message : error);
    return [];
  }
}

/** The Organization of the country, from the layout's globals (header and footer stories). */
export async function organizationStructuredData(country: Country, globals: Pick<Globals, "header" | "footer">): Promise<JsonLdNode[]> {
  return safely("Organization", () => organizationFromGlobals(siteUrl(), country, globals.header, globals.footer));
}

/** The title of a page story for breadcrumbs. */
function storyTitle(story: { name?: string; content?: Content }): string {
  return text(story.content?.title) || text(story.content?.heading) || text(story.content?.name) || text(story.name);
}

/** Parent slugs of a slug: "models/suv/tarrak" → ["models", "models/suv"]. */
export function ancestorSlugs(slug: string): string[] {
  const parts = slug.split("/").filter(Boolean);
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join("/"));
}

/** The ancestor pages of a slug, read from the slug alone (so it can start with the story's read). */
function readAncestors(country: Country, slug: string): Promise<AnyStory[]> {
  const ancestors = ancestorSlugs(slug);
  if (ancestors.length === 0) return Promise.resolve([]);
  return getStories<Content>({ by_slugs: [...ancestors, ...ancestors.map((a) => `${a}/`)].join(","), excluding_fields: "body" }, { country });
}

/**
 * Home, then every ancestor that is a page of its own in this country, then the page. Only
 * nested pages (two or more segments after the country) get a trail.
 */
async function breadcrumbs(country: Country, slug: string, story: AnyStory, ancestorStories: Promise<AnyStory[]>): Promise<JsonLdNode | null> {
  const ancestors = ancestorSlugs(slug);
  if (ancestors.length === 0) return null;
  const base = siteUrl();
  const found = await ancestorStories;
  const bySlug = new Map(found.map((s) => [storySlug(s), s]));
  const items: BreadcrumbItem[] = [{ name: "Home", url: absoluteUrl(base, `/${country}`) }];
  for (const ancestor of ancestors) {
    const page = bySlug.get(ancestor);
    if (!page || !localeAllows(page.content.locale, country)) continue;
    if (!["page", "news-detail", "owners-club-event-detail"].includes(String(page.content.component))) continue;
    items.push({ name: storyTitle(page), url: absoluteUrl(base, `/${country}/${ancestor}`) });
  }
  items.push({ name: storyTitle(story), url: absoluteUrl(base, `/${country}/${slug}`) });
  return breadcrumbListJsonLd(items);
}

function newsArticle(country: Country, slug: string, story: AnyStory, identity: SiteIdentity): JsonLdNode {
  const base = siteUrl();
  const c = story.content;
  const images = [assetUrl(c.banner_image), assetUrl(c.meta_image)].filter(Boolean).map((u) => absoluteUrl(base, u));
  if (images.length === 0 && identity.logo) images.push(identity.logo);
  const categories = Array.isArray(c.news_categories) ? c.news_categories.filter((v): v is string => typeof v === "string") : [];
  return newsArticleJsonLd({
    url: absoluteUrl(base, `/${country}/${slug}`),
    headline: text(c.title) || text(c.meta_title) || story.name,
    description: text(c.meta_description) || text(c.summary) || undefined,
    images,
    datePublished: story.first_published_at,
    dateModified: story.published_at,
    organization: identity.organization,
    keywords: categories,
  });
}

type CatalogueReads = Promise<[AnyStory | null, AnyStory[]]>;

/** The model line and its models of a model page's slug (read from the slug alone). */
function readModelCatalogue(country: Country, slug: string): CatalogueReads | null {
  const match = MODEL_PAGE.exec(slug);
  if (!match) return null;
  const lineSlug = match[2];
  return Promise.all([
    getStory<Content>(`car-configurator/models/${lineSlug}`, { country }),
    getStories<Content>({ starts_with: `car-configurator/models/${lineSlug}/${country}/` }, { country, resolveRelations: VEHICLE_RELATIONS }),
  ]);
}

async function modelCar(country: Country, slug: string, identity: SiteIdentity, reads: CatalogueReads | null): Promise<JsonLdNode | null> {
  if (!reads) return null;
  const [line, models] = await reads;
  // A model page without a model line of that slug has no vehicle to describe.
  if (!line || line.content.component !== "model-line") return null;
  return carFromCatalogue({
    siteUrl: siteUrl(),
    url: absoluteUrl(siteUrl(), `/${country}/${slug}`),
    country,
    brand: identity.brand || identity.name,
    line: line.content as CatalogueLine,
    models: models.map((m) => ({ uuid: m.uuid, full_slug: m.full_slug, content: m.content as CatalogueModel })),
    manufacturer: identity.organization,
  });
}

/** The first `offers-listing` blok anywhere in the content tree. */
export function findBlok(content: unknown, component: string): Record<string, unknown> | null {
  if (Array.isArray(content)) {
    for (const item of content) {
      const found = findBlok(item, component);
      if (found) return found;
    }
    return null;
  }
  if (!content || typeof content !== "object") return null;
  const record = content as Record<string, unknown>;
  if (record.component === component) return record;
  for (const value of Object.values(record)) {
    if (value && typeof value === "object") {
      const found = findBlok(value, component);
      if (found) return found;
    }
  }
  return null;
}

type OfferReads = Promise<[AnyStory[], AnyStory[]]>;

/** Every model of the country and every model line (the offers page's catalogue). */
function readOfferCatalogue(country: Country): OfferReads {
  const params: ISbStoriesParams = { starts_with: "car-configurator/models/", content_type: `model-${country}` };
  return Promise.all([
    getStories<Content>(params, { country, resolveRelations: VEHICLE_RELATIONS }),
    getStories<Content>({ starts_with: "car-configurator/models/", content_type: "model-line", excluding_fields: "accessories" }, { country }),
  ]);
}
async function offerCatalog(country: Country, slug: string, story: AnyStory, identity: SiteIdentity, reads: OfferReads): Promise<JsonLdNode | null> {
  const listing = findBlok(story.content.body, "offers-listing");
  const settings = (listing ?? {}) as OffersListingSettings;
  const [models, lines] = await reads;
  const lineNames: Record<string, string> = {};
  for (const line of lines) lineNames[text(line.content.slug) || line.slug] = text(line.content.name);
  return offerCatalogFromCatalogue({
    siteUrl: siteUrl(),
    url: absoluteUrl(siteUrl(), `/${country}/${slug}`),
    country,
    brand: identity.brand || identity.name,
    name: text(story.content.title) || text(story.content.meta_title) || story.name,
    models: models.map((m) => ({ uuid: m.uuid, full_slug: m.full_slug, content: m.content as CatalogueModel })),
    lineNames,
    settings,
    priceValidUntil: isoDate(settings.offers_valid_until) ?? isoDate(story.content.offers_valid_until),
    seller: identity.organization,
  });
}

/**
 * The structured data of a content page (everything but the Organization, which the layout
 * adds): BreadcrumbList on nested pages, NewsArticle on news detail, Car on
 * models/{type}/{model}, OfferCatalog on offers. Never throws.
 *
 * The reads that depend on the path alone (ancestors, the catalogue, the header for the brand)
 * start at once, alongside the story's own read: pass the story's promise, and the page costs
 * one content round trip, not three.
 */
export async function pageStructuredData(
  country: Country,
  slug: string,
  storyOrPromise: AnyStory | null | Promise<AnyStory | null>,
): Promise<JsonLdNode[]> {
  const clean = slug.replace(/^\/+|\/+$/g, "");
  const mayBeModel = MODEL_PAGE.test(clean);
  const isOffers = clean === "offers";
  const ancestors = readAncestors(country, clean);
  const catalogue = mayBeModel ? readModelCatalogue(country, clean) : null;
  const offers = isOffers ? readOfferCatalogue(country) : null;
  const header = getStory<Content>("global/header", { country });
  const getIdentity = () => header.then((h) => siteIdentity(siteUrl(), country, h?.content));

  const story = await storyOrPromise;
  if (!story) return [];
  const isNews = story.content.component === "news-detail";
  const isModel = mayBeModel && story.content.component === "page";
  const parts = await Promise.all([
    safely("BreadcrumbList", () => breadcrumbs(country, clean, story, ancestors)),
    isNews ? safely("NewsArticle", async () => newsArticle(country, clean, story, await getIdentity())) : [],
    isModel ? safely("Car", async () => modelCar(country, clean, await getIdentity(), catalogue)) : [],
    offers ? safely("OfferCatalog", async () => offerCatalog(country, clean, story, await getIdentity(), offers)) : [],
  ]);
  return parts.flat();
}

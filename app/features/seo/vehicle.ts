/**
 * Vehicle structured data derived from the catalogue content (issue 4): the Car of a model page
 * (/{country}/models/{type}/{model}) from its `model-line` and that line's `model-au|nz`
 * stories, and the OfferCatalog of the offers page from the country's models. Nothing here is a
 * list of vehicles: every name, option and price comes from the stories passed in.
 *
 * Prices use the pricing module with the site's default buyer: AU state VIC and ABN buyer
 * (spec site.md section 9: "Defaults: state VIC, ABN flag true"); NZ uses driveaway_price.
 * Pure: no Remix, no I/O.
 */
import type { Country } from "~/content/schema";
import { refUuid, refUuids } from "~/content/catalogue-model";
import { localeAllows } from "~/content/locale";
import {
  DEFAULT_AU_STATE,
  DEFAULT_IS_ABN,
  driveawayPrice,
  type BuyerContext,
  type PricedModel,
} from "~/features/pricing";
import { COUNTRY_INFO, absoluteUrl } from "./alternates";
import { assetUrl } from "./meta";
import {
  aggregateOfferJsonLd,
  carJsonLd,
  offerCatalogJsonLd,
  type CatalogOfferInput,
  type JsonLdNode,
  type OrganizationRef,
} from "./json-ld";
import { compareText } from "~/lib/collate";
import { storySlug } from "~/content/site-path";

/** The buyer whose prices structured data shows: AU VIC + ABN, NZ national. */
export function defaultBuyerContext(country: Country): BuyerContext {
  return country === "au" ? { country, auState: DEFAULT_AU_STATE, isABN: DEFAULT_IS_ABN } : { country, isABN: false };
}

interface OptionLike {
  name?: unknown;
  engine_type?: unknown;
  modelCodes?: unknown;
}

/** The fields of a `model-au` / `model-nz` this module reads. */
export interface CatalogueModel extends PricedModel {
  component?: string;
  name?: unknown;
  short_name?: unknown;
  variant_name?: unknown;
  code?: unknown;
  clearance?: unknown;
  image?: unknown;
  description?: unknown;
  locale?: unknown;
  engines?: unknown;
  transmissions?: unknown;
  drivetrains?: unknown;
  model_line?: unknown;
  modelConfigUrl?: unknown;
  seating_capacity?: unknown;
}

/** The fields of a `model-line` this module reads. */
export interface CatalogueLine {
  name?: unknown;
  slug?: unknown;
  vehicle_category?: unknown;
  vehicle_type?: unknown;
  body_type?: unknown;
  image?: unknown;
  description?: unknown;
  seating_capacity?: unknown;
  model_year?: unknown;
}

/** A catalogue story as far as this module is concerned. */
export interface CatalogueStory<C> {
  uuid: string;
  full_slug: string;
  content: C;
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

function options(value: unknown): OptionLike[] {
  return Array.isArray(value) ? (value.filter((v) => v && typeof v === "object") as OptionLike[]) : [];
}

/** The options of a list that apply to the model: `modelCodes` empty or naming the model's code. */
export function optionsFor(model: CatalogueModel, list: unknown): OptionLike[] {
  const code = text(model.code);
  return options(list).filter((option) => {
    const codes = text(option.modelCodes)
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    return codes.length === 0 || !code || codes.includes(code);
  });
}

/** An engine_type ("petrol", "diesel", "hybrid", "electric") as a fuel type ("Petrol"). */
export function fuelTypeOf(engineType: string): string {
  const value = engineType.trim();
  return value ? value.charAt(0).toUpperCase() + value.slice(1).toLowerCase() : "";
}

/**
 * A drivetrain option name as schema.org's DriveWheelConfigurationValue when the name says
 * which (AWD, 4x4/4WD, FWD, RWD), else the name itself (valid Text for the property).
 */
export function driveWheelConfigurationOf(name: string): string {
  const value = name.trim();
  if (/\b(awd|all[- ]wheel)\b/i.test(value)) return "https://schema.org/AllWheelDriveConfiguration";
  if (/\b(4x4|4wd|four[- ]wheel)\b/i.test(value)) return "https://schema.org/FourWheelDriveConfiguration";
  if (/\b(fwd|front[- ]wheel)\b/i.test(value)) return "https://schema.org/FrontWheelDriveConfiguration";
  if (/\b(rwd|rear[- ]wheel)\b/i.test(value)) return "https://schema.org/RearWheelDriveConfiguration";
  return value;
}

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function distinct(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

/** The model's amount for the default buyer, or null without a valid price. */
export function modelPrice(model: CatalogueModel, country: Country): number | null {
  return driveawayPrice(model, defaultBuyerContext(country)).amount;
}

/** The model-line slug of a model story: from its full_slug car-configurator/models/<line>/<country>/<model>. */
export function lineSlugOf(story: CatalogueStory<CatalogueModel>): string {
  const match = /^car-configurator\/models\/([^/]+)\//.exec(storySlug(story));
  if (match) return match[1];
  const line = story.content.model_line;
  if (line && typeof line === "object" && "content" in line) return text((line as { content?: { slug?: unknown } }).content?.slug);
  return "";
}

function lineNameOf(story: CatalogueStory<CatalogueModel>): string {
  const line = story.content.model_line;
  if (line && typeof line === "object" && "content" in line) return text((line as { content?: { name?: unknown } }).content?.name);
  return "";
}

/** The models of a country: component model-{country} and a locale that allows the country. */
export function modelsForCountry<T extends CatalogueStory<CatalogueModel>>(models: readonly T[], country: Country): T[] {
  return models.filter((m) => {
    return m.content.component === `model-${country}` && localeAllows(m.content.locale, country);
  });
}

export interface CarFromCatalogueInput {
  siteUrl: string;
  /** Absolute URL of the model page. */
  url: string;
  country: Country;
  brand: string;
  line: CatalogueLine;
  /** The line's model stories (any country; filtered here). */
  models: readonly CatalogueStory<CatalogueModel>[];
  manufacturer?: OrganizationRef;
}

/** The Car of a model page with an AggregateOffer over the country's models with a valid price. */
export function carFromCatalogue(input: CarFromCatalogueInput): JsonLdNode {
  const { line, country } = input;
  const models = modelsForCountry(input.models, country).map((story) => story.content);
  const priced = models
    .map((model, index) => ({ model, index, amount: modelPrice(model, country) }))
    .sort((a, b) => (a.amount ?? Infinity) - (b.amount ?? Infinity) || a.index - b.index);
  const ordered = priced.map((p) => p.model);
  const lineName = text(line.name);
  const image = assetUrl(line.image) || ordered.map((m) => assetUrl(m.image)).find(Boolean) || "";
  const seating = positiveInt(line.seating_capacity) ?? ordered.map((m) => positiveInt(m.seating_capacity)).find((n) => n !== undefined);

  const offers = aggregateOfferJsonLd({
    prices: priced.map((p) => p.amount).filter((a): a is number => a !== null),
    currency: COUNTRY_INFO[country].currency,
    url: input.url,
  });

  return carJsonLd({
    url: input.url,
    name: [input.brand, lineName].filter(Boolean).join(" "),
    brand: input.brand,
    model: lineName,
    description: text(line.description),
    image: image ? absoluteUrl(input.siteUrl, image) : undefined,
    vehicleConfiguration: distinct(ordered.map((m) => text(m.short_name) || text(m.variant_name) || text(m.name))),
    fuelType: distinct(ordered.flatMap((m) => optionsFor(m, m.engines).map((e) => fuelTypeOf(text(e.engine_type))))),
    bodyType: text(line.body_type) || text(line.vehicle_type) || text(line.vehicle_category),
    seatingCapacity: seating,
    driveWheelConfiguration: distinct(ordered.flatMap((m) => optionsFor(m, m.drivetrains).map((d) => driveWheelConfigurationOf(text(d.name))))),
    vehicleTransmission: distinct(ordered.flatMap((m) => optionsFor(m, m.transmissions).map((t) => text(t.name)))),
    modelDate: text(line.model_year) || undefined,
    offers,
    manufacturer: input.manufacturer,
  });
}

// ---------------------------------------------------------------------------------------------
// Offers

/** The `offers-listing` block settings that choose the models (spec site.md "Offers listing"). */
export interface OffersListingSettings {
  show_all_models?: unknown;
  model_lines?: unknown;
  models?: unknown;
  offers_valid_until?: unknown;
}

/**
 * The models an offers listing shows: the block's `models` when set, else the models of its
 * `model_lines` when set, else every model of the country; then, without `show_all_models`,
 * only models with `clearance: true`.
 */
export function selectOfferModels<T extends CatalogueStory<CatalogueModel>>(
  models: readonly T[],
  country: Country,
  settings: OffersListingSettings | null | undefined,
): T[] {
  let selected = modelsForCountry(models, country);
  const modelRefs = refUuids(settings?.models);
  const lineRefs = refUuids(settings?.model_lines);
  if (modelRefs.length) selected = selected.filter((m) => modelRefs.includes(m.uuid));
  else if (lineRefs.length) selected = selected.filter((m) => lineRefs.includes(refUuid(m.content.model_line)));
  if (settings?.show_all_models !== true) selected = selected.filter((m) => m.content.clearance === true);
  return selected;
}

/** A content date ("2026-12-31", "2026-12-31 00:00", ISO) as an ISO date, or null. */
export function isoDate(value: unknown): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text(value));
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0] ? null : match[0];
}

export interface OfferCatalogFromCatalogueInput {
  siteUrl: string;
  url: string;
  country: Country;
  brand: string;
  /** Catalog name (the offers page title). */
  name: string;
  models: readonly CatalogueStory<CatalogueModel>[];
  /** Line names by model-line slug, for models whose model_line did not arrive resolved. */
  lineNames?: Readonly<Record<string, string>>;
  settings: OffersListingSettings | null | undefined;
  /** From the offer content: the block's or the page's `offers_valid_until`. */
  priceValidUntil?: string | null;
  seller?: OrganizationRef;
}

/** The OfferCatalog of the current offers: one Offer per selected model with a valid price, A to Z. */
export function offerCatalogFromCatalogue(input: OfferCatalogFromCatalogueInput): JsonLdNode {
  const { country } = input;
  const offers: CatalogOfferInput[] = [];
  for (const story of selectOfferModels(input.models, country, input.settings)) {
    const model = story.content;
    const price = modelPrice(model, country);
    if (price === null) continue;
    const lineSlug = lineSlugOf(story);
    const lineName = lineNameOf(story) || input.lineNames?.[lineSlug] || "";
    const shortName = text(model.short_name);
    const modelName = text(model.name) || [lineName, shortName].filter(Boolean).join(" ");
    const configUrl =
      text(model.modelConfigUrl) ||
      (lineSlug ? `/${country}/config/${lineSlug}${shortName ? `?model=${encodeURIComponent(shortName)}` : ""}` : "");
    const image = assetUrl(model.image);
    offers.push({
      name: [input.brand, modelName].filter(Boolean).join(" "),
      price,
      url: configUrl ? absoluteUrl(input.siteUrl, configUrl) : input.url,
      image: image ? absoluteUrl(input.siteUrl, image) : undefined,
      model: lineName || undefined,
      vehicleConfiguration: shortName || text(model.variant_name) || undefined,
      description: text(model.variant_name) || undefined,
    });
  }
  offers.sort((a, b) => compareText(a.name, b.name));
  return offerCatalogJsonLd({
    name: input.name,
    url: input.url,
    brand: input.brand,
    currency: COUNTRY_INFO[country].currency,
    priceValidUntil: input.priceValidUntil ?? null,
    offers,
    seller: input.seller,
  });
}

import { readAccessory, readColour, readModel, readModelLine, readPriceDisclaimer, resolvedStory, textsOf, MODEL_PRICE_FIELDS, MODEL_STANDARD_OFFER_FIELDS } from "~/content/catalogue-model";
import type { Asset, Country, Story } from "~/content/schema";
import { deepFreeze } from "~/content/cache.server";
import { getStories } from "~/content/stories.server";
import { countryPath } from "~/content/links";
import type { BuyerContext } from "~/features/pricing/types";
import { resolveVehiclePrice } from "~/features/pricing/vehicle-price";
import { sortVehicleModels } from "./logic";
import type { ImageRef, PriceDisclaimerText, VehicleAccessory, VehicleColour, VehicleLine, VehicleModel } from "./types";
import { isRecord } from "~/lib/object";
import { isInFolder, sitePath } from "~/content/site-path";

/**
 * Vehicle data for the vehicle blocks: a model line with its models for a country, relations
 * resolved (price_disclaimers, driveaway_state_prices, colours, model_line), cut down to what the
 * blocks show and sorted by ascending driveaway price for the visitor's buyer context.
 * The content cache keeps vehicle data 300 s (spec: vehicle data cache 300000 ms).
 */

/** Vehicle data cache (spec site.md §9). */
export const VEHICLE_CACHE_MS = 300_000;

/** The brand, for the finance quote's asset details. */
export const MAKE = "Kestrel";

type Rec = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

function image(v: Asset | null | undefined): ImageRef | null {
  const filename = v?.filename ?? "";
  return filename ? { filename, alt: v?.alt ?? "" } : null;
}

/** A colour reference resolved to its story, read with the colour schema; null while it is still a UUID. */
function colourOf(v: unknown): VehicleColour | null {
  const story = resolvedStory(v);
  if (!story) return null;
  const c = readColour(story);
  return {
    uuid: str(story.uuid),
    name: c.name ?? "",
    hex: c.hex ?? "",
    price: str(c.price),
    images: (c.images ?? []).map(image).filter((i): i is ImageRef => i !== null),
    swatch: image(c.swatch),
  };
}

function disclaimerOf(v: unknown): PriceDisclaimerText | null {
  const story = resolvedStory(v);
  if (!story) return null;
  const c = readPriceDisclaimer(story);
  const text = typeof c.text === "string" ? c.text : "";
  return text ? { uuid: str(story.uuid), title: c.title ?? "", text } : null;
}

function listOf<T>(v: readonly unknown[] | undefined, map: (item: unknown) => T | null): T[] {
  return (v ?? []).map(map).filter((x): x is T => x !== null);
}

interface LineStory {
  uuid: string;
  slug: string;
  content: Rec;
}

/** A model story's content as the blocks need it (read once with its schema: app/content/catalogue-model.ts). */
export function toVehicleModel(story: { uuid: string; slug: string; content: Rec }, line: { name: string; slug: string }, country: Country): VehicleModel {
  const c = readModel(story);
  const shortName = c.short_name ?? "";
  const configQuery = shortName ? `?${new URLSearchParams({ model: shortName }).toString()}` : "";
  return {
    uuid: story.uuid,
    slug: story.slug,
    name: c.name ?? "",
    shortName,
    variantName: c.variant_name ?? "",
    code: c.code ?? "",
    clearance: c.clearance === true,
    image: image(c.image),
    description: c.description ?? "",
    disclaimer: c.disclaimer ?? "",
    featureList: (c.feature_list ?? "")
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean),
    features: (c.features ?? []).filter((f) => f.name).map((f) => ({ name: f.name ?? "", icon: image(f.icon) })),
    colours: listOf(c.colours, colourOf),
    priceDisclaimers: listOf(c.price_disclaimers, disclaimerOf),
    pricing: textsOf(c, [...MODEL_PRICE_FIELDS, ...MODEL_STANDARD_OFFER_FIELDS]),
    // The pricing feature resolves the reference (it also takes inline vehicle-price content).
    vehiclePrice: resolveVehiclePrice(story.content.driveaway_state_prices) ?? null,
    cleanCarProgramme: str(c.clean_car_programme),
    quoteVehicle: {
      nvicCode: str(c.nvicCode),
      make: MAKE,
      model: line.name,
      variant: shortName || (c.name ?? ""),
      subModel: c.variant_name ?? "",
    },
    configPath: `${countryPath(country, `config/${line.slug}`)}${configQuery}`,
  };
}

function toAccessory(story: { uuid: string; content: Rec }): VehicleAccessory {
  const c = readAccessory(story);
  const categories = Array.isArray(c.categories) ? c.categories.filter(Boolean) : str(c.categories).split(",").map((s) => s.trim()).filter(Boolean);
  return {
    uuid: story.uuid,
    name: c.name ?? "",
    description: c.description ?? "",
    price: str(c.price),
    code: c.code ?? "",
    image: image(c.image),
    categories,
  };
}

// ---------------------------------------------------------------------------------------------
// Loading
//
// One catalogue read per country: every model line and every model of the country, side by side
// (two requests in one round trip, shared by every vehicle block of the page through the content
// cache's coalescing), and the accessories only for the blocks that show them, alongside. The
// content cache (app/content/cache.server.ts) keeps vehicle data for 300000 ms and is cleared by
// the publish webhook, so this module keeps no cache of its own.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ModelStory {
  uuid: string;
  slug: string;
  full_slug: string;
  content: Rec;
}

export interface CountryCatalogue {
  lines: LineStory[];
  /** The country's model stories (model-au or model-nz), relations resolved, in content order. */
  models: ModelStory[];
}

const MODELS_FOLDER = "car-configurator/models/";
const ACCESSORIES_FOLDER = "car-configurator/accessories/";

/** The reference fields of a model the vehicle blocks show, resolved from the folders read alongside. */
const MODEL_REFERENCE_FIELDS = ["colours", "price_disclaimers", "driveaway_state_prices", "model_line"] as const;

/**
 * Every model line and the country's models, with their colours, price disclaimers and state
 * prices, read side by side in one round trip. The references are resolved here from the folders
 * rather than with resolve_relations: a country's models hold more than 50 relations, above which
 * the API answers rel_uuids and the client fetches them afterwards (a second, sequential round trip,
 * and one that storyblok-js-client filters with the list's own starts_with).
 */
export async function loadCountryCatalogue(country: Country): Promise<CountryCatalogue> {
  const opts = { country };
  const [lines, models, colours, disclaimers, prices] = await Promise.all([
    getStories<Rec>({ starts_with: MODELS_FOLDER, content_type: "model-line", sort_by: "position:asc" }, opts),
    getStories<Rec>({ starts_with: MODELS_FOLDER, content_type: country === "au" ? "model-au" : "model-nz", sort_by: "position:asc" }, opts),
    getStories<Rec>({ starts_with: "car-configurator/colours/", content_type: "colour" }, opts),
    getStories<Rec>({ starts_with: "price-disclaimers/", content_type: "price-disclaimer" }, opts),
    getStories<Rec>({ starts_with: "vehicle-prices/", content_type: "vehicle-price" }, opts),
  ]);
  return catalogueOf(lines, models, colours, disclaimers, prices);
}

/**
 * The catalogue built from the content cache's lists (frozen, new arrays per content version) is
 * kept with them and shared, frozen: built once per content version, not per request. Lists that
 * are not frozen (drafts) build a catalogue each time.
 */
const catalogues = new WeakMap<readonly Story<Rec>[], { inputs: readonly (readonly Story<Rec>[])[]; catalogue: CountryCatalogue }>();

export function catalogueOf(lines: readonly Story<Rec>[], models: readonly Story<Rec>[], colours: readonly Story<Rec>[], disclaimers: readonly Story<Rec>[], prices: readonly Story<Rec>[]): CountryCatalogue {
  const inputs = [lines, models, colours, disclaimers, prices];
  if (!inputs.every((list) => Object.isFrozen(list))) return buildCatalogue(lines, models, colours, disclaimers, prices);
  const kept = catalogues.get(models);
  if (kept && kept.inputs.every((list, i) => list === inputs[i])) return kept.catalogue;
  const catalogue = deepFreeze(buildCatalogue(lines, models, colours, disclaimers, prices));
  catalogues.set(models, { inputs, catalogue });
  return catalogue;
}

function buildCatalogue(lines: readonly Story<Rec>[], models: readonly Story<Rec>[], colours: readonly Story<Rec>[], disclaimers: readonly Story<Rec>[], prices: readonly Story<Rec>[]): CountryCatalogue {
  const byUuid = new Map<string, unknown>([...lines, ...colours, ...disclaimers, ...prices].map((story) => [story.uuid, story]));
  const resolve = (value: unknown): unknown => {
    if (typeof value === "string") return byUuid.get(value) ?? value;
    return Array.isArray(value) ? value.map((v) => (typeof v === "string" ? (byUuid.get(v) ?? v) : v)) : value;
  };
  return {
    lines: lines.map((l) => ({ uuid: l.uuid, slug: l.slug, content: l.content })),
    models: models.map((m) => {
      const content: Rec = { ...m.content };
      for (const field of MODEL_REFERENCE_FIELDS) if (field in content) content[field] = resolve(content[field]);
      return { uuid: m.uuid, slug: m.slug, full_slug: m.full_slug, content };
    }),
  };
}

/**
 * The model-line story for a block's `model_line` field: a slug ("tarrak"), a UUID (a reference
 * field) or a resolved story. Null when unknown.
 */
function findLine(ref: unknown, lines: readonly LineStory[]): LineStory | null {
  const key = isRecord(ref) ? str(ref.uuid) : str(ref).trim();
  if (!key) return null;
  if (UUID.test(key)) return lines.find((l) => l.uuid === key) ?? null;
  const slug = key.toLowerCase();
  return lines.find((l) => l.slug === slug || readModelLine(l).slug === slug) ?? null;
}

function lineSlugOf(story: LineStory): string {
  return readModelLine(story).slug || story.slug;
}

function buildLine(story: LineStory, catalogue: CountryCatalogue, country: Country): VehicleLine {
  const c = readModelLine(story);
  const slug = lineSlugOf(story);
  const name = c.name ?? "";
  const category = (c.vehicle_category ?? "").toLowerCase();
  const folder = `${MODELS_FOLDER}${story.slug}/${country}/`;
  return {
    uuid: story.uuid,
    name,
    slug,
    vehicleCategory: c.vehicle_category ?? "",
    image: image(c.image),
    brochure: image(c.brochure)?.filename ?? null,
    modelPagePath: sitePath(country, c.default_full_slug || `models/${category}/${slug}`),
    configPath: countryPath(country, `config/${slug}`),
    models: catalogue.models
      .filter((m) => isInFolder(m.full_slug, folder))
      .map((m) => toVehicleModel({ uuid: m.uuid, slug: m.slug, content: m.content }, { name, slug }, country)),
  };
}

/**
 * A model line with its models for the country, sorted by ascending driveaway price for the
 * buyer (the visitor's state and buyer type from the cookies). Null when the line is unknown.
 */
export async function loadVehicleLine(ref: unknown, country: Country, buyer: BuyerContext): Promise<VehicleLine | null> {
  const catalogue = await loadCountryCatalogue(country);
  const story = findLine(ref, catalogue.lines);
  if (!story) return null;
  const line = buildLine(story, catalogue, country);
  return { ...line, models: sortVehicleModels(line.models, buyer) };
}

/** The accessories of a model line (folder car-configurator/accessories/{line}), in content order. */
export async function loadLineAccessories(ref: unknown, country: Country): Promise<{ line: Omit<VehicleLine, "models">; accessories: VehicleAccessory[] } | null> {
  const [catalogue, stories] = await Promise.all([
    loadCountryCatalogue(country),
    getStories<Rec>({ starts_with: ACCESSORIES_FOLDER, content_type: "accessory", sort_by: "position:asc" }, { country }),
  ]);
  const story = findLine(ref, catalogue.lines);
  if (!story) return null;
  const { models: _models, ...line } = buildLine(story, catalogue, country);
  const folder = `${ACCESSORIES_FOLDER}${line.slug}/`;
  const accessories = stories.filter((s) => isInFolder(s.full_slug, folder)).map((s) => toAccessory({ uuid: s.uuid, content: s.content }));
  return { line, accessories };
}

/** Every model line, as story references (for blocks that span lines: compare grid, model cards, offers). */
export async function loadAllLineRefs(country: Country): Promise<LineStory[]> {
  return (await loadCountryCatalogue(country)).lines;
}

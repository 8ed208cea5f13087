import { MODEL_RELATIONS } from "~/content/relations";
import type { Country } from "~/content/schema";
import { contentVersion, getStories } from "~/content/stories.server";
import { countryPath } from "~/content/links";
import type { BuyerContext } from "~/features/pricing/types";
import { resolveVehiclePrice } from "~/features/pricing/vehicle-price";
import { sortVehicleModels } from "./logic";
import type { ImageRef, PriceDisclaimerText, VehicleAccessory, VehicleColour, VehicleLine, VehicleModel } from "./types";

/**
 * Vehicle data for the vehicle blocks: a model line with its models for a country, relations
 * resolved (price_disclaimers, driveaway_state_prices, colours, model_line), cut down to what the
 * blocks show and sorted by ascending driveaway price for the visitor's buyer context.
 * Published content is cached in-process for 300 s (spec: vehicle data cache 300000 ms).
 */

/** Vehicle data cache (spec site.md §9). */
export const VEHICLE_CACHE_MS = 300_000;

/** Relations resolved on models for the vehicle blocks. */
export const VEHICLE_RELATIONS = [...MODEL_RELATIONS, "model-au.colours", "model-nz.colours"] as const;

/** The brand, for the finance quote's asset details. */
export const MAKE = "Kestrel";

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

function image(v: unknown): ImageRef | null {
  if (!isRec(v)) return null;
  const filename = str(v.filename);
  return filename ? { filename, alt: str(v.alt) } : null;
}

/** The content of a resolved relation (a story object); null while it is still a UUID. */
function content(v: unknown): Rec | null {
  return isRec(v) && isRec(v.content) ? v.content : null;
}

function colourOf(v: unknown): VehicleColour | null {
  const c = content(v);
  if (!c || !isRec(v)) return null;
  return {
    uuid: str(v.uuid),
    name: str(c.name),
    hex: str(c.hex),
    price: str(c.price),
    images: (Array.isArray(c.images) ? c.images : []).map(image).filter((i): i is ImageRef => i !== null),
    swatch: image(c.swatch),
  };
}

function disclaimerOf(v: unknown): PriceDisclaimerText | null {
  const c = content(v);
  if (!c || !isRec(v)) return null;
  const text = typeof c.text === "string" ? c.text : "";
  return text ? { uuid: str(v.uuid), title: str(c.title), text } : null;
}

function listOf<T>(v: unknown, map: (item: unknown) => T | null): T[] {
  return (Array.isArray(v) ? v : []).map(map).filter((x): x is T => x !== null);
}

interface LineStory {
  uuid: string;
  slug: string;
  content: Rec;
}

/** A model story's content as the blocks need it. */
export function toVehicleModel(story: { uuid: string; slug: string; content: Rec }, line: { name: string; slug: string }, country: Country): VehicleModel {
  const c = story.content;
  const shortName = str(c.short_name);
  const configQuery = shortName ? `?${new URLSearchParams({ model: shortName }).toString()}` : "";
  return {
    uuid: story.uuid,
    slug: story.slug,
    name: str(c.name),
    shortName,
    variantName: str(c.variant_name),
    code: str(c.code),
    clearance: c.clearance === true,
    image: image(c.image),
    description: str(c.description),
    disclaimer: str(c.disclaimer),
    featureList: str(c.feature_list)
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean),
    features: listOf(c.features, (f) => (isRec(f) && str(f.name) ? { name: str(f.name), icon: image(f.icon) } : null)),
    colours: listOf(c.colours, colourOf),
    priceDisclaimers: listOf(c.price_disclaimers, disclaimerOf),
    pricing: {
      driveaway_price: str(c.driveaway_price),
      driveaway_abn_price: str(c.driveaway_abn_price),
      driveaway_retail_price: str(c.driveaway_retail_price),
      driveaway_price_type: str(c.driveaway_price_type),
      offer_text: str(c.offer_text),
      offer_text_abn: str(c.offer_text_abn),
      offer_text_retail: str(c.offer_text_retail),
      standard_offer_text_abn: str(c.standard_offer_text_abn),
      standard_offer_text_retail: str(c.standard_offer_text_retail),
    },
    vehiclePrice: resolveVehiclePrice(c.driveaway_state_prices) ?? null,
    cleanCarProgramme: str(c.clean_car_programme),
    quoteVehicle: {
      nvicCode: str(c.nvicCode),
      make: MAKE,
      model: line.name,
      variant: shortName || str(c.name),
      subModel: str(c.variant_name),
    },
    configPath: `${countryPath(country, `config/${line.slug}`)}${configQuery}`,
  };
}

function toAccessory(story: { uuid: string; content: Rec }): VehicleAccessory {
  const c = story.content;
  const categories = Array.isArray(c.categories) ? c.categories.map(str).filter(Boolean) : str(c.categories).split(",").map((s) => s.trim()).filter(Boolean);
  return {
    uuid: story.uuid,
    name: str(c.name),
    description: str(c.description),
    price: str(c.price),
    code: str(c.code),
    image: image(c.image),
    categories,
  };
}

// ---------------------------------------------------------------------------------------------
// Cache

const cache = new Map<string, { at: number; value: Promise<unknown> }>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (contentVersion() === "draft") return load();
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < VEHICLE_CACHE_MS) return hit.value as Promise<T>;
  const value = load().catch((error: unknown) => {
    cache.delete(key);
    throw error;
  });
  cache.set(key, { at: Date.now(), value });
  return value;
}

/** Empties the vehicle data cache (tests, publish webhook). */
export function clearVehicleCache(): void {
  cache.clear();
}

// ---------------------------------------------------------------------------------------------
// Loading

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The model-line story for a block's `model_line` field: a slug ("tarrak"), a UUID (a reference
 * field) or a resolved story. Null when unknown.
 */
async function findLine(ref: unknown, country: Country): Promise<LineStory | null> {
  let params: Record<string, string>;
  if (isRec(ref) && typeof ref.uuid === "string") params = { by_uuids: ref.uuid };
  else if (typeof ref === "string" && UUID.test(ref.trim())) params = { by_uuids: ref.trim() };
  else if (typeof ref === "string" && /^[a-z0-9-]+$/i.test(ref.trim())) params = { by_slugs: `car-configurator/models/${ref.trim().toLowerCase()}` };
  else return null;
  const [story] = await getStories<Rec>({ ...params, content_type: "model-line" }, { country });
  return story ? { uuid: story.uuid, slug: story.slug, content: story.content } : null;
}

async function loadLineUnsorted(ref: unknown, country: Country): Promise<VehicleLine | null> {
  const key = `line|${country}|${isRec(ref) ? str(ref.uuid) : str(ref)}`;
  return cached(key, async () => {
    const story = await findLine(ref, country);
    if (!story) return null;
    const c = story.content;
    const slug = str(c.slug) || story.slug;
    const name = str(c.name);
    const models = await getStories<Rec>(
      { starts_with: `car-configurator/models/${story.slug}/${country}/`, sort_by: "position:asc" },
      { country, resolveRelations: VEHICLE_RELATIONS },
    );
    const category = str(c.vehicle_category).toLowerCase();
    const brochure = image(c.brochure)?.filename ?? null;
    return {
      uuid: story.uuid,
      name,
      slug,
      vehicleCategory: str(c.vehicle_category),
      image: image(c.image),
      brochure,
      modelPagePath: countryPath(country, str(c.default_full_slug) || `models/${category}/${slug}`),
      configPath: countryPath(country, `config/${slug}`),
      models: models
        .filter((m) => m.content.component === (country === "au" ? "model-au" : "model-nz"))
        .map((m) => toVehicleModel({ uuid: m.uuid, slug: m.slug, content: m.content }, { name, slug }, country)),
    };
  });
}

/**
 * A model line with its models for the country, sorted by ascending driveaway price for the
 * buyer (the visitor's state and buyer type from the cookies). Null when the line is unknown.
 */
export async function loadVehicleLine(ref: unknown, country: Country, buyer: BuyerContext): Promise<VehicleLine | null> {
  const line = await loadLineUnsorted(ref, country);
  return line ? { ...line, models: sortVehicleModels(line.models, buyer) } : null;
}

/** The accessories of a model line (folder car-configurator/accessories/{line}), in content order. */
export async function loadLineAccessories(ref: unknown, country: Country): Promise<{ line: Omit<VehicleLine, "models">; accessories: VehicleAccessory[] } | null> {
  const line = await loadLineUnsorted(ref, country);
  if (!line) return null;
  const accessories = await cached(`accessories|${country}|${line.slug}`, async () => {
    const stories = await getStories<Rec>({ starts_with: `car-configurator/accessories/${line.slug}/`, sort_by: "position:asc" }, { country });
    return stories.filter((s) => s.content.component === "accessory").map((s) => toAccessory({ uuid: s.uuid, content: s.content }));
  });
  const { models: _models, ...rest } = line;
  return { line: rest, accessories };
}

/** Every model line (for blocks that span lines: compare grid, model cards). */
export async function loadAllLineRefs(country: Country): Promise<string[]> {
  return cached(`lines|${country}`, async () => {
    const lines = await getStories<Rec>({ starts_with: "car-configurator/models/", content_type: "model-line", sort_by: "position:asc" }, { country });
    return lines.map((l) => l.slug);
  });
}

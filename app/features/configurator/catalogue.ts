/**
 * Normalises the configurator's content stories (model line, models, colours, trims,
 * accessories, price disclaimers, vehicle prices) into a Catalogue. Pure and forgiving: a missing
 * or malformed optional field becomes empty, never an error (content written before a field
 * existed must still render).
 */
import { resolveVehiclePrice } from "~/features/pricing/vehicle-price";
import type { VehiclePriceInput } from "~/features/pricing/types";
import { slugify } from "./build";
import {
  OPTION_FIELDS,
  OPTION_KINDS,
  type Catalogue,
  type ConfigAccessory,
  type ConfigColour,
  type ConfigDisclaimer,
  type ConfigImage,
  type ConfigModel,
  type ConfigOption,
  type ConfigTrim,
  type ConfiguratorCountry,
  type OptionKind,
} from "./types";
import { isRecord } from "~/lib/object";

type Rec = Record<string, unknown>;

/** A story as the content API returns it (only what is read here). */
export interface StoryInput {
  uuid?: unknown;
  slug?: unknown;
  full_slug?: unknown;
  name?: unknown;
  content?: unknown;
}

function str(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

function image(value: unknown, fallbackAlt = ""): ConfigImage | null {
  if (!isRecord(value)) return null;
  const filename = str(value.filename).trim();
  if (!filename) return null;
  return { filename, alt: str(value.alt) || fallbackAlt };
}

function images(value: unknown, fallbackAlt: string): ConfigImage[] {
  return Array.isArray(value) ? value.map((v) => image(v, fallbackAlt)).filter((v): v is ConfigImage => v !== null) : [];
}

/** A reference as it arrives: a uuid, or a resolved story. */
export function refUuid(value: unknown): string {
  if (typeof value === "string") return value;
  if (isRecord(value)) return str(value.uuid);
  return "";
}

function refList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(refUuid).filter(Boolean) : [];
}

/** modelCodes: "A,B" in content; a list is tolerated. */
export function parseModelCodes(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(str) : str(value).split(/[,\n]/);
  return parts.map((p) => p.trim()).filter(Boolean);
}

function contentOf(story: StoryInput | undefined | null): Rec {
  return story && isRecord(story.content) ? story.content : {};
}

function option(value: unknown): ConfigOption | null {
  if (!isRecord(value)) return null;
  const name = str(value.name).trim();
  if (!name) return null;
  return {
    id: slugify(name),
    name,
    info: str(value.info),
    price: str(value.price),
    image: image(value.image, name),
    componentType: str(value.component_type) || str(value.componentType),
    includedInDriveawayPrice: value.included_in_driveaway_price === true,
    modelCodes: parseModelCodes(value.modelCodes),
    cleanCarProgramme: str(value.clean_car_programme),
  };
}

export function normaliseColour(story: StoryInput): ConfigColour | null {
  const c = contentOf(story);
  const name = str(c.name).trim() || str(story.name).trim();
  const uuid = str(story.uuid);
  if (!uuid || !name) return null;
  return { uuid, id: slugify(name), name, hex: str(c.hex), price: str(c.price), images: images(c.images, name) };
}

export function normaliseTrim(story: StoryInput): ConfigTrim | null {
  const c = contentOf(story);
  const name = str(c.name).trim() || str(story.name).trim();
  const uuid = str(story.uuid);
  if (!uuid || !name) return null;
  return {
    uuid,
    id: slugify(name),
    name,
    description: str(c.description),
    price: str(c.price),
    modelColours: refList(c.model_colours),
    images: images(c.images, name),
  };
}

export function normaliseAccessory(story: StoryInput): ConfigAccessory | null {
  const c = contentOf(story);
  const name = str(c.name).trim() || str(story.name).trim();
  const uuid = str(story.uuid);
  if (!uuid || !name) return null;
  return {
    uuid,
    id: str(story.slug) || slugify(name),
    name,
    description: str(c.description),
    price: str(c.price),
    code: str(c.code),
    image: image(c.image, name),
    categories: Array.isArray(c.categories) ? c.categories.map(str).filter(Boolean) : [],
  };
}

export interface CatalogueInput {
  country: ConfiguratorCountry;
  line: StoryInput;
  models: readonly StoryInput[];
  colours: readonly StoryInput[];
  trims: readonly StoryInput[];
  /** Accessory stories (resolved relations and those fetched by uuid). */
  accessories: readonly StoryInput[];
  /** Other stories for resolving references by uuid (price disclaimers, vehicle prices). */
  rels: readonly StoryInput[];
}

/** Builds the catalogue; models of another component than model-{country} are skipped. */
export function normaliseCatalogue(input: CatalogueInput): Catalogue {
  const line = contentOf(input.line);
  const rels = new Map<string, StoryInput>();
  for (const s of [...input.rels, ...input.accessories]) if (typeof s.uuid === "string") rels.set(s.uuid, s);

  const disclaimer = (ref: unknown): ConfigDisclaimer | null => {
    const story = isRecord(ref) && "content" in ref ? (ref as StoryInput) : rels.get(refUuid(ref));
    const text = str(contentOf(story).text);
    return story && text ? { uuid: str(story.uuid), text } : null;
  };
  const vehiclePrice = (ref: unknown): VehiclePriceInput | null =>
    resolveVehiclePrice(ref, [...rels.values()]) ?? null;

  const accessoryMap = new Map<string, ConfigAccessory>();
  const addAccessory = (ref: unknown) => {
    const story = isRecord(ref) && "content" in ref ? (ref as StoryInput) : rels.get(refUuid(ref));
    const acc = story ? normaliseAccessory(story) : null;
    if (acc && !accessoryMap.has(acc.uuid)) accessoryMap.set(acc.uuid, acc);
  };
  input.accessories.forEach(addAccessory);

  const models: ConfigModel[] = [];
  for (const story of input.models) {
    const c = contentOf(story);
    if (c.component !== `model-${input.country}`) continue;
    const name = str(c.name).trim() || str(story.name).trim();
    const options = Object.fromEntries(
      OPTION_KINDS.map((kind) => [
        kind,
        (Array.isArray(c[OPTION_FIELDS[kind]]) ? (c[OPTION_FIELDS[kind]] as unknown[]) : [])
          .map(option)
          .filter((o): o is ConfigOption => o !== null),
      ]),
    ) as Record<OptionKind, ConfigOption[]>;
    const accessoryRefs = Array.isArray(c.accessories) ? c.accessories : [];
    accessoryRefs.forEach(addAccessory);
    models.push({
      uuid: str(story.uuid),
      slug: str(story.slug) || slugify(str(c.short_name) || name),
      name,
      shortName: str(c.short_name) || name,
      variantName: str(c.variant_name),
      code: str(c.code),
      nvicCode: str(c.nvicCode).trim(),
      options,
      colourUuids: refList(c.colours),
      trimUuids: refList(c.trims),
      accessoryUuids: refList(accessoryRefs),
      vehiclePrice: vehiclePrice(c.driveaway_state_prices),
      driveaway_price: str(c.driveaway_price),
      driveaway_abn_price: str(c.driveaway_abn_price),
      driveaway_retail_price: str(c.driveaway_retail_price),
      driveaway_price_type: str(c.driveaway_price_type),
      offer_text: str(c.offer_text),
      offer_text_abn: str(c.offer_text_abn),
      offer_text_retail: str(c.offer_text_retail),
      hideOffersInConfigurator: c.hide_offers_in_configurator === true,
      priceDisclaimers: (Array.isArray(c.price_disclaimers) ? c.price_disclaimers : [])
        .map(disclaimer)
        .filter((d): d is ConfigDisclaimer => d !== null),
      disclaimer: str(c.disclaimer),
      cleanCarProgramme: str(c.clean_car_programme),
      image: image(c.image, name),
      description: str(c.description),
      enableAngleQuote: c.enable_angle_quote === true,
    });
  }

  return {
    country: input.country,
    line: {
      uuid: str(input.line.uuid),
      slug: str(input.line.slug),
      name: str(line.name) || str(input.line.name),
      image: image(line.image, str(line.name)),
    },
    models,
    colours: input.colours.map(normaliseColour).filter((c): c is ConfigColour => c !== null),
    trims: input.trims.map(normaliseTrim).filter((t): t is ConfigTrim => t !== null),
    accessories: [...accessoryMap.values()],
  };
}

/** Uuids a model references that arrived unresolved and are not among the given stories. */
export function unresolvedUuids(models: readonly StoryInput[], known: readonly StoryInput[]): string[] {
  const have = new Set(known.map((s) => str(s.uuid)));
  const out = new Set<string>();
  for (const story of models) {
    const c = contentOf(story);
    for (const field of ["accessories", "price_disclaimers"]) {
      for (const ref of Array.isArray(c[field]) ? (c[field] as unknown[]) : []) {
        if (typeof ref === "string" && ref && !have.has(ref)) out.add(ref);
      }
    }
    const vp = c.driveaway_state_prices;
    if (typeof vp === "string" && vp && !have.has(vp)) out.add(vp);
  }
  return [...out];
}

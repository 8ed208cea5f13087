/**
 * The configurator's view of the catalogue: its content stories (model line, models, colours,
 * trims, accessories, price disclaimers, vehicle prices), read once with their schemas by the
 * catalogue read model (app/content/catalogue-model.ts), become a Catalogue. Pure and forgiving:
 * a missing or malformed optional field becomes empty, never an error (content written before a
 * field existed must still render).
 */
import {
  readAccessory,
  readColour,
  readModel,
  readModelLine,
  readPriceDisclaimer,
  readTrim,
  refUuid,
  refUuids,
  textsOf,
  MODEL_PRICE_FIELDS,
  type OptionContent,
  type StoryLike,
} from "~/content/catalogue-model";
import type { Asset } from "~/content/schema";
import { isRecord } from "~/lib/object";
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

export { refUuid };

/** A story as the content API returns it (only what is read here). */
export type StoryInput = StoryLike;

/** A text of the content (read as a string, a number or absent), or a story field. */
function str(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

function image(value: Asset | null | undefined, fallbackAlt = ""): ConfigImage | null {
  const filename = (value?.filename ?? "").trim();
  if (!filename) return null;
  return { filename, alt: value?.alt || fallbackAlt };
}

function images(value: readonly Asset[] | undefined, fallbackAlt: string): ConfigImage[] {
  return (value ?? []).map((v) => image(v, fallbackAlt)).filter((v): v is ConfigImage => v !== null);
}

/** modelCodes: "A,B" in content; a list is tolerated. */
export function parseModelCodes(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(str) : str(value).split(/[,\n]/);
  return parts.map((p) => p.trim()).filter(Boolean);
}

function option(value: OptionContent): ConfigOption | null {
  const name = (value.name ?? "").trim();
  if (!name) return null;
  return {
    id: slugify(name),
    name,
    info: value.info ?? "",
    price: str(value.price),
    image: image(value.image, name),
    componentType: value.component_type || str(value.componentType),
    includedInDriveawayPrice: value.included_in_driveaway_price === true,
    modelCodes: parseModelCodes(value.modelCodes),
    cleanCarProgramme: value.clean_car_programme ?? "",
  };
}

/** The content's name, else the story's. */
function nameOf(contentName: string | undefined, story: StoryInput): string {
  return (contentName ?? "").trim() || str(story.name).trim();
}

export function normaliseColour(story: StoryInput): ConfigColour | null {
  const c = readColour(story);
  const name = nameOf(c.name, story);
  const uuid = str(story.uuid);
  if (!uuid || !name) return null;
  return { uuid, id: slugify(name), name, hex: c.hex ?? "", price: str(c.price), images: images(c.images, name) };
}

export function normaliseTrim(story: StoryInput): ConfigTrim | null {
  const c = readTrim(story);
  const name = nameOf(c.name, story);
  const uuid = str(story.uuid);
  if (!uuid || !name) return null;
  return {
    uuid,
    id: slugify(name),
    name,
    description: c.description ?? "",
    price: str(c.price),
    modelColours: refUuids(c.model_colours),
    images: images(c.images, name),
  };
}

export function normaliseAccessory(story: StoryInput): ConfigAccessory | null {
  const c = readAccessory(story);
  const name = nameOf(c.name, story);
  const uuid = str(story.uuid);
  if (!uuid || !name) return null;
  return {
    uuid,
    id: str(story.slug) || slugify(name),
    name,
    description: c.description ?? "",
    price: str(c.price),
    code: c.code ?? "",
    image: image(c.image, name),
    categories: Array.isArray(c.categories) ? c.categories.filter(Boolean) : [],
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
  const line = readModelLine(input.line);
  const rels = new Map<string, StoryInput>();
  for (const s of [...input.rels, ...input.accessories]) if (typeof s.uuid === "string") rels.set(s.uuid, s);
  // A reference holding a story object is resolved; otherwise its uuid is looked up.
  const storyOf = (ref: unknown): StoryInput | undefined => (isRecord(ref) && "content" in ref ? ref : rels.get(refUuid(ref)));

  const disclaimer = (ref: unknown): ConfigDisclaimer | null => {
    const story = storyOf(ref);
    const text = str(readPriceDisclaimer(story).text);
    return story && text ? { uuid: str(story.uuid), text } : null;
  };
  const vehiclePrice = (ref: unknown): VehiclePriceInput | null =>
    resolveVehiclePrice(ref, [...rels.values()]) ?? null;

  const accessoryMap = new Map<string, ConfigAccessory>();
  const addAccessory = (ref: unknown) => {
    const story = storyOf(ref);
    const acc = story ? normaliseAccessory(story) : null;
    if (acc && !accessoryMap.has(acc.uuid)) accessoryMap.set(acc.uuid, acc);
  };
  input.accessories.forEach(addAccessory);

  const models: ConfigModel[] = [];
  for (const story of input.models) {
    const raw = story.content as { component?: unknown; driveaway_state_prices?: unknown } | undefined;
    if (raw?.component !== `model-${input.country}`) continue;
    const c = readModel(story);
    const name = nameOf(c.name, story);
    const shortName = c.short_name || name;
    const options = Object.fromEntries(
      OPTION_KINDS.map((kind) => [kind, (c[OPTION_FIELDS[kind]] ?? []).map(option).filter((o): o is ConfigOption => o !== null)]),
    ) as Record<OptionKind, ConfigOption[]>;
    const accessoryRefs = c.accessories ?? [];
    accessoryRefs.forEach(addAccessory);
    models.push({
      uuid: str(story.uuid),
      slug: str(story.slug) || slugify(shortName),
      name,
      shortName,
      variantName: c.variant_name ?? "",
      code: c.code ?? "",
      nvicCode: str(c.nvicCode).trim(),
      options,
      colourUuids: refUuids(c.colours),
      trimUuids: refUuids(c.trims),
      accessoryUuids: refUuids(accessoryRefs),
      // The pricing feature resolves the reference (it also takes inline vehicle-price content).
      vehiclePrice: vehiclePrice(raw?.driveaway_state_prices),
      ...textsOf(c, MODEL_PRICE_FIELDS),
      hideOffersInConfigurator: c.hide_offers_in_configurator === true,
      priceDisclaimers: (c.price_disclaimers ?? []).map(disclaimer).filter((d): d is ConfigDisclaimer => d !== null),
      disclaimer: c.disclaimer ?? "",
      cleanCarProgramme: str(c.clean_car_programme),
      image: image(c.image, name),
      description: c.description ?? "",
      enableAngleQuote: c.enable_angle_quote === true,
    });
  }

  return {
    country: input.country,
    line: {
      uuid: str(input.line.uuid),
      slug: str(input.line.slug),
      name: line.name || str(input.line.name),
      image: image(line.image, line.name ?? ""),
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
    const c = readModel(story);
    for (const ref of [...(c.accessories ?? []), ...(c.price_disclaimers ?? []), c.driveaway_state_prices]) {
      if (typeof ref === "string" && ref && !have.has(ref)) out.add(ref);
    }
  }
  return [...out];
}

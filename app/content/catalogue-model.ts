import { z } from "zod";
import { AU_STATES } from "~/lib/au-states";
import { isRecord } from "~/lib/object";
import { blokSchema, cmsNumberSchema, field, multiAssetSchema, storyRefSchema } from "./schema";

/**
 * The catalogue's content types, described once (shared/CONTENT_MODEL.md section 4): their zod
 * schemas, which the content check validates every story with, and their read model, which the
 * configurator (app/features/configurator/catalogue.ts) and the vehicle blocks
 * (app/features/vehicles/vehicles.server.ts) derive their views from.
 *
 * Reading is forgiving, as content must be (a story written before a field existed still renders):
 * a story's content is parsed with its schema field by field, and a field that fails its schema
 * reads as absent, as a missing one does; a list keeps the items that parse. A number where text is
 * expected reads as its digits, as the CMS's own fields do. Each content object is read once per
 * content version: the content cache hands out the same frozen objects until content changes, and
 * the read is kept with them (WeakMap), the way the vehicle catalogue is.
 */

const { price, text, textarea, key, flag, asset, ref, refs, textOrRichText } = field;

export const auStateSchema = z.enum(AU_STATES);

export const OPTION_TYPES = ["Engine", "Motor", "Transmission", "Drivetrain", "Battery", "Wheels"] as const;

export const featureSchema = blokSchema("feature", {
    name: text,
    icon: asset,
  });
export type Feature = z.infer<typeof featureSchema>;

/** An engine, motor, transmission, drivetrain, battery or wheel choice of a model. */
export const optionSchema = blokSchema("option", {
    name: text,
    info: textarea,
    price,
    image: asset,
    /** Engine | Motor | Transmission | Drivetrain | Battery | Wheels ("Wheels" shows the image). */
    component_type: z.union([z.enum(OPTION_TYPES), z.literal("")]).optional(),
    /** Engines only: petrol | diesel | hybrid | electric (used for the fuel type). */
    engine_type: key.meta({ storyblok: { type: "option", options: ["petrol", "diesel", "hybrid", "electric"] } }),
    included_in_driveaway_price: flag,
    /** Comma-separated model `code`s the option applies to; a list of codes is read alike. */
    modelCodes: z.union([z.string(), z.array(z.string())]).optional().meta({ storyblok: { type: "text", translatable: false } }),
    /** Colours (uuids) the option is available with; empty = all. */
    model_colours: refs,
    /** NZ: text shown under 'Clean car programme:'. */
    clean_car_programme: text,
  });
export type OptionBlok = z.infer<typeof optionSchema>;

export const financeOfferSchema = blokSchema("finance-offer", {
    specialFinanceOffer: z.union([z.boolean(), z.string()]).optional().meta({ storyblok: { type: "boolean" } }),
    specialFinanceDriveawayPrice: price,
    specialInterestRate: price,
    specialComparisonRate: price,
    specialFinanceTermMonths: price,
    specialFinanceOfferText: textarea,
    disclaimer: textarea,
  });
export type FinanceOffer = z.infer<typeof financeOfferSchema>;

export const colourSchema = blokSchema("colour", {
    name: text,
    /** CSS colour of the swatch ("#A8623A"). */
    hex: key,
    price,
    images: multiAssetSchema.optional(),
    swatch: asset,
    model_line: ref,
  });
export type Colour = z.infer<typeof colourSchema>;

export const trimSchema = blokSchema("trim", {
    name: text,
    description: textarea,
    price,
    /** Colours (uuids) the trim is offered with; empty = not tied to a colour. */
    model_colours: refs,
    images: multiAssetSchema.optional(),
    model_line: ref,
  });
export type Trim = z.infer<typeof trimSchema>;

export const accessorySchema = blokSchema("accessory", {
    name: text,
    description: textarea,
    price,
    code: key,
    image: asset,
    /** Multi-option field: category labels ("Exterior", "Towing", ...). */
    categories: z
      .union([z.array(z.string()), z.string()])
      .optional()
      .meta({
        storyblok: {
          type: "options",
          options: ["Exterior", "Interior", "Protection", "Cargo & Storage", "Towing", "Technology", "Adventure"],
        },
      }),
    model_line: ref,
  });
export type Accessory = z.infer<typeof accessorySchema>;

export const priceDisclaimerSchema = blokSchema("price-disclaimer", {
    title: text,
    text: textOrRichText.meta({ storyblok: { type: "textarea" } }),
  });
export type PriceDisclaimer = z.infer<typeof priceDisclaimerSchema>;

export const statePriceSchema = blokSchema("state-price", {
    au_state: z.union([auStateSchema, z.literal("")]).optional(),
    price,
  });
export type StatePrice = z.infer<typeof statePriceSchema>;

export const vehiclePriceSchema = blokSchema("vehicle-price", {
    driveaway_price: price,
    driveaway_retail_price: price,
    driveaway_abn_price: price,
    driveaway_state_retail_prices: z.array(statePriceSchema).optional(),
    driveaway_state_abn_prices: z.array(statePriceSchema).optional(),
  });
export type VehiclePrice = z.infer<typeof vehiclePriceSchema>;

export const modelLineSchema = blokSchema("model-line", {
    name: text,
    slug: key,
    /** e.g. SUV, Ute, Hybrid, Hatch; the model page path is models/<lowercased>/<slug>. */
    vehicle_category: key,
    vehicle_type: text,
    /** schema.org bodyType (e.g. SUV, Hatchback, Pickup truck); falls back to vehicle_type. */
    body_type: text,
    seating_capacity: cmsNumberSchema.optional().meta({ storyblok: { type: "number" } }),
    model_year: text,
    tag_line: text,
    description: textarea,
    image: asset,
    default_full_slug: key,
    brochure: asset,
    accessories: refs,
  });
export type ModelLine = z.infer<typeof modelLineSchema>;

/** Fields shared by `model-au` and `model-nz`. */
const modelFields = {
  name: text,
  short_name: text,
  variant_name: text,
  code: key,
  clearance: flag,
  image: asset,
  description: textarea,
  disclaimer: textarea,
  /** One feature per line. */
  feature_list: textarea,
  features: z.array(featureSchema).optional(),
  engines: z.array(optionSchema).optional(),
  motors: z.array(optionSchema).optional(),
  transmissions: z.array(optionSchema).optional(),
  drivetrains: z.array(optionSchema).optional(),
  batteries: z.array(optionSchema).optional(),
  wheels: z.array(optionSchema).optional(),
  colours: refs,
  trims: refs,
  accessories: refs,
  model_line: ref,
  price_disclaimers: refs,
  /** Reference to a `vehicle-price` story (AU state prices). */
  driveaway_state_prices: ref,
  driveaway_price: price,
  driveaway_abn_price: price,
  driveaway_retail_price: price,
  driveaway_price_type: text,
  finance_offer_text: textarea,
  finance: z.array(financeOfferSchema).optional(),
  hide_offers_in_configurator: flag,
  enable_angle_quote: flag,
  modelConfigUrl: key,
  initial_models: z.unknown().optional().meta({ storyblok: { type: "options", stories: ["model-au", "model-nz"] } }),
};

export const modelAuSchema = blokSchema("model-au", {
    ...modelFields,
    nvicCode: key,
    offer_text_abn: text,
    offer_text_retail: text,
    standard_offer_text_abn: text,
    standard_offer_text_retail: text,
  });
export type ModelAu = z.infer<typeof modelAuSchema>;

export const modelNzSchema = blokSchema("model-nz", {
    ...modelFields,
    offer_text: text,
    clean_car_programme: text,
  });
export type ModelNz = z.infer<typeof modelNzSchema>;
export type Model = ModelAu | ModelNz;


/** The catalogue's content types by technical name (part of the content check's registry). */
export const catalogueSchemas: Record<string, z.ZodType> = {
  "model-line": modelLineSchema,
  "model-au": modelAuSchema,
  "model-nz": modelNzSchema,
  option: optionSchema,
  feature: featureSchema,
  "finance-offer": financeOfferSchema,
  colour: colourSchema,
  trim: trimSchema,
  accessory: accessorySchema,
  "price-disclaimer": priceDisclaimerSchema,
  "vehicle-price": vehiclePriceSchema,
  "state-price": statePriceSchema,
};

// ---------------------------------------------------------------------------------------------
// Reading

/** The schema inside optional/nullable wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** `value` read with `schema`, forgivingly (see the module comment); undefined when nothing fits. */
function readValue(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject && isRecord(value)) return readObject(inner, value);
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    return value.map((item) => readValue(inner.element as z.ZodType, item)).filter((item) => item !== undefined);
  }
  // A reference is a uuid or a story: a number is neither.
  if (inner === storyRefSchema) return undefined;
  if (inner instanceof z.ZodUnion) {
    for (const option of inner.options as readonly z.ZodType[]) {
      const read = readValue(option, value);
      if (read !== undefined) return read;
    }
    return undefined;
  }
  if (typeof value === "number" && Number.isFinite(value) && schema.safeParse(String(value)).success) return String(value);
  return undefined;
}

/** Every field of `value` read with its schema; fields the schema does not name pass through (`.loose()`). */
function readObject(schema: z.ZodObject, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const read = key in value ? readValue(fieldSchema, value[key]) : undefined;
    if (read === undefined) delete out[key];
    else out[key] = read;
  }
  return out;
}

/** A schema's fields, all optional (what a forgiving read may lack), plus the fields it lets through. */
type Read<S extends z.ZodObject> = Partial<z.output<S>> & Record<string, unknown>;

const reads = new WeakMap<object, Map<z.ZodObject, unknown>>();

/**
 * `content` read with `schema`; kept with a frozen content object (the content cache's, one per
 * content version) so each is parsed once. Anything that is not an object reads as `{}`.
 */
export function readContent<S extends z.ZodObject>(schema: S, content: unknown): Read<S> {
  if (!isRecord(content)) return {} as Read<S>;
  const frozen = Object.isFrozen(content);
  const kept = frozen ? reads.get(content)?.get(schema) : undefined;
  if (kept) return kept as Read<S>;
  const read = readObject(schema, content) as Read<S>;
  if (frozen) {
    const bySchema = reads.get(content) ?? new Map<z.ZodObject, unknown>();
    bySchema.set(schema, read);
    reads.set(content, bySchema);
  }
  return read;
}

export type ModelLineContent = Read<typeof modelLineSchema>;
export type ColourContent = Read<typeof colourSchema>;
export type TrimContent = Read<typeof trimSchema>;
export type AccessoryContent = Read<typeof accessorySchema>;
export type PriceDisclaimerContent = Read<typeof priceDisclaimerSchema>;
export type OptionContent = Read<typeof optionSchema>;
export type FeatureContent = Read<typeof featureSchema>;
/** A model-au or model-nz, read with its own schema (the other country's fields may pass through). */
export type ModelContent = Read<typeof modelAuSchema> | Read<typeof modelNzSchema>;

/** A story as the content API returns it: identity and content. */
export interface StoryLike {
  uuid?: unknown;
  slug?: unknown;
  full_slug?: unknown;
  name?: unknown;
  content?: unknown;
}

/** The content of a story. */
function contentOf(story: StoryLike | null | undefined): unknown {
  return story ? story.content : undefined;
}

export const readModelLine = (story: StoryLike | null | undefined): ModelLineContent => readContent(modelLineSchema, contentOf(story));
export const readColour = (story: StoryLike | null | undefined): ColourContent => readContent(colourSchema, contentOf(story));
export const readTrim = (story: StoryLike | null | undefined): TrimContent => readContent(trimSchema, contentOf(story));
export const readAccessory = (story: StoryLike | null | undefined): AccessoryContent => readContent(accessorySchema, contentOf(story));
export const readPriceDisclaimer = (story: StoryLike | null | undefined): PriceDisclaimerContent =>
  readContent(priceDisclaimerSchema, contentOf(story));

/** A model story's content, read with the schema of its component (model-nz for anything but model-au). */
export function readModel(story: StoryLike | null | undefined): ModelContent {
  const content = contentOf(story);
  return isRecord(content) && content.component === "model-au" ? readContent(modelAuSchema, content) : readContent(modelNzSchema, content);
}

/** A model's price and offer fields, as a build is priced with them (strings as stored). */
export const MODEL_PRICE_FIELDS = [
  "driveaway_price",
  "driveaway_abn_price",
  "driveaway_retail_price",
  "driveaway_price_type",
  "offer_text",
  "offer_text_abn",
  "offer_text_retail",
] as const;

/** The AU standard offer texts the vehicle blocks show besides. */
export const MODEL_STANDARD_OFFER_FIELDS = ["standard_offer_text_abn", "standard_offer_text_retail"] as const;

/** The named fields of read content as strings: "" when absent, a price number as its digits. */
export function textsOf<K extends string>(content: Readonly<Record<string, unknown>>, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const value = content[key];
    out[key] = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
  }
  return out;
}

/** A reference as it arrives: a uuid, or a resolved story. */
export function refUuid(value: unknown): string {
  if (typeof value === "string") return value;
  if (isRecord(value)) return typeof value.uuid === "string" ? value.uuid : typeof value.uuid === "number" ? String(value.uuid) : "";
  return "";
}

/** The uuids of a list of references, in order, empty ones left out. */
export function refUuids(value: unknown): string[] {
  return Array.isArray(value) ? value.map(refUuid).filter(Boolean) : [];
}

/** A reference that arrived resolved (a story object), else null. */
export function resolvedStory(value: unknown): (StoryLike & Record<string, unknown>) | null {
  return isRecord(value) && isRecord(value.content) ? value : null;
}

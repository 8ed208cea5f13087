import { z } from "zod";
import type {} from "./storyblok-meta";

/**
 * Zod schemas for Storyblok's field shapes. Real spaces often lack fields added after a story
 * was written, so every field is optional and a missing one renders as empty, never as an error.
 */

export const countrySchema = z.enum(["au", "nz"]);
export type Country = z.infer<typeof countrySchema>;
export const COUNTRIES: readonly Country[] = countrySchema.options;

export const localeSchema = z.enum(["au", "nz", "both", ""]).optional();

/** Storyblok asset field: {id, alt, name, focus, title, filename, ...}. */
export const assetSchema = z
  .object({
    id: z.union([z.number(), z.null()]).optional(),
    alt: z.string().nullish(),
    name: z.string().nullish(),
    focus: z.string().nullish(),
    title: z.string().nullish(),
    filename: z.string().nullish(),
    copyright: z.string().nullish(),
    fieldtype: z.literal("asset").optional(),
    meta_data: z.record(z.string(), z.unknown()).nullish(),
    is_external_url: z.boolean().optional(),
  })
  .loose();
export type Asset = z.infer<typeof assetSchema>;

export const multiAssetSchema = z.array(assetSchema);

/** Storyblok multilink field. */
export const linkSchema = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
    url: z.string().nullish(),
    linktype: z.enum(["story", "url", "email", "asset"]).optional(),
    fieldtype: z.literal("multilink").optional(),
    cached_url: z.string().nullish(),
    anchor: z.string().nullish(),
    target: z.string().nullish(),
    email: z.string().nullish(),
    story: z.object({ full_slug: z.string().optional(), url: z.string().optional() }).loose().optional(),
  })
  .loose();
export type Link = z.infer<typeof linkSchema>;

/** A richtext node. Marks and attrs stay loose: Storyblok adds kinds over time. */
export interface RichTextNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: RichTextNode[];
}

export const richTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z
    .object({
      type: z.string(),
      text: z.string().optional(),
      attrs: z.record(z.string(), z.unknown()).optional(),
      marks: z
        .array(z.object({ type: z.string(), attrs: z.record(z.string(), z.unknown()).optional() }).loose())
        .optional(),
      content: z.array(richTextNodeSchema).optional(),
    })
    .loose(),
);

export const richTextSchema = z
  .object({ type: z.literal("doc"), content: z.array(richTextNodeSchema).optional() })
  .loose();
export type RichText = z.infer<typeof richTextSchema>;

/** Fields every blok has. */
export const blokBase = {
  _uid: z.string(),
  component: z.string(),
  _editable: z.string().optional(),
  bottom_spacing: z.boolean().optional(),
  locale: localeSchema.meta({
    storyblok: {
      description: "Empty: both countries.",
      options: [
        { name: "AU", value: "au" },
        { name: "NZ", value: "nz" },
        { name: "Both", value: "both" },
      ],
    },
  }),
};

/**
 * The schema of a content type or nested blok: the fields every blok has, its component name and
 * its own fields; unknown fields and translations pass through (`.loose()`).
 */
export function blokSchema<const C extends string, F extends z.ZodRawShape>(component: C, fields: F) {
  // Keys in blokBase's order (_uid, component, …): parse results and check messages keep their order.
  const { _uid, component: _anyComponent, ...rest } = blokBase;
  return z.looseObject({ _uid, component: z.literal(component), ...rest, ...fields });
}

export const anyBlokSchema = z.object(blokBase).loose();
export type Blok = z.infer<typeof anyBlokSchema>;

/** A list of nested bloks; each is validated against its own component schema by the registry. */
export const bloksSchema = z.array(anyBlokSchema);

/** Reference to another story: a UUID string, or the resolved story once relations are resolved. */
export const storyRefSchema = z.union([z.string(), z.object({ uuid: z.string() }).loose()]);

export const storySchema = z
  .object({
    id: z.number(),
    uuid: z.string(),
    name: z.string(),
    slug: z.string(),
    full_slug: z.string(),
    content: anyBlokSchema,
    created_at: z.string().nullish(),
    published_at: z.string().nullable(),
    first_published_at: z.string().nullable(),
    updated_at: z.string().nullish(),
    position: z.number().optional(),
    is_startpage: z.boolean().optional(),
    parent_id: z.number().nullish(),
    tag_list: z.array(z.string()).optional(),
    lang: z.string().optional(),
    alternates: z.array(z.unknown()).optional(),
  })
  .loose();
/** A story as the CDN returns it under "story". */
export interface Story<C = Blok> {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: C;
  created_at?: string | null;
  published_at: string | null;
  first_published_at: string | null;
  updated_at?: string | null;
  position?: number;
  is_startpage?: boolean;
  parent_id?: number | null;
  tag_list?: string[];
  lang?: string;
  alternates?: unknown[];
}

/** Prices and numbers as the CMS stores them: strings ("45990"). A number is tolerated. */
export const cmsNumberSchema = z.union([z.string(), z.number()]);

/**
 * The optional field shapes the content types are written with: a missing field renders as empty,
 * never as an error (CONTENT_MODEL.md section 5).
 */
export const field = {
  price: cmsNumberSchema.optional().meta({ storyblok: { type: "number" } }),
  /** One line the visitor reads. */
  text: z.string().optional().meta({ storyblok: { type: "text" } }),
  /** Several lines the visitor reads. */
  textarea: z.string().optional().meta({ storyblok: { type: "textarea" } }),
  /** A value the code reads (an id, a code, a slug, a colour): never translated. */
  key: z.string().optional().meta({ storyblok: { type: "text", translatable: false } }),
  /** Storyblok datetime "YYYY-MM-DD HH:mm". */
  datetime: z.string().optional().meta({ storyblok: { type: "datetime" } }),
  /** A date without a time ("YYYY-MM-DD"). */
  date: z.string().optional().meta({ storyblok: { type: "datetime", disable_time: true } }),
  flag: z.boolean().optional(),
  asset: assetSchema.nullish(),
  /** A video file. */
  video: assetSchema.nullish().meta({ storyblok: { filetypes: ["videos"] } }),
  /** WebVTT captions of a video. */
  captions: assetSchema.nullish().meta({ storyblok: { filetypes: ["texts"], description: "WebVTT captions (.vtt)." } }),
  ref: storyRefSchema.optional(),
  refs: z.array(storyRefSchema).optional(),
  /** A plain text field that some spaces turned into richtext: each use states its Storyblok type. */
  textOrRichText: z.union([z.string(), richTextSchema]).optional(),
  /** A multilink field, or a plain path/url string as older blocks stored it. */
  linkOrHref: z.union([linkSchema, z.string()]).optional().meta({ storyblok: { type: "multilink" } }),
};

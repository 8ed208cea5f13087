/**
 * The Storyblok side of a zod field or blok schema, written beside the zod declaration with
 * `.meta({ storyblok: { ... } })`. zod stays the one description of the content: the space's
 * components (npm run space:schema, app/content/space/) are generated from the schemas and
 * these annotations. See docs/decisions/036-the-space-schema-is-code.md.
 *
 * What zod already says is derived, not annotated: booleans, assets, multilinks, richtext,
 * tables, enums (options), lists of bloks (the allowed components), story references (the
 * content types of app/content/check.ts RELATION_FIELDS) and whether a field is required. A
 * bare string or a union has no single Storyblok type, so it must carry `type`.
 */

export const STORYBLOK_FIELD_TYPES = [
  "text",
  "textarea",
  "richtext",
  "markdown",
  "number",
  "boolean",
  "datetime",
  "option",
  "options",
  "asset",
  "multiasset",
  "multilink",
  "bloks",
  "table",
] as const;
export type StoryblokFieldType = (typeof STORYBLOK_FIELD_TYPES)[number];

export type StoryblokAssetKind = "images" | "videos" | "audios" | "texts";

export interface StoryblokFieldMeta {
  /** The field's one Storyblok type; required on strings and unions. */
  type?: StoryblokFieldType;
  /**
   * Field-level translation. Default: on for text, textarea, markdown and richtext (the
   * visitor reads them), off for the rest; bloks are never translatable.
   */
  translatable?: boolean;
  /** Shown under the field in the editor. */
  description?: string;
  /** option/options: the values to pick from (an enum's values are derived), with their labels. */
  options?: readonly (string | { name: string; value: string })[];
  /** option/options: the entries of this datasource. */
  datasource?: string;
  /** option/options: story references to these content types. */
  stories?: readonly string[];
  /** asset/multiasset: the kinds of file the editor may pick. */
  filetypes?: readonly StoryblokAssetKind[];
  /** bloks: most bloks the field takes. */
  maximum?: number;
  /** bloks of any component: restricted to these component groups. */
  groups?: readonly string[];
  /** number: bounds. */
  min_value?: number;
  max_value?: number;
  /** datetime: a date without a time. */
  disable_time?: boolean;
  /** text/textarea: longest value. */
  max_length?: number;
}

/** On a blok's schema: where the component sits in the space. */
export interface StoryblokComponentMeta {
  /** Component group (a folder in the block library). */
  group?: string;
  display_name?: string;
}

declare module "zod/v4/core" {
  interface GlobalMeta {
    storyblok?: StoryblokFieldMeta & StoryblokComponentMeta;
  }
}

import { createHash } from "node:crypto";
import { z } from "zod";
import { catalogueSchemas } from "~/content/catalogue-model";
import { RELATION_FIELDS, TREE_RULES } from "~/content/check";
import { tableSchema } from "~/content/content-types";
import { anyBlokSchema, assetSchema, linkSchema, richTextSchema, storyRefSchema } from "~/content/schema";
import type { StoryblokComponentMeta, StoryblokFieldMeta, StoryblokFieldType } from "~/content/storyblok-meta";

/**
 * The space's schema, generated from the zod schemas of the blocks and content types and their
 * `.meta({ storyblok })` annotations (app/content/storyblok-meta.ts), in the formats Storyblok's
 * CLI 4 pushes: `components.json` (an array of components), `groups.json` and
 * `datasources.json`. See docs/decisions/036-the-space-schema-is-code.md.
 */

/** The component groups, chosen once. */
export const GROUPS = {
  pages: "Pages",
  blocks: "Content blocks",
  parts: "Block parts",
  forms: "Form parts",
  catalogue: "Catalogue",
  global: "Global",
} as const;
export type GroupName = (typeof GROUPS)[keyof typeof GROUPS];

/** Root content types of pages; every other registered block is a content block. */
const PAGE_TYPES: readonly string[] = ["page", "news-detail", "owners-club-event-detail"];
/** Blocks whose parts are form parts. */
const FORM_BLOCKS: readonly string[] = ["form", "competition-form"];

export interface WireOption {
  name: string;
  value: string;
}

/** A field of a component's `schema` record (the Management API's wire form). */
export interface WireField {
  type: StoryblokFieldType;
  pos: number;
  display_name?: string;
  description?: string;
  required?: boolean;
  translatable?: boolean;
  max_length?: number;
  options?: WireOption[];
  source?: "internal" | "internal_stories";
  datasource_slug?: string;
  filter_content_type?: string[];
  use_uuid?: boolean;
  filetypes?: string[];
  allow_target_blank?: boolean;
  show_anchor?: boolean;
  email_link_type?: boolean;
  asset_link_type?: boolean;
  restrict_type?: "" | "groups";
  restrict_components?: boolean;
  component_whitelist?: string[];
  component_group_whitelist?: string[];
  maximum?: number;
  min_value?: number;
  max_value?: number;
  disable_time?: boolean;
}

export interface WireComponent {
  name: string;
  display_name: string;
  is_root: boolean;
  is_nestable: boolean;
  component_group_uuid: string;
  schema: Record<string, WireField>;
}

export interface WireGroup {
  id: number;
  name: string;
  uuid: string;
  parent_id: null;
  parent_uuid: null;
}

export interface WireDatasource {
  name: string;
  slug: string;
  dimensions: never[];
  entries: { name: string; value: string }[];
}

export interface SpaceSchema {
  components: WireComponent[];
  groups: WireGroup[];
  datasources: WireDatasource[];
}

/** A datasource as the content folder holds it (shared/CONTENT_MODEL.md section 1). */
export interface DatasourceInput {
  slug: string;
  name?: string;
  entries: readonly { name: string; value: string }[];
}

/** Keys of a blok that are not fields. */
const RESERVED = new Set(["_uid", "component", "_editable"]);

/** A stable uuid (v4 layout) for a name: groups keep their uuid from one run to the next. */
export function stableUuid(name: string): string {
  const hex = createHash("sha1").update(`kestrel-space:${name}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** "bottom_spacing" → "Bottom spacing", "subHeading" → "Sub heading". */
export function displayName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Reading zod

type Meta = StoryblokFieldMeta & StoryblokComponentMeta;

function metaOf(schema: z.ZodType): Meta | undefined {
  return z.globalRegistry.get(schema)?.storyblok;
}

/**
 * The schema inside optional/nullable/default/lazy/preprocess wrappers, and the Storyblok
 * annotations met on the way (outer ones win).
 */
function peel(schema: z.ZodType): { inner: z.ZodType; meta: Meta } {
  const metas: Meta[] = [];
  let inner = schema;
  for (;;) {
    const meta = metaOf(inner);
    if (meta) metas.push(meta);
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodDefault) inner = inner.removeDefault() as z.ZodType;
    else if (inner instanceof z.ZodLazy) inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodPipe) inner = inner.out as z.ZodType;
    else break;
  }
  return { inner, meta: Object.assign({}, ...metas.reverse()) as Meta };
}

/** The component names a blok schema is fixed to (`component: z.literal(…)` or `z.enum([...])`). */
export function componentNames(schema: z.ZodType): string[] {
  const { inner } = peel(schema);
  if (!(inner instanceof z.ZodObject)) return [];
  const component = (inner.shape as Record<string, z.ZodType>).component;
  if (component instanceof z.ZodLiteral) return [...component.values].filter((v): v is string => typeof v === "string");
  if (component instanceof z.ZodEnum) return component.options.filter((v): v is string => typeof v === "string");
  return [];
}

/** The blok schemas a list element stands for: one schema, or the members of a union. */
function blokMembers(element: z.ZodType): z.ZodType[] | null {
  const { inner } = peel(element);
  if (inner instanceof z.ZodUnion) {
    const members = (inner.options as readonly z.ZodType[]).flatMap((o) => blokMembers(o) ?? [null]);
    return members.every((m): m is z.ZodType => m !== null) ? members : null;
  }
  return componentNames(inner).length > 0 ? [inner] : null;
}

/** The fields of a blok schema (its object shape), without the reserved keys. */
export function blokFields(schema: z.ZodType): [string, z.ZodType][] {
  const { inner } = peel(schema);
  if (!(inner instanceof z.ZodObject)) throw new Error("a blok schema is a zod object");
  return Object.entries(inner.shape as Record<string, z.ZodType>).filter(([key]) => !RESERVED.has(key));
}

/** Values of an enum, or of a union of enums and literals; "" (unset) left out. */
function enumValues(schema: z.ZodType): string[] | null {
  const { inner } = peel(schema);
  if (inner instanceof z.ZodEnum) return inner.options.filter((v): v is string => typeof v === "string" && v !== "");
  if (inner instanceof z.ZodLiteral) return [...inner.values].filter((v): v is string => typeof v === "string" && v !== "");
  if (inner instanceof z.ZodUnion) {
    const parts = (inner.options as readonly z.ZodType[]).map(enumValues);
    return parts.every((p): p is string[] => p !== null) ? parts.flat() : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Fields

/** What the walk needs to know about a bloks field: the components it takes. */
interface BloksTarget {
  schemas: z.ZodType[];
}

interface FieldPlan {
  field: WireField;
  /** Nested blok schemas this field allows (walked for their own components). */
  nested: z.ZodType[];
}

const isStoryRef = (schema: z.ZodType) => peel(schema).inner === storyRefSchema;
const TEXT_TYPES: readonly StoryblokFieldType[] = ["text", "textarea", "markdown", "richtext"];

function storyblokType(component: string, key: string, schema: z.ZodType, meta: Meta, target: BloksTarget | null): StoryblokFieldType {
  if (meta.type) return meta.type;
  const { inner } = peel(schema);
  if (inner instanceof z.ZodBoolean) return "boolean";
  if (inner === assetSchema) return "asset";
  if (inner === linkSchema) return "multilink";
  if (inner === richTextSchema) return "richtext";
  if (inner === tableSchema) return "table";
  if (isStoryRef(inner)) return "option";
  if (inner instanceof z.ZodArray) {
    const element = inner.element as z.ZodType;
    if (peel(element).inner === assetSchema) return "multiasset";
    if (isStoryRef(element)) return "options";
    if (target) return "bloks";
    if (enumValues(element)) return "options";
  }
  if (enumValues(inner)) return "option";
  throw new Error(
    `${component}.${key}: no Storyblok field type can be derived from its zod schema; annotate it with .meta({ storyblok: { type } })`,
  );
}

/** The `.max(n)` of a list. */
function maxLength(schema: z.ZodArray): number | undefined {
  const checks = (schema._zod.def.checks ?? []) as { _zod: { def: { check?: string; maximum?: unknown } } }[];
  const limits = checks.map((c) => c._zod.def).filter((d) => d.check === "max_length" && typeof d.maximum === "number");
  return limits.length > 0 ? Math.min(...limits.map((d) => d.maximum as number)) : undefined;
}

/** The bloks a list field takes: named components, or any blok (anyBlokSchema). */
function bloksTarget(schema: z.ZodType): BloksTarget | "any" | null {
  const { inner } = peel(schema);
  if (!(inner instanceof z.ZodArray)) return null;
  const element = inner.element as z.ZodType;
  if (peel(element).inner === anyBlokSchema) return "any";
  const members = blokMembers(element);
  return members ? { schemas: members } : null;
}

/** The content types a story reference field may point at. */
function referencedTypes(component: string, key: string, meta: Meta): string[] {
  const types = meta.stories ?? RELATION_FIELDS[key];
  if (!types) throw new Error(`${component}.${key}: a story reference needs its content types (RELATION_FIELDS or meta stories)`);
  return [...types];
}

function planField(component: string, key: string, schema: z.ZodType, pos: number, groupUuid: (name: string) => string): FieldPlan {
  const { meta } = peel(schema);
  const target = bloksTarget(schema);
  const type = storyblokType(component, key, schema, meta, target === "any" ? { schemas: [] } : target);
  const field: WireField = { type, pos };
  if (meta.display_name) field.display_name = meta.display_name;
  if (meta.description) field.description = meta.description;
  if (!schema.safeParse(undefined).success) field.required = true;
  const translatable = type === "bloks" ? false : (meta.translatable ?? TEXT_TYPES.includes(type));
  if (translatable) field.translatable = true;
  if (meta.max_length !== undefined) field.max_length = meta.max_length;
  const nested: z.ZodType[] = [];

  switch (type) {
    case "option":
    case "options": {
      const { inner } = peel(schema);
      const refs = type === "option" ? isStoryRef(inner) : inner instanceof z.ZodArray && isStoryRef(inner.element as z.ZodType);
      if (meta.stories || refs) {
        field.source = "internal_stories";
        field.filter_content_type = referencedTypes(component, key, meta);
        field.use_uuid = true;
      } else if (meta.datasource) {
        field.source = "internal";
        field.datasource_slug = meta.datasource;
      } else {
        const derived = enumValues(inner instanceof z.ZodArray ? (inner.element as z.ZodType) : inner);
        const values = meta.options ?? derived;
        const named = (meta.options ?? []).map((o) => (typeof o === "string" ? o : o.value));
        if (meta.options && derived && named.join() !== derived.join()) {
          throw new Error(`${component}.${key}: the annotated options (${named.join(", ")}) are not the enum's (${derived.join(", ")})`);
        }
        if (!values || values.length === 0) throw new Error(`${component}.${key}: an option field needs options, a datasource or stories`);
        field.options = values.map((value) => (typeof value === "string" ? { name: value, value } : { name: value.name, value: value.value }));
      }
      break;
    }
    case "asset":
    case "multiasset":
      if (meta.filetypes) field.filetypes = [...meta.filetypes];
      break;
    case "multilink":
      // The site resolves every link type in every link field (app/content/links.ts).
      field.allow_target_blank = true;
      field.show_anchor = true;
      field.email_link_type = true;
      field.asset_link_type = true;
      break;
    case "bloks": {
      if (target === "any" || target === null) {
        const groups = meta.groups ?? [];
        if (groups.length > 0) {
          field.restrict_type = "groups";
          field.restrict_components = true;
          field.component_group_whitelist = groups.map(groupUuid);
        }
      } else {
        field.restrict_type = "";
        field.restrict_components = true;
        field.component_whitelist = [...new Set(target.schemas.flatMap(componentNames))];
        nested.push(...target.schemas);
      }
      const { inner } = peel(schema);
      const max = meta.maximum ?? (inner instanceof z.ZodArray ? maxLength(inner) : undefined);
      if (typeof max === "number" && Number.isFinite(max)) field.maximum = max;
      break;
    }
    case "number":
      if (meta.min_value !== undefined) field.min_value = meta.min_value;
      if (meta.max_value !== undefined) field.max_value = meta.max_value;
      break;
    case "datetime":
      if (meta.disable_time) field.disable_time = true;
      break;
    default:
      break;
  }
  return { field, nested };
}

// ---------------------------------------------------------------------------------------------
// Components

interface Found {
  name: string;
  schema: z.ZodType;
  group: GroupName;
}

/** The group of a component reached through a bloks field of `parent`. */
function partGroup(parent: Found, schema: z.ZodType): GroupName {
  const own = peel(schema).meta.group as GroupName | undefined;
  if (own) return own;
  if (FORM_BLOCKS.includes(parent.name) || parent.group === GROUPS.forms) return GROUPS.forms;
  if (parent.group === GROUPS.catalogue || parent.group === GROUPS.global) return parent.group;
  return GROUPS.parts;
}

/** Content types that are the root of a story (shared/CONTENT_MODEL.md section 2). */
const ROOT_TYPES: ReadonlySet<string> = new Set(TREE_RULES.flatMap((rule) => rule.components));

/** Where the components come from: the block registry and the content types. */
export interface ComponentSources {
  blocks: Readonly<Record<string, z.ZodType>>;
  contentTypes: Readonly<Record<string, z.ZodType>>;
}

/** Every component of the space: the registered blocks, the content types and the bloks they nest. */
export function collectComponents(sources: ComponentSources): Found[] {
  const found = new Map<string, Found>();
  const queue: Found[] = [];
  const add = (entry: Found) => {
    const seen = found.get(entry.name);
    if (seen) {
      if (seen.schema !== entry.schema && blokFields(seen.schema).map(([k]) => k).join() !== blokFields(entry.schema).map(([k]) => k).join()) {
        throw new Error(`component ${entry.name} has two different schemas`);
      }
      return;
    }
    found.set(entry.name, entry);
    queue.push(entry);
  };
  const catalogue = new Set(Object.keys(catalogueSchemas));
  for (const [name, schema] of Object.entries(sources.blocks)) {
    add({ name, schema, group: PAGE_TYPES.includes(name) ? GROUPS.pages : GROUPS.blocks });
  }
  for (const [name, schema] of Object.entries(sources.contentTypes)) {
    add({ name, schema, group: catalogue.has(name) ? GROUPS.catalogue : GROUPS.global });
  }
  while (queue.length > 0) {
    const entry = queue.shift()!;
    for (const [, fieldSchema] of blokFields(entry.schema)) {
      const target = bloksTarget(fieldSchema);
      if (!target || target === "any") continue;
      for (const schema of target.schemas) {
        for (const name of componentNames(schema)) add({ name, schema, group: partGroup(entry, schema) });
      }
    }
  }
  return [...found.values()];
}

function buildComponent(entry: Found, groupUuid: (name: string) => string, errors: string[]): WireComponent {
  const schema: Record<string, WireField> = {};
  blokFields(entry.schema).forEach(([key, fieldSchema], pos) => {
    try {
      schema[key] = planField(entry.name, key, fieldSchema, pos, groupUuid).field;
    } catch (e) {
      errors.push((e as Error).message);
    }
  });
  const isRoot = ROOT_TYPES.has(entry.name);
  const meta = peel(entry.schema).meta;
  return {
    name: entry.name,
    display_name: meta.display_name ?? displayName(entry.name),
    is_root: isRoot,
    is_nestable: !isRoot,
    component_group_uuid: groupUuid(entry.group),
    schema,
  };
}

/** The space's schema from the zod schemas and the given datasources (pure). */
export function spaceSchemaFrom(datasources: readonly DatasourceInput[], sources: ComponentSources): SpaceSchema {
  const groupNames = Object.values(GROUPS);
  const groups: WireGroup[] = groupNames.map((name, i) => ({ id: i + 1, name, uuid: stableUuid(`group:${name}`), parent_id: null, parent_uuid: null }));
  const groupUuid = (name: string) => {
    const group = groups.find((g) => g.name === name);
    if (!group) throw new Error(`unknown component group ${name}`);
    return group.uuid;
  };
  const errors: string[] = [];
  const components = collectComponents(sources)
    .map((entry) => buildComponent(entry, groupUuid, errors))
    .sort((a, b) => a.name.localeCompare(b.name));
  // Every problem at once: an unannotated field is a one-line fix each.
  if (errors.length > 0) throw new Error(`the space schema cannot be generated:\n${errors.join("\n")}`);
  return {
    components,
    groups,
    datasources: datasources.map((d) => ({
      name: d.name ?? displayName(d.slug),
      slug: d.slug,
      dimensions: [],
      entries: d.entries.map((e) => ({ name: e.name, value: e.value })),
    })),
  };
}

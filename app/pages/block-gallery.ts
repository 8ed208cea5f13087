/**
 * The block gallery for editors (/{country}/_blocks): every registered block with its examples from
 * the content and the fields of its zod schema. Pure: no Remix, no I/O; the stories come from the
 * content API (block-gallery.server.ts) and the registry is read when called, so blocks added to
 * app/blocks/index.ts appear (and are checked for an example) without any list here.
 */
import { z } from "zod";
import { isBlok } from "~/lib/object";
import { isInFolder, storySlug } from "~/content/site-path";

/** Stories under this folder are the block gallery pages (content-fixtures/stories/blocks/). */
export const GALLERY_FOLDER = "blocks/";
/** Examples shown per block from the gallery pages (its variants; the page stays light enough to review). */
export const MAX_GALLERY_EXAMPLES = 3;
/** Examples taken from other stories when a block has none in the gallery pages. */
export const MAX_OTHER_EXAMPLES = 1;

export interface GalleryStory {
  name: string;
  full_slug: string;
  content: unknown;
}

export interface ExampleBlok {
  _uid: string;
  component: string;
  [key: string]: unknown;
}

/** Where an example sits: a story's root (a content type), a body blok, or nested in another blok. */
export type ExamplePlace = "root" | "top" | "nested";

export interface BlockExample {
  blok: ExampleBlok;
  story: { name: string; full_slug: string };
  place: ExamplePlace;
}

/** A blok with a non-empty `_uid` (an example must be addressable by it). */
function isExampleBlok(value: unknown): value is ExampleBlok {
  return isBlok(value) && value._uid !== "";
}

/** Every blok of a content tree with its place (resolved stories inside are not walked). */
function walk(value: unknown, place: ExamplePlace, visit: (blok: ExampleBlok, place: ExamplePlace) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, place, visit);
    return;
  }
  if (!value || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  // A resolved relation (another story) is that story's content, not this one's.
  if (typeof record.uuid === "string" && "content" in record && "full_slug" in record) return;
  if (isExampleBlok(record)) visit(record, place);
  const childPlace: ExamplePlace = isExampleBlok(record) ? (place === "root" ? "top" : "nested") : place;
  for (const [key, child] of Object.entries(record)) {
    if (key === "_editable") continue;
    walk(child, childPlace, visit);
  }
}

/**
 * The examples of each named block: up to MAX_GALLERY_EXAMPLES of its bloks in the gallery pages
 * (body bloks; nested ones only when it has no body blok there), else up to MAX_OTHER_EXAMPLES from other stories (a body blok
 * first, then a nested one, then a story whose root it is). Stories are read in full_slug order.
 */
export function collectBlockExamples(stories: readonly GalleryStory[], names: readonly string[]): Record<string, BlockExample[]> {
  const wanted = new Set(names);
  const found = new Map<string, { gallery: BlockExample[]; other: BlockExample[] }>();
  for (const name of names) found.set(name, { gallery: [], other: [] });
  const ordered = [...stories].sort((a, b) => a.full_slug.localeCompare(b.full_slug));
  for (const story of ordered) {
    const inGallery = isInFolder(story.full_slug, GALLERY_FOLDER);
    const ref = { name: story.name, full_slug: storySlug(story) };
    walk(story.content, "root", (blok, place) => {
      if (!wanted.has(blok.component)) return;
      const bucket = found.get(blok.component);
      if (!bucket) return;
      (inGallery && place !== "root" ? bucket.gallery : bucket.other).push({ blok, story: ref, place });
    });
  }
  const rank: Record<ExamplePlace, number> = { top: 0, nested: 1, root: 2 };
  const result: Record<string, BlockExample[]> = {};
  for (const name of names) {
    const { gallery, other } = found.get(name) ?? { gallery: [], other: [] };
    const top = gallery.filter((e) => e.place === "top");
    if (top.length) result[name] = top.slice(0, MAX_GALLERY_EXAMPLES);
    else if (gallery.length) result[name] = gallery.slice(0, MAX_GALLERY_EXAMPLES);
    else result[name] = [...other].sort((a, b) => rank[a.place] - rank[b.place]).slice(0, MAX_OTHER_EXAMPLES);
  }
  return result;
}

/** A field of a block's schema as editors read it. */
export interface BlockField {
  name: string;
  type: string;
  required: boolean;
}

/** Fields every blok has that editors never set. */
const HIDDEN_FIELDS = new Set(["_uid", "component", "_editable"]);

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  $ref?: string;
};

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** A short type label for a JSON-schema node: "string", "boolean", "asset", "link", "richtext", "bloks: card", "\"a\" | \"b\"". */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema || typeof schema !== "object") return "any";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v) => v !== "" && v !== null).map((v) => JSON.stringify(v));
    return values.length ? values.join(" | ") : "string";
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const labels = unique(union.map(typeLabel).filter((t) => t !== "null"));
    return labels.length ? labels.join(" | ") : "null";
  }
  if (schema.$ref) return "richtext node";
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null") : schema.type ? [schema.type] : [];
  if (types.includes("array")) {
    const items = schema.items;
    const component = items?.properties?.component?.const;
    if (typeof component === "string") return `bloks: ${component}`;
    const choices = (items?.anyOf ?? items?.oneOf ?? []).map((option) => option.properties?.component?.const);
    if (choices.length && choices.every((c) => typeof c === "string")) return `bloks: ${choices.join(" | ")}`;
    if (items?.properties?.component) return "bloks";
    return `list of ${typeLabel(items)}`;
  }
  if (types.includes("object")) {
    const props = schema.properties ?? {};
    if (props.fieldtype?.const === "asset") return "asset";
    if (props.fieldtype?.const === "multilink") return "link";
    if (props.type?.const === "doc") return "richtext";
    if (typeof props.component?.const === "string") return `blok: ${props.component.const}`;
    return "object";
  }
  if (types.length) return unique(types.map((t) => (t === "integer" ? "number" : t))).join(" | ");
  return "any";
}

/**
 * The editable fields of a block's schema (names, types, optionality) from zod 4's JSON Schema of
 * its input; a schema zod cannot express gives no fields rather than an error.
 */
export function describeBlockFields(schema: z.ZodType): BlockField[] {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return [];
  }
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {})
    .filter(([name]) => !HIDDEN_FIELDS.has(name))
    .map(([name, field]) => ({ name, type: typeLabel(field), required: required.has(name) }));
}

import type { z } from "zod";
import { storySchema } from "./schema";
import { isBlok, isRecord } from "~/lib/object";

/**
 * The pure core of `npm run content:check` (scripts/content-check.ts does the I/O).
 *
 * Given the raw story files, datasources and asset names of a content folder
 * (shared/CONTENT_MODEL.md section 1) it reports:
 * - invalid JSON and story objects that fail `storySchema`;
 * - duplicate ids, uuids, full_slugs and blok `_uid`s;
 * - a file path that does not match the story's full_slug (`<full_slug>.json`, or
 *   `<full_slug>/index.json` for a folder start page) and a content type that does not fit
 *   its place in the story tree;
 * - every blok (an object with `component` and `_uid`, at any depth, including bloks inside
 *   richtext `blok` nodes and a story's `draft`) whose component has no schema, or that fails
 *   its schema(s), also after applying each `__i18n__` translation;
 * - relation fields (uuids) pointing at missing stories or at stories of the wrong type;
 * - story links (multilinks and richtext link marks) whose id or cached_url has no story;
 * - `/media/<file>` references with no file in the assets folder;
 * - news_categories values that are not in the news-categories datasource.
 */

/** The deliberate unknown-block fixture: unknown components are allowed only in these stories. */
export const ALLOWED_UNKNOWN_BLOK_STORIES: readonly string[] = ["test/unknown-block"];

/** Known reference fields and the content types they may point at. */
export const RELATION_FIELDS: Readonly<Record<string, readonly string[]>> = {
  colours: ["colour"],
  trims: ["trim"],
  accessories: ["accessory"],
  model_line: ["model-line"],
  model_lines: ["model-line"],
  models: ["model-au", "model-nz"],
  price_disclaimers: ["price-disclaimer"],
  driveaway_state_prices: ["vehicle-price"],
  model_colours: ["colour"],
};

/** Where each content type lives in the story tree (CONTENT_MODEL.md section 2). */
export const TREE_RULES: readonly { pattern: RegExp; components: readonly string[] }[] = [
  { pattern: /^news\/[^/]+$/, components: ["news-detail"] },
  { pattern: /^owners-club\/events\/[^/]+$/, components: ["owners-club-event-detail"] },
  { pattern: /^models\/[^/]+\/[^/]+$/, components: ["page"] },
  { pattern: /^global\/header$/, components: ["header"] },
  { pattern: /^global\/navigation$/, components: ["navigation"] },
  { pattern: /^global\/footer$/, components: ["footer"] },
  { pattern: /^global\/finance$/, components: ["finance-settings"] },
  { pattern: /^car-configurator\/models\/[^/]+$/, components: ["model-line"] },
  { pattern: /^car-configurator\/models\/[^/]+\/au\/[^/]+$/, components: ["model-au"] },
  { pattern: /^car-configurator\/models\/[^/]+\/nz\/[^/]+$/, components: ["model-nz"] },
  { pattern: /^car-configurator\/colours\/[^/]+$/, components: ["colour"] },
  { pattern: /^car-configurator\/trims\/[^/]+$/, components: ["trim"] },
  { pattern: /^car-configurator\/accessories\/[^/]+\/[^/]+$/, components: ["accessory"] },
  { pattern: /^price-disclaimers\/[^/]+$/, components: ["price-disclaimer"] },
  { pattern: /^vehicle-prices\/[^/]+$/, components: ["vehicle-price"] },
  {
    pattern:
      /^(home|error|finance|finance\/contact|offers|news|owners-club\/events|dealer-locator|test-drive|contact-us|download-brochure|cookies|privacy)$/,
    components: ["page"],
  },
];

export const NEWS_CATEGORIES_DATASOURCE = "news-categories";

export interface ContentFile {
  /** Path relative to `stories/`, posix separators, with `.json` (e.g. `news/index.json`). */
  path: string;
  text: string;
}

export interface DatasourceFile {
  /** Datasource slug (file name without `.json`). */
  slug: string;
  text: string;
}

export interface ContentSet {
  stories: readonly ContentFile[];
  datasources: readonly DatasourceFile[];
  /** File names under `assets/` (posix, relative); null when the folder was not read. */
  assets: ReadonlySet<string> | null;
}

export interface CheckOptions {
  /** Schemas by component name; a component with several schemas must pass all of them. */
  schemas: Readonly<Record<string, z.ZodType | readonly z.ZodType[]>>;
  /** full_slugs whose stories may hold unknown components. */
  allowUnknownIn?: readonly string[];
  /** When true, missing `/media/` files are listed in `missingAssets` but are not errors. */
  skipAssets?: boolean;
}

export type IssueKind =
  | "json"
  | "story"
  | "duplicate"
  | "file-path"
  | "tree"
  | "unknown-blok"
  | "blok"
  | "relation"
  | "link"
  | "asset"
  | "datasource";

export interface CheckIssue {
  kind: IssueKind;
  /** File relative to the content folder (`stories/news/index.json`). */
  file: string;
  /** JSON path inside the file (`content.body[0].button[0]`), "" for the whole file. */
  path: string;
  message: string;
}

export interface CheckResult {
  errors: CheckIssue[];
  /** `/media/` files referenced but absent (sorted, unique); empty when assets is null. */
  missingAssets: string[];
  /** Bloks whose component is unknown but allow-listed. */
  allowedUnknown: CheckIssue[];
  stats: { stories: number; bloks: number; datasources: number; mediaReferences: number };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type PathSeg = string | number;

interface ParsedStory {
  file: string;
  data: JsonObject;
  fullSlug: string;
  uuid: string;
  component: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const I18N_RE = /^(.+)__i18n__([a-z0-9_-]+)$/i;

/** Storyblok's internal table parts (`_table_head`, `_table_row`, `_table_col`) are not bloks. */
function isTablePart(component: string): boolean {
  return component.startsWith("_table");
}

export function formatPath(segments: readonly PathSeg[]): string {
  let out = "";
  for (const seg of segments) {
    if (typeof seg === "number") out += `[${seg}]`;
    else out += out === "" ? seg : `.${seg}`;
  }
  return out;
}

/** `/media/a/b.jpg/m/800x0/filters:...` → `a/b.jpg`; null for anything else. */
export function mediaFileOf(value: string): string | null {
  const match = /^\/media\/([^?#]+)/.exec(value.trim());
  if (!match) return null;
  const file = match[1].split("/m/")[0].replace(/\/+$/, "");
  return file === "" ? null : decodeURI(file);
}

function normaliseSlug(value: string): string {
  return value.trim().replace(/^\/+/, "").replace(/\/+$/, "");
}

function schemaList(entry: z.ZodType | readonly z.ZodType[] | undefined): readonly z.ZodType[] {
  if (!entry) return [];
  return Array.isArray(entry) ? entry : [entry as z.ZodType];
}

/** Value at `path` inside `root`, or undefined. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key as string];
  }
  return cur;
}

/** A copy of the blok as the site sees it with `language` (non-empty translations replace). */
function translatedBlok(blok: JsonObject, language: string): JsonObject {
  const out: JsonObject = { ...blok };
  const suffix = `__i18n__${language}`;
  for (const [key, value] of Object.entries(blok)) {
    if (!key.endsWith(suffix) || key.length === suffix.length) continue;
    const empty = value === null || value === "" || (Array.isArray(value) && value.length === 0);
    if (!empty) out[key.slice(0, -suffix.length)] = value;
  }
  return out;
}

export function checkContent(set: ContentSet, options: CheckOptions): CheckResult {
  const errors: CheckIssue[] = [];
  const allowedUnknown: CheckIssue[] = [];
  const allowUnknown = new Set(options.allowUnknownIn ?? ALLOWED_UNKNOWN_BLOK_STORIES);
  const stats = { stories: 0, bloks: 0, datasources: 0, mediaReferences: 0 };
  const missingAssets = new Set<string>();
  const error = (kind: IssueKind, file: string, path: string, message: string) =>
    errors.push({ kind, file, path, message });

  // ---- Datasources ------------------------------------------------------------------------
  const datasourceValues = new Map<string, Set<string>>();
  for (const ds of set.datasources) {
    const file = `datasources/${ds.slug}.json`;
    let data: unknown;
    try {
      data = JSON.parse(ds.text);
    } catch (e) {
      error("json", file, "", `invalid JSON: ${(e as Error).message}`);
      continue;
    }
    stats.datasources++;
    if (!Array.isArray(data)) {
      error("datasource", file, "", "a datasource file must hold an array of entries");
      continue;
    }
    const values = new Set<string>();
    data.forEach((entry, i) => {
      if (!isRecord<Json>(entry) || typeof entry.value !== "string" || typeof entry.name !== "string") {
        error("datasource", file, `[${i}]`, 'an entry needs string "name" and "value"');
        return;
      }
      if (entry.id !== undefined && typeof entry.id !== "number") {
        error("datasource", file, `[${i}].id`, "id must be a number");
      }
      if (values.has(entry.value)) error("duplicate", file, `[${i}].value`, `duplicate value "${entry.value}"`);
      values.add(entry.value);
    });
    datasourceValues.set(ds.slug, values);
  }

  // ---- Stories: parse, story fields, file path, duplicates ---------------------------------
  const stories: ParsedStory[] = [];
  const byId = new Map<number, string>();
  const byUuid = new Map<string, ParsedStory>();
  const bySlug = new Map<string, ParsedStory>();

  for (const entry of [...set.stories].sort((a, b) => a.path.localeCompare(b.path))) {
    const file = `stories/${entry.path}`;
    let data: unknown;
    try {
      data = JSON.parse(entry.text);
    } catch (e) {
      error("json", file, "", `invalid JSON: ${(e as Error).message}`);
      continue;
    }
    if (!isRecord<Json>(data)) {
      error("story", file, "", "a story file must hold one story object");
      continue;
    }
    stats.stories++;
    const parsed = storySchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        error("story", file, formatPath(issue.path as PathSeg[]), issue.message);
      }
    }
    const fullSlug = typeof data.full_slug === "string" ? data.full_slug : "";
    const uuid = typeof data.uuid === "string" ? data.uuid : "";
    const content = isRecord<Json>(data.content) ? data.content : null;
    const component = content && typeof content.component === "string" ? content.component : "";

    if (typeof data.uuid === "string" && !UUID_RE.test(uuid)) error("story", file, "uuid", `"${uuid}" is not a UUID`);

    // File path vs full_slug.
    const pathSlug = entry.path.replace(/\.json$/, "");
    const isIndexFile = pathSlug === "index" || pathSlug.endsWith("/index");
    if (fullSlug !== "") {
      if (fullSlug !== normaliseSlug(fullSlug)) {
        error("file-path", file, "full_slug", `full_slug "${fullSlug}" must not start or end with "/"`);
      }
      const expected = isIndexFile ? pathSlug.slice(0, -"index".length).replace(/\/$/, "") : pathSlug;
      if (normaliseSlug(fullSlug) !== expected) {
        const want = isIndexFile ? `${normaliseSlug(fullSlug)}/index.json` : `${normaliseSlug(fullSlug)}.json`;
        error("file-path", file, "full_slug", `full_slug "${fullSlug}" belongs in stories/${want}`);
      }
      if (isIndexFile && data.is_startpage !== true) {
        error("file-path", file, "is_startpage", "a folder's index.json must have is_startpage: true");
      }
      if (!isIndexFile && data.is_startpage === true) {
        error("file-path", file, "is_startpage", "a start page must be stored as <folder>/index.json");
      }
      const lastSegment = normaliseSlug(fullSlug).split("/").pop() ?? "";
      if (typeof data.slug === "string" && data.slug !== lastSegment && !isIndexFile) {
        error("file-path", file, "slug", `slug "${data.slug}" must be the last segment of full_slug ("${lastSegment}")`);
      }
    }

    // Duplicates.
    if (typeof data.id === "number") {
      const other = byId.get(data.id);
      if (other) error("duplicate", file, "id", `duplicate id ${data.id} (also in ${other})`);
      else byId.set(data.id, file);
    }
    const story: ParsedStory = { file, data, fullSlug: normaliseSlug(fullSlug), uuid, component };
    if (uuid) {
      const other = byUuid.get(uuid);
      if (other) error("duplicate", file, "uuid", `duplicate uuid ${uuid} (also in ${other.file})`);
      else byUuid.set(uuid, story);
    }
    if (fullSlug) {
      const other = bySlug.get(story.fullSlug);
      if (other) error("duplicate", file, "full_slug", `duplicate full_slug "${fullSlug}" (also in ${other.file})`);
      else bySlug.set(story.fullSlug, story);
    }

    // Content type vs place in the tree.
    if (component) {
      const rule = TREE_RULES.find((r) => r.pattern.test(story.fullSlug));
      if (rule && !rule.components.includes(component)) {
        error("tree", file, "content.component", `"${story.fullSlug}" must be a ${rule.components.join(" or ")}, not ${component}`);
      }
    }
    if (data.draft !== undefined && data.draft !== null && !(isRecord<Json>(data.draft) && isRecord<Json>(data.draft.content))) {
      error("story", file, "draft", 'a "draft" must be an object with a "content" blok');
    }
    stories.push(story);
  }

  // ---- Model pages must match a model line ------------------------------------------------
  const modelLines = stories.filter((s) => s.component === "model-line");
  for (const story of stories) {
    const match = /^models\/([^/]+)\/([^/]+)$/.exec(story.fullSlug);
    if (!match || modelLines.length === 0) continue;
    const [, type, line] = match;
    const found = modelLines.some((ml) => {
      const c = ml.data.content as JsonObject;
      const slug = typeof c.slug === "string" && c.slug ? c.slug : ml.fullSlug.split("/").pop();
      return slug === line && typeof c.vehicle_category === "string" && c.vehicle_category.toLowerCase() === type;
    });
    if (!found) {
      error("tree", story.file, "full_slug", `no model-line with slug "${line}" and vehicle_category "${type}"`);
    }
  }

  // ---- Walk every story's content (and draft content) --------------------------------------
  const uidOwner = new Map<string, { file: string; tree: string }>();
  const newsCategories = datasourceValues.get(NEWS_CATEGORIES_DATASOURCE);

  for (const story of stories) {
    const trees: { root: Json; base: PathSeg[] }[] = [];
    if (story.data.content !== undefined) trees.push({ root: story.data.content, base: ["content"] });
    if (isRecord<Json>(story.data.draft) && story.data.draft.content !== undefined) {
      trees.push({ root: story.data.draft.content, base: ["draft", "content"] });
    }
    const mayHoldUnknown = allowUnknown.has(story.fullSlug);

    for (const tree of trees) {
      const treeName = formatPath(tree.base);
      if (!isBlok<Json>(tree.root)) {
        error("blok", story.file, treeName, "content must be a blok with component and _uid");
      }
      walk(tree.root, tree.base, treeName);
    }

    function walk(value: Json, path: PathSeg[], treeName: string): void {
      if (typeof value === "string") {
        checkMedia(value, path);
        return;
      }
      if (Array.isArray(value)) {
        value.forEach((item, i) => walk(item, [...path, i], treeName));
        return;
      }
      if (!isRecord<Json>(value)) return;

      if (typeof value.component === "string" && !isTablePart(value.component)) {
        if (typeof value._uid !== "string" || value._uid === "") {
          error("blok", story.file, formatPath(path), `blok "${value.component}" has no _uid`);
        } else {
          checkBlok(value as JsonObject & { component: string; _uid: string }, path, treeName);
        }
      }
      if (typeof value.linktype === "string" && (value.fieldtype === "multilink" || "cached_url" in value)) {
        checkMultilink(value, path);
      }
      if (value.type === "link" && isRecord<Json>(value.attrs)) checkRichTextLink(value.attrs, [...path, "attrs"]);

      for (const [key, child] of Object.entries(value)) {
        if (child === undefined) continue;
        walk(child, [...path, key], treeName);
      }
    }

    function checkBlok(blok: JsonObject & { component: string; _uid: string }, path: PathSeg[], treeName: string) {
      stats.bloks++;
      const where = formatPath(path);
      const owner = uidOwner.get(blok._uid);
      if (owner && (owner.file !== story.file || owner.tree === treeName)) {
        error("duplicate", story.file, `${where}._uid`, `duplicate _uid ${blok._uid} (also in ${owner.file})`);
      } else if (!owner) {
        uidOwner.set(blok._uid, { file: story.file, tree: treeName });
      }

      const schemas = schemaList(options.schemas[blok.component]);
      if (schemas.length === 0) {
        const issue: CheckIssue = {
          kind: "unknown-blok",
          file: story.file,
          path: where,
          message: `unknown component "${blok.component}"`,
        };
        if (mayHoldUnknown) allowedUnknown.push(issue);
        else errors.push(issue);
      } else {
        validateBlok(blok, schemas, where);
      }

      // Relations, including translated variants (`colours__i18n__nz`).
      for (const [key, value] of Object.entries(blok)) {
        const base = I18N_RE.exec(key)?.[1] ?? key;
        const expected = RELATION_FIELDS[base];
        if (!expected) continue;
        checkRelation(value, expected, [...path, key]);
      }

      if (Array.isArray(blok.news_categories)) {
        blok.news_categories.forEach((value, i) => {
          if (typeof value !== "string") return;
          const at = `${where}.news_categories[${i}]`;
          if (!newsCategories) {
            error("datasource", story.file, at, `"${value}": there is no ${NEWS_CATEGORIES_DATASOURCE} datasource`);
          } else if (!newsCategories.has(value)) {
            error("datasource", story.file, at, `"${value}" is not a value of the ${NEWS_CATEGORIES_DATASOURCE} datasource`);
          }
        });
      }
    }

    function validateBlok(blok: JsonObject, schemas: readonly z.ZodType[], where: string): void {
      const seen = new Set<string>();
      const variants: { label: string; value: JsonObject }[] = [{ label: "", value: blok }];
      const languages = new Set<string>();
      for (const key of Object.keys(blok)) {
        const lang = I18N_RE.exec(key)?.[2];
        if (lang) languages.add(lang);
      }
      for (const lang of languages) variants.push({ label: ` (language ${lang})`, value: translatedBlok(blok, lang) });

      for (const variant of variants) {
        for (const schema of schemas) {
          const result = schema.safeParse(variant.value);
          if (result.success) continue;
          for (const issue of result.error.issues) {
            if (reportedByNestedBlok(variant.value, issue.path)) continue;
            const at = formatPath(issue.path as PathSeg[]);
            const key = `${at}|${issue.message}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const full = at ? `${where}.${at}`.replace(/\.\[/g, "[") : where;
            error("blok", story.file, full, `${blokLabel(blok)}: ${issue.message}${variant.label}`);
          }
        }
      }
    }

    /** True when the issue lies inside a nested blok that is validated against its own schema. */
    function reportedByNestedBlok(root: JsonObject, issuePath: readonly PropertyKey[]): boolean {
      for (let i = 1; i < issuePath.length; i++) {
        const nested = valueAt(root, issuePath.slice(0, i));
        if (isBlok<Json>(nested) && schemaList(options.schemas[nested.component]).length > 0) {
          return issuePath[i] !== "component";
        }
      }
      return false;
    }

    function checkRelation(value: Json, expected: readonly string[], path: PathSeg[]): void {
      const items = Array.isArray(value) ? value : [value];
      items.forEach((item, i) => {
        const uuid = typeof item === "string" ? item : isRecord<Json>(item) && typeof item.uuid === "string" ? item.uuid : "";
        if (uuid === "") return;
        const at = formatPath(Array.isArray(value) ? [...path, i] : path);
        const target = byUuid.get(uuid);
        if (!target) {
          error("relation", story.file, at, `relation to missing story ${uuid}`);
        } else if (target.component && !expected.includes(target.component)) {
          error("relation", story.file, at, `relation to ${target.fullSlug} (${target.component}); expected ${expected.join(" or ")}`);
        }
      });
    }

    function checkMultilink(link: JsonObject, path: PathSeg[]): void {
      const at = formatPath(path);
      if (link.linktype === "story") {
        const id = typeof link.id === "string" ? link.id : typeof link.id === "number" ? String(link.id) : "";
        const cached = typeof link.cached_url === "string" ? normaliseSlug(link.cached_url) : "";
        const target = id ? byUuid.get(id) : undefined;
        if (id && !target) {
          error("link", story.file, at, `story link to missing story ${id}${cached ? ` ("${cached}")` : ""}`);
        } else if (cached) {
          if (!bySlug.has(cached)) error("link", story.file, at, `story link cached_url "${cached}" has no story`);
          else if (target && target.fullSlug !== cached) {
            error("link", story.file, at, `story link cached_url "${cached}" does not match ${id} (${target.fullSlug})`);
          }
        }
      } else if (link.linktype === "email") {
        const email = [link.email, link.url, link.cached_url].find((v) => typeof v === "string" && v !== "");
        if (typeof email === "string" && !EMAIL_RE.test(email.replace(/^mailto:/, ""))) {
          error("link", story.file, at, `email link "${email}" is not an email address`);
        }
      }
    }

    function checkRichTextLink(attrs: JsonObject, path: PathSeg[]): void {
      if (attrs.linktype !== "story") return;
      const at = formatPath(path);
      const uuid = typeof attrs.uuid === "string" ? attrs.uuid : "";
      const href = typeof attrs.href === "string" ? normaliseSlug(attrs.href) : "";
      const target = uuid ? byUuid.get(uuid) : undefined;
      if (uuid && !target) {
        error("link", story.file, at, `richtext link to missing story ${uuid}${href ? ` ("${href}")` : ""}`);
      } else if (href) {
        if (!bySlug.has(href)) error("link", story.file, at, `richtext link href "${href}" has no story`);
        else if (target && target.fullSlug !== href) {
          error("link", story.file, at, `richtext link href "${href}" does not match ${uuid} (${target.fullSlug})`);
        }
      }
    }

    function checkMedia(value: string, path: PathSeg[]): void {
      const fileName = mediaFileOf(value);
      if (fileName === null) return;
      stats.mediaReferences++;
      if (set.assets === null || set.assets.has(fileName)) return;
      missingAssets.add(fileName);
      if (!options.skipAssets) {
        error("asset", story.file, formatPath(path), `"/media/${fileName}" has no file in assets/`);
      }
    }
  }

  return { errors, missingAssets: [...missingAssets].sort(), allowedUnknown, stats };
}

function blokLabel(blok: JsonObject): string {
  return `${String(blok.component)} ${String(blok._uid)}`;
}

export function formatIssue(issue: CheckIssue): string {
  return `${issue.file}${issue.path ? ` ${issue.path}` : ""}: [${issue.kind}] ${issue.message}`;
}

export function formatSummary(result: CheckResult): string {
  const n = result.errors.length;
  return `content:check: ${result.stats.stories} stories, ${result.stats.bloks} bloks, ${n} error${n === 1 ? "" : "s"}`;
}

import type { z } from "zod";
import { storySchema } from "./schema";
import { isSafeContentHref } from "./links";
import { isReservedId } from "./reserved-ids";
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

/** Where every check puts what it finds; checkContent returns it as the CheckResult. */
interface Report {
  errors: CheckIssue[];
  allowedUnknown: CheckIssue[];
  missingAssets: Set<string>;
  stats: CheckResult["stats"];
  error: (kind: IssueKind, file: string, path: string, message: string) => void;
}

function newReport(): Report {
  const errors: CheckIssue[] = [];
  return {
    errors,
    allowedUnknown: [],
    missingAssets: new Set<string>(),
    stats: { stories: 0, bloks: 0, datasources: 0, mediaReferences: 0 },
    error: (kind, file, path, message) => errors.push({ kind, file, path, message }),
  };
}

/** The stories by uuid and by full_slug, which relations and links point at. */
interface StoryIndex {
  byUuid: Map<string, ParsedStory>;
  bySlug: Map<string, ParsedStory>;
}

export function checkContent(set: ContentSet, options: CheckOptions): CheckResult {
  const report = newReport();
  const datasourceValues = checkDatasources(set.datasources, report);
  const { stories, index } = checkStories(set.stories, report);
  checkModelPages(stories, report);
  const walk: Omit<StoryWalk, "story" | "mayHoldUnknown"> = {
    report,
    index,
    options,
    assets: set.assets,
    uidOwner: new Map(),
    newsCategories: datasourceValues.get(NEWS_CATEGORIES_DATASOURCE),
  };
  const allowUnknown = new Set(options.allowUnknownIn ?? ALLOWED_UNKNOWN_BLOK_STORIES);
  for (const story of stories) checkStoryContent({ ...walk, story, mayHoldUnknown: allowUnknown.has(story.fullSlug) });
  const { errors, missingAssets, allowedUnknown, stats } = report;
  return { errors, missingAssets: [...missingAssets].sort(), allowedUnknown, stats };
}

// ---- Datasources ----------------------------------------------------------------------------

/** Checks each datasource file; returns the values of each readable one by slug. */
function checkDatasources(datasources: readonly DatasourceFile[], report: Report): Map<string, Set<string>> {
  const { error } = report;
  const datasourceValues = new Map<string, Set<string>>();
  for (const ds of datasources) {
    const file = `datasources/${ds.slug}.json`;
    let data: unknown;
    try {
      data = JSON.parse(ds.text);
    } catch (e) {
      error("json", file, "", `invalid JSON: ${(e as Error).message}`);
      continue;
    }
    report.stats.datasources++;
    if (!Array.isArray(data)) {
      error("datasource", file, "", "a datasource file must hold an array of entries");
      continue;
    }
    datasourceValues.set(ds.slug, datasourceEntryValues(data, file, report));
  }
  return datasourceValues;
}

function datasourceEntryValues(data: unknown[], file: string, { error }: Report): Set<string> {
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
  return values;
}

// ---- Stories: parse, story fields, file path, duplicates, place in the tree -------------------

/** Parses and checks every story file (in path order); returns the readable stories. */
function checkStories(files: readonly ContentFile[], report: Report): { stories: ParsedStory[]; index: StoryIndex } {
  const stories: ParsedStory[] = [];
  const byId = new Map<number, string>();
  const index: StoryIndex = { byUuid: new Map(), bySlug: new Map() };
  for (const entry of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const file = `stories/${entry.path}`;
    const data = readStory(entry, file, report);
    if (!data) continue;
    const fullSlug = typeof data.full_slug === "string" ? data.full_slug : "";
    const uuid = typeof data.uuid === "string" ? data.uuid : "";
    const content = isRecord<Json>(data.content) ? data.content : null;
    const component = content && typeof content.component === "string" ? content.component : "";

    if (typeof data.uuid === "string" && !UUID_RE.test(uuid)) report.error("story", file, "uuid", `"${uuid}" is not a UUID`);
    if (fullSlug !== "") checkFilePath(entry.path, data, fullSlug, file, report);
    const story: ParsedStory = { file, data, fullSlug: normaliseSlug(fullSlug), uuid, component };
    checkDuplicateStory(story, fullSlug, byId, index, report);
    checkTreePlace(story, report);
    if (data.draft !== undefined && data.draft !== null && !(isRecord<Json>(data.draft) && isRecord<Json>(data.draft.content))) {
      report.error("story", file, "draft", 'a "draft" must be an object with a "content" blok');
    }
    stories.push(story);
  }
  return { stories, index };
}

/** The story object of a file checked against storySchema, or null when it is not one. */
function readStory(entry: ContentFile, file: string, report: Report): JsonObject | null {
  let data: unknown;
  try {
    data = JSON.parse(entry.text);
  } catch (e) {
    report.error("json", file, "", `invalid JSON: ${(e as Error).message}`);
    return null;
  }
  if (!isRecord<Json>(data)) {
    report.error("story", file, "", "a story file must hold one story object");
    return null;
  }
  report.stats.stories++;
  const parsed = storySchema.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      report.error("story", file, formatPath(issue.path as PathSeg[]), issue.message);
    }
  }
  return data;
}

/** The file path against full_slug, is_startpage and slug. */
function checkFilePath(entryPath: string, data: JsonObject, fullSlug: string, file: string, { error }: Report): void {
  const pathSlug = entryPath.replace(/\.json$/, "");
  const isIndexFile = pathSlug === "index" || pathSlug.endsWith("/index");
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

/** A second story with an id, uuid or full_slug already seen; the first one is indexed. */
function checkDuplicateStory(story: ParsedStory, fullSlug: string, byId: Map<number, string>, index: StoryIndex, { error }: Report): void {
  const { file, data, uuid } = story;
  if (typeof data.id === "number") {
    const other = byId.get(data.id);
    if (other) error("duplicate", file, "id", `duplicate id ${data.id} (also in ${other})`);
    else byId.set(data.id, file);
  }
  if (uuid) {
    const other = index.byUuid.get(uuid);
    if (other) error("duplicate", file, "uuid", `duplicate uuid ${uuid} (also in ${other.file})`);
    else index.byUuid.set(uuid, story);
  }
  if (fullSlug) {
    const other = index.bySlug.get(story.fullSlug);
    if (other) error("duplicate", file, "full_slug", `duplicate full_slug "${fullSlug}" (also in ${other.file})`);
    else index.bySlug.set(story.fullSlug, story);
  }
}

/** The content type against the story's place in the tree. */
function checkTreePlace(story: ParsedStory, { error }: Report): void {
  if (!story.component) return;
  const rule = TREE_RULES.find((r) => r.pattern.test(story.fullSlug));
  if (rule && !rule.components.includes(story.component)) {
    error("tree", story.file, "content.component", `"${story.fullSlug}" must be a ${rule.components.join(" or ")}, not ${story.component}`);
  }
}

/** Every model page (models/<type>/<line>) must match a model line by slug and vehicle_category. */
function checkModelPages(stories: readonly ParsedStory[], { error }: Report): void {
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
}

// ---- Every story's content (and draft content): bloks, relations, links, media ---------------

/** One story's content walk, with what the checks share across stories. */
interface StoryWalk {
  story: ParsedStory;
  report: Report;
  index: StoryIndex;
  options: CheckOptions;
  assets: ReadonlySet<string> | null;
  /** Where each blok _uid was first seen, across stories. */
  uidOwner: Map<string, { file: string; tree: string }>;
  newsCategories: Set<string> | undefined;
  mayHoldUnknown: boolean;
}

type Blok = JsonObject & { component: string; _uid: string };

function checkStoryContent(walk: StoryWalk): void {
  const { story } = walk;
  const trees: { root: Json; base: PathSeg[] }[] = [];
  if (story.data.content !== undefined) trees.push({ root: story.data.content, base: ["content"] });
  if (isRecord<Json>(story.data.draft) && story.data.draft.content !== undefined) {
    trees.push({ root: story.data.draft.content, base: ["draft", "content"] });
  }
  for (const tree of trees) {
    const treeName = formatPath(tree.base);
    if (!isBlok<Json>(tree.root)) {
      walk.report.error("blok", story.file, treeName, "content must be a blok with component and _uid");
    }
    walkValue(walk, tree.root, tree.base, treeName);
  }
}

/** Checks every blok, link and media reference at or under `value`, depth first. */
function walkValue(walk: StoryWalk, value: Json, path: PathSeg[], treeName: string): void {
  if (typeof value === "string") {
    checkMedia(walk, value, path);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => walkValue(walk, item, [...path, i], treeName));
    return;
  }
  if (!isRecord<Json>(value)) return;

  if (typeof value.component === "string" && !isTablePart(value.component)) {
    if (typeof value._uid !== "string" || value._uid === "") {
      walk.report.error("blok", walk.story.file, formatPath(path), `blok "${value.component}" has no _uid`);
    } else {
      checkBlok(walk, value as Blok, path, treeName);
    }
  }
  if (typeof value.linktype === "string" && (value.fieldtype === "multilink" || "cached_url" in value)) {
    checkMultilink(walk, value, path);
    checkStoryLinkId(walk, value, path);
  }
  if (value.type === "link" && isRecord<Json>(value.attrs)) checkRichTextLink(walk, value.attrs, [...path, "attrs"]);
  checkContentIdsAndHrefs(walk, value, path);

  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue;
    walkValue(walk, child, [...path, key], treeName);
  }
}

function checkBlok(walk: StoryWalk, blok: Blok, path: PathSeg[], treeName: string): void {
  walk.report.stats.bloks++;
  const where = formatPath(path);
  checkUid(walk, blok, where, treeName);
  checkComponent(walk, blok, where);
  // Relations, including translated variants (`colours__i18n__nz`).
  for (const [key, value] of Object.entries(blok)) {
    const base = I18N_RE.exec(key)?.[1] ?? key;
    const expected = RELATION_FIELDS[base];
    if (!expected) continue;
    checkRelation(walk, value, expected, [...path, key]);
  }
  checkNewsCategories(walk, blok, where);
}

/** A _uid is unique across stories; a story's draft may repeat its own content's. */
function checkUid({ story, uidOwner, report }: StoryWalk, blok: Blok, where: string, treeName: string): void {
  const owner = uidOwner.get(blok._uid);
  if (owner && (owner.file !== story.file || owner.tree === treeName)) {
    report.error("duplicate", story.file, `${where}._uid`, `duplicate _uid ${blok._uid} (also in ${owner.file})`);
  } else if (!owner) {
    uidOwner.set(blok._uid, { file: story.file, tree: treeName });
  }
}

/** An unknown component (allowed only in some stories), or a known one against its schemas. */
function checkComponent(walk: StoryWalk, blok: Blok, where: string): void {
  const schemas = schemaList(walk.options.schemas[blok.component]);
  if (schemas.length > 0) {
    validateBlok(walk, blok, schemas, where);
    return;
  }
  const issue: CheckIssue = {
    kind: "unknown-blok",
    file: walk.story.file,
    path: where,
    message: `unknown component "${blok.component}"`,
  };
  if (walk.mayHoldUnknown) walk.report.allowedUnknown.push(issue);
  else walk.report.errors.push(issue);
}

/** The blok against each of its schemas, as it is and after each of its translations. */
function validateBlok(walk: StoryWalk, blok: JsonObject, schemas: readonly z.ZodType[], where: string): void {
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
        if (reportedByNestedBlok(walk.options, variant.value, issue.path)) continue;
        const at = formatPath(issue.path as PathSeg[]);
        const key = `${at}|${issue.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const full = at ? `${where}.${at}`.replace(/\.\[/g, "[") : where;
        walk.report.error("blok", walk.story.file, full, `${blokLabel(blok)}: ${issue.message}${variant.label}`);
      }
    }
  }
}

/** True when the issue lies inside a nested blok that is validated against its own schema. */
function reportedByNestedBlok(options: CheckOptions, root: JsonObject, issuePath: readonly PropertyKey[]): boolean {
  for (let i = 1; i < issuePath.length; i++) {
    const nested = valueAt(root, issuePath.slice(0, i));
    if (isBlok<Json>(nested) && schemaList(options.schemas[nested.component]).length > 0) {
      return issuePath[i] !== "component";
    }
  }
  return false;
}

function checkRelation({ story, index, report }: StoryWalk, value: Json, expected: readonly string[], path: PathSeg[]): void {
  const items = Array.isArray(value) ? value : [value];
  items.forEach((item, i) => {
    const uuid = typeof item === "string" ? item : isRecord<Json>(item) && typeof item.uuid === "string" ? item.uuid : "";
    if (uuid === "") return;
    const at = formatPath(Array.isArray(value) ? [...path, i] : path);
    const target = index.byUuid.get(uuid);
    if (!target) {
      report.error("relation", story.file, at, `relation to missing story ${uuid}`);
    } else if (target.component && !expected.includes(target.component)) {
      report.error("relation", story.file, at, `relation to ${target.fullSlug} (${target.component}); expected ${expected.join(" or ")}`);
    }
  });
}

/** news_categories values must be values of the news-categories datasource. */
function checkNewsCategories({ story, newsCategories, report }: StoryWalk, blok: Blok, where: string): void {
  if (!Array.isArray(blok.news_categories)) return;
  blok.news_categories.forEach((value, i) => {
    if (typeof value !== "string") return;
    const at = `${where}.news_categories[${i}]`;
    if (!newsCategories) {
      report.error("datasource", story.file, at, `"${value}": there is no ${NEWS_CATEGORIES_DATASOURCE} datasource`);
    } else if (!newsCategories.has(value)) {
      report.error("datasource", story.file, at, `"${value}" is not a value of the ${NEWS_CATEGORIES_DATASOURCE} datasource`);
    }
  });
}

function checkMultilink({ story, index, report }: StoryWalk, link: JsonObject, path: PathSeg[]): void {
  const at = formatPath(path);
  if (link.linktype === "story") {
    const id = typeof link.id === "string" ? link.id : typeof link.id === "number" ? String(link.id) : "";
    const cached = typeof link.cached_url === "string" ? normaliseSlug(link.cached_url) : "";
    const target = id ? index.byUuid.get(id) : undefined;
    if (id && !target) {
      report.error("link", story.file, at, `story link to missing story ${id}${cached ? ` ("${cached}")` : ""}`);
    } else if (cached) {
      if (!index.bySlug.has(cached)) report.error("link", story.file, at, `story link cached_url "${cached}" has no story`);
      else if (target && target.fullSlug !== cached) {
        report.error("link", story.file, at, `story link cached_url "${cached}" does not match ${id} (${target.fullSlug})`);
      }
    }
  } else if (link.linktype === "email") {
    const email = [link.email, link.url, link.cached_url].find((v) => typeof v === "string" && v !== "");
    if (typeof email === "string" && !EMAIL_RE.test(email.replace(/^mailto:/, ""))) {
      report.error("link", story.file, at, `email link "${email}" is not an email address`);
    }
  }
}

/**
 * A story link that points somewhere has the story's uuid in `id`: Storyblok keeps `cached_url`
 * up to date by it when the story moves, so a link with only a path breaks on the first move.
 * An empty link field (no id, no path) is fine.
 */
function checkStoryLinkId({ story, report }: StoryWalk, link: JsonObject, path: PathSeg[]): void {
  if (link.linktype !== "story") return;
  const id = typeof link.id === "number" ? String(link.id) : typeof link.id === "string" ? link.id.trim() : "";
  const cached = typeof link.cached_url === "string" ? normaliseSlug(link.cached_url) : "";
  const url = typeof link.url === "string" ? link.url.trim() : "";
  if (!id && (cached || url)) {
    report.error("link", story.file, formatPath(path), `story link to "${cached || url}" has an empty id: pick the story, not a path`);
  }
}

function checkRichTextLink({ story, index, report }: StoryWalk, attrs: JsonObject, path: PathSeg[]): void {
  if (attrs.linktype !== "story") return;
  const at = formatPath(path);
  const uuid = typeof attrs.uuid === "string" ? attrs.uuid : "";
  const href = typeof attrs.href === "string" ? normaliseSlug(attrs.href) : "";
  const target = uuid ? index.byUuid.get(uuid) : undefined;
  if (uuid && !target) {
    report.error("link", story.file, at, `richtext link to missing story ${uuid}${href ? ` ("${href}")` : ""}`);
  } else if (href) {
    if (!index.bySlug.has(href)) report.error("link", story.file, at, `richtext link href "${href}" has no story`);
    else if (target && target.fullSlug !== href) {
      report.error("link", story.file, at, `richtext link href "${href}" does not match ${uuid} (${target.fullSlug})`);
    }
  }
}

function checkMedia({ story, assets, options, report }: StoryWalk, value: string, path: PathSeg[]): void {
  const fileName = mediaFileOf(value);
  if (fileName === null) return;
  report.stats.mediaReferences++;
  if (assets === null || assets.has(fileName)) return;
  report.missingAssets.add(fileName);
  if (!options.skipAssets) {
    report.error("asset", story.file, formatPath(path), `"/media/${fileName}" has no file in assets/`);
  }
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

/**
 * What content must not put in the page: an id the site's markup uses (a blok's `scroll_to_id`, a
 * rich-text anchor), or a link that is not http(s), mailto, tel, `#` or a path of the site.
 */
function checkContentIdsAndHrefs({ story, report }: StoryWalk, value: JsonObject, path: PathSeg[]): void {
  const reserved = (id: Json | undefined, at: PathSeg[]) => {
    if (typeof id === "string" && id.trim() !== "" && isReservedId(id)) {
      report.error("blok", story.file, formatPath(at), `id "${id}" is one the site's own markup uses`);
    }
  };
  const href = (link: Json | undefined, at: PathSeg[]) => {
    if (typeof link === "string" && !isSafeContentHref(link)) {
      report.error("link", story.file, formatPath(at), `link "${link}" is not http(s), mailto, tel, # or a path of the site`);
    }
  };
  if (typeof value.component === "string") reserved(value.scroll_to_id, [...path, "scroll_to_id"]);
  const attrs = isRecord<Json>(value.attrs) ? value.attrs : null;
  if (value.type === "anchor" && attrs) reserved(attrs.id, [...path, "attrs", "id"]);
  if (value.type === "link" && attrs && attrs.linktype !== "story" && attrs.linktype !== "email") href(attrs.href, [...path, "attrs", "href"]);
  if (typeof value.linktype === "string" && (value.fieldtype === "multilink" || "cached_url" in value) && (value.linktype === "url" || value.linktype === "asset")) {
    href(value.url, [...path, "url"]);
    href(value.cached_url, [...path, "cached_url"]);
  }
}

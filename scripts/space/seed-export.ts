import { createHash } from "node:crypto";
import path from "node:path";
import { isRecord } from "~/lib/object";
import { assetsIn, rewriteRefs, storyUuidsIn } from "./seed-refs";

/**
 * The fixture content (shared/CONTENT_MODEL.md section 1) as seed files in the formats of
 * Storyblok's CLI 4 (`stories push`, `assets push`, `datasources push`, all `--from seed`).
 * Pure: scripts/space/export.ts does the file I/O. See docs/decisions/037-seed-export-and-push.md.
 */

/** The CLI's asset push reads these extensions only (CLI `SUPPORTED_ASSET_EXTENSIONS`, 4.22.0). */
export const CLI_ASSET_EXTENSIONS = new Set([
  ".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".svg",
  ".mp4", ".mov", ".avi", ".webm", ".wmv", ".mkv", ".flv", ".ogv", ".3gp", ".m4v", ".mpg", ".mpeg", ".m3u8",
  ".mp3", ".wav", ".ogg", ".aac", ".flac", ".wma", ".m4a", ".opus",
  ".pdf", ".doc", ".docx", ".txt", ".vtt",
]);

export const MEDIA_PREFIX = "/media/";

export interface FixtureStoryFile {
  /** Path under stories/, posix, with .json. */
  path: string;
  story: Record<string, unknown>;
}

export interface FixtureSet {
  stories: readonly FixtureStoryFile[];
  /** Datasource slug -> entries as in content-fixtures/datasources/<slug>.json. */
  datasources: Readonly<Record<string, readonly { name?: string; value: string; dimension_value?: string | null }[]>>;
  /** File names under assets/. */
  assetFiles: readonly string[];
  /** Optional titles per file (content-fixtures/assets.manifest.json). */
  assetTitles?: Readonly<Record<string, string>>;
  /** Pixel sizes of the raster images, which their Storyblok URLs carry (`/<w>x<h>/`). */
  assetSizes?: Readonly<Record<string, { width: number; height: number }>>;
}

/** The fields that place a Management API story in its space and say whether it is live. */
export interface MapiStoryFields {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  parent_id: number;
  is_folder: boolean;
  is_startpage: boolean;
  published: boolean;
  unpublished_changes: boolean;
}

/** A Management API story object as the CLI reads it from `stories/<space>/<slug>_<uuid>.json`. */
export type SeedStory = Record<string, unknown> & MapiStoryFields;

export interface SeedAsset {
  /** File name in the fixture assets folder (and the name the asset is uploaded under). */
  file: string;
  /** The seed file's name under assets/seed/ (`<stem>_<id><ext>`, the CLI's pull naming). */
  seedFile: string;
  /** Its sidecar's name: the CLI reads `<stem>.json` next to `<stem><ext>`. */
  sidecarFile: string;
  sidecar: {
    id: number;
    filename: string;
    short_filename: string;
    alt?: string;
    title?: string;
    meta_data: Record<string, string>;
  };
}

export interface SeedDatasource {
  name: string;
  slug: string;
  dimensions: never[];
  entries: { name: string; value: string }[];
}

export interface SeedDraft {
  uuid: string;
  full_slug: string;
  /** Unpublished content that sits on top of the published one (seed ids, like the stories). */
  content: unknown;
}

export interface Seed {
  stories: SeedStory[];
  assets: SeedAsset[];
  datasources: SeedDatasource[];
  drafts: SeedDraft[];
  /** Fixture files left out of the asset push (no CLI-supported extension), e.g. the dealer CSVs. */
  skippedFiles: string[];
  /** Fixture stories left out (buildSeed's `exclude`). */
  skippedStories: string[];
}

function hashOf(key: string): Buffer {
  return createHash("sha1").update(key).digest();
}

/** A 9-digit id derived from `key`: the same key gives the same id on every export. */
export function stableId(key: string): number {
  return 100_000_000 + (hashOf(key).readUInt32BE(0) % 900_000_000);
}

/** A version-4-shaped uuid derived from `key`. */
export function stableUuid(key: string): string {
  const h = hashOf(key).toString("hex");
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The placeholder URL a seed asset is written under in content and in its sidecar `filename`.
 * Storyblok's CLI maps asset objects by id and records `old_filename -> new_filename` in its
 * asset manifest; the post-push pass rewrites asset links (which the CLI leaves alone) by it.
 */
export function seedAssetUrl(id: number, file: string, size?: { width: number; height: number }): string {
  // An image's URL carries its size as Storyblok's do (`/f/<space>/<w>x<h>/<hash>/<name>`); the
  // CLI's `assets push` sends that segment as the upload's `size`.
  return `https://a.storyblok.com/f/seed/${size ? `${size.width}x${size.height}/` : ""}${id}/${file}`;
}

const SEED_ASSET_URL = /^https:\/\/a\.storyblok\.com\/f\/seed\/(?:\d+x\d+\/)?(\d+)\/(.+)$/;

/** The fixture file a seed asset URL names, or undefined. */
export function fileOfSeedUrl(url: string): string | undefined {
  return SEED_ASSET_URL.exec(url)?.[2];
}

function mediaFile(url: string): string | undefined {
  if (!url.startsWith(MEDIA_PREFIX)) return undefined;
  const file = decodeURIComponent(url.slice(MEDIA_PREFIX.length).split(/[?#]/)[0]);
  // Image-service suffixes (`/m/...`) belong to the rendering, not to the file.
  return file.split("/m/")[0];
}

function humanise(slug: string): string {
  const words = slug.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The content type a folder's children mostly have: Storyblok's `default_root` of the folder. */
function defaultRootOf(children: readonly Record<string, unknown>[]): string | undefined {
  const counts = new Map<string, number>();
  for (const child of children) {
    const component = isRecord(child.content) ? child.content.component : undefined;
    if (typeof component === "string") counts.set(component, (counts.get(component) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** Fields of a fixture story the CDN adds and a Management API story has not. */
const CDN_ONLY_FIELDS = ["lang", "alternates", "release_id", "default_full_slug", "translated_slugs", "draft", "content"];

/**
 * `exclude`: full_slugs left out, e.g. the deliberate unknown-block fixture (ALLOWED_UNKNOWN_BLOK_STORIES):
 * the CLI's `stories push` checks every story against the components first and aborts the whole
 * push on one unknown component.
 */
export function buildSeed(fixtures: FixtureSet, options: { exclude?: readonly string[] } = {}): Seed {
  const excluded = new Set(options.exclude ?? []);
  const stories = [...fixtures.stories]
    .filter(({ story }) => !excluded.has(String(story.full_slug).replace(/\/$/, "")))
    .sort((a, b) => a.path.localeCompare(b.path));
  const bySlug = new Map<string, Record<string, unknown>>();
  for (const { story } of stories) bySlug.set(String(story.full_slug).replace(/\/$/, ""), story);

  // One id per asset file, whatever id or none the fixture references carried.
  const usedIds = new Set<number>(stories.map(({ story }) => Number(story.id)));
  const assetIds = new Map<string, number>();
  const claim = (key: string, what: string): number => {
    const id = stableId(key);
    if (usedIds.has(id)) throw new Error(`seed export: id ${id} of ${what} collides; change the key scheme`);
    usedIds.add(id);
    return id;
  };
  const assetFiles = [...fixtures.assetFiles].sort();
  const skippedFiles: string[] = [];
  for (const file of assetFiles) {
    if (file === "README.md" || file.includes("/")) continue;
    if (!CLI_ASSET_EXTENSIONS.has(path.extname(file).toLowerCase())) {
      skippedFiles.push(file);
      continue;
    }
    assetIds.set(file, claim(`asset:${file}`, `asset ${file}`));
  }
  const assetFor = (url: string) => {
    const file = mediaFile(url);
    if (file === undefined) return undefined;
    const id = assetIds.get(file);
    if (id === undefined) throw new Error(`seed export: ${url} names no exportable file in assets/`);
    return { id, filename: seedAssetUrl(id, file, fixtures.assetSizes?.[file]) };
  };

  // The folders the tree needs: every proper prefix of every full_slug.
  const folderPaths = new Set<string>();
  for (const slug of bySlug.keys()) {
    const parts = slug.split("/");
    for (let i = 1; i < parts.length; i++) folderPaths.add(parts.slice(0, i).join("/"));
  }
  const folderIds = new Map<string, number>();
  for (const folder of [...folderPaths].sort()) folderIds.set(folder, claim(`folder:${folder}`, `folder ${folder}`));
  const parentIdOf = (slug: string, isStartpage: boolean): number => {
    if (isStartpage) return folderIds.get(slug) ?? 0;
    const parent = slug.split("/").slice(0, -1).join("/");
    return parent ? (folderIds.get(parent) ?? 0) : 0;
  };

  const rewrite = (content: unknown) =>
    rewriteRefs(content, {
      asset: ({ filename }) => assetFor(filename),
      assetUrl: (url) => assetFor(url)?.filename,
    });

  const out: SeedStory[] = [];
  const drafts: SeedDraft[] = [];
  for (const folder of [...folderPaths].sort()) {
    const slug = folder.split("/").pop() ?? folder;
    const children = stories
      .map(({ story }) => story)
      .filter((s) => String(s.full_slug).replace(/\/$/, "").split("/").slice(0, -1).join("/") === folder);
    const startpage = bySlug.get(folder);
    const defaultRoot = defaultRootOf(children);
    out.push({
      id: folderIds.get(folder) as number,
      uuid: stableUuid(`folder:${folder}`),
      name: typeof startpage?.name === "string" ? startpage.name : humanise(slug),
      slug,
      full_slug: folder,
      parent_id: parentIdOf(folder, false),
      is_folder: true,
      is_startpage: false,
      published: false,
      unpublished_changes: false,
      position: 0,
      tag_list: [],
      ...(defaultRoot ? { default_root: defaultRoot } : {}),
    });
  }
  for (const { story } of stories) {
    const fullSlug = String(story.full_slug).replace(/\/$/, "");
    const isStartpage = folderPaths.has(fullSlug);
    const published = story.published_at != null;
    const draft = isRecord(story.draft) && story.draft.content !== undefined ? story.draft.content : undefined;
    const base: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(story)) if (!CDN_ONLY_FIELDS.includes(key)) base[key] = value;
    out.push({
      ...base,
      id: Number(story.id),
      uuid: String(story.uuid),
      name: String(story.name),
      slug: fullSlug.split("/").pop() ?? fullSlug,
      full_slug: fullSlug,
      parent_id: parentIdOf(fullSlug, isStartpage),
      is_folder: false,
      is_startpage: isStartpage,
      published,
      // The CLI publishes a story on its own only when it is published without changes; a
      // pending draft is put on top by the post-push pass.
      unpublished_changes: false,
      content: rewrite(story.content),
    });
    if (draft !== undefined) drafts.push({ uuid: String(story.uuid), full_slug: fullSlug, content: rewrite(draft) });
  }

  // Per file: the alt text most references use, and the fixture manifest's title.
  const alts = new Map<string, Map<string, number>>();
  for (const { story } of stories) {
    const tally = (value: unknown) => {
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!isRecord(node)) return;
        if (node.fieldtype === "asset" && typeof node.filename === "string" && typeof node.alt === "string" && node.alt) {
          const file = mediaFile(node.filename);
          if (file) {
            const m = alts.get(file) ?? new Map<string, number>();
            m.set(node.alt, (m.get(node.alt) ?? 0) + 1);
            alts.set(file, m);
          }
        }
        Object.values(node).forEach(visit);
      };
      visit(value);
    };
    tally(story.content);
  }
  const assets: SeedAsset[] = [...assetIds.entries()].map(([file, id]) => {
    const ext = path.extname(file);
    const stem = `${file.slice(0, -ext.length)}_${id}`;
    const alt = [...(alts.get(file)?.entries() ?? [])].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
    const title = fixtures.assetTitles?.[file];
    return {
      file,
      seedFile: `${stem}${ext}`,
      sidecarFile: `${stem}.json`,
      sidecar: {
        id,
        filename: seedAssetUrl(id, file, fixtures.assetSizes?.[file]),
        short_filename: file,
        ...(alt ? { alt } : {}),
        ...(title ? { title } : {}),
        meta_data: { ...(alt ? { alt } : {}), ...(title ? { title } : {}) },
      },
    };
  });

  const datasources: SeedDatasource[] = Object.entries(fixtures.datasources)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([slug, entries]) => ({
      name: humanise(slug),
      slug,
      dimensions: [],
      entries: entries.map((e) => ({ name: e.name ?? e.value, value: e.value })),
    }));

  const skippedStories = fixtures.stories.map(({ story }) => String(story.full_slug)).filter((slug) => excluded.has(slug));
  return { stories: out, assets, datasources, drafts, skippedFiles, skippedStories };
}

/** Problems that would break a push: each names the story and what is wrong. */
export function checkSeed(seed: Seed): string[] {
  const problems: string[] = [];
  const folders = new Map(seed.stories.filter((s) => s.is_folder).map((s) => [s.id, s]));
  const uuids = new Set(seed.stories.map((s) => s.uuid));
  const assetIds = new Map(seed.assets.map((a) => [a.sidecar.id, a]));
  const assetUrls = new Set(seed.assets.map((a) => a.sidecar.filename));
  const slugs = new Map<string, SeedStory[]>();
  for (const story of seed.stories) slugs.set(story.full_slug, [...(slugs.get(story.full_slug) ?? []), story]);

  for (const story of seed.stories) {
    const where = `${story.full_slug} (${story.is_folder ? "folder" : "story"})`;
    if (story.parent_id !== 0) {
      const parent = folders.get(story.parent_id);
      if (!parent) problems.push(`${where}: parent_id ${story.parent_id} is no exported folder`);
      else {
        const expected = story.is_startpage ? story.full_slug : story.full_slug.split("/").slice(0, -1).join("/");
        if (parent.full_slug !== expected) problems.push(`${where}: parent folder is ${parent.full_slug}, expected ${expected}`);
      }
    } else if (story.full_slug.includes("/") || story.is_startpage) {
      problems.push(`${where}: nested story at the root`);
    }
    const sharing = slugs.get(story.full_slug) ?? [];
    if (sharing.length > 1) {
      const ok = sharing.length === 2 && sharing.some((s) => s.is_folder) && sharing.some((s) => s.is_startpage);
      if (!ok) problems.push(`${where}: full_slug shared without a folder/start-page pair`);
    }
    const contents = [story.content, ...seed.drafts.filter((d) => d.uuid === story.uuid).map((d) => d.content)];
    for (const content of contents) {
      for (const uuid of storyUuidsIn(content)) if (!uuids.has(uuid)) problems.push(`${where}: story reference ${uuid} names no exported story`);
      const { objects, urls } = assetsIn(content);
      for (const { id, filename } of objects) {
        if (filename.startsWith(MEDIA_PREFIX)) problems.push(`${where}: asset ${filename} was not rewritten`);
        else if (fileOfSeedUrl(filename) !== undefined) {
          const asset = typeof id === "number" ? assetIds.get(id) : undefined;
          if (!asset || asset.sidecar.filename !== filename) problems.push(`${where}: asset ${filename} has id ${String(id)} with no matching sidecar`);
        }
      }
      for (const url of urls) {
        if (url.startsWith(MEDIA_PREFIX)) problems.push(`${where}: asset link ${url} was not rewritten`);
        else if (fileOfSeedUrl(url) !== undefined && !assetUrls.has(url)) problems.push(`${where}: asset link ${url} has no sidecar`);
      }
      if (JSON.stringify(content ?? null).includes(`"${MEDIA_PREFIX}`)) problems.push(`${where}: a ${MEDIA_PREFIX} string is left in the content`);
    }
  }
  return problems;
}

type WireSchema = Record<string, { type?: unknown } & Record<string, unknown>>;

/**
 * What the CLI's `stories push` checks before its first request (CLI `stories/validate-story.ts`):
 * every blok's component exists in components.json, and every field it holds (`__i18n__` suffix
 * dropped; `component` and `_`-prefixed keys aside) is declared, descending through `bloks`
 * fields and rich-text `blok` nodes. One problem aborts the whole push there.
 */
export function cliPreflight(stories: readonly SeedStory[], components: readonly { name: string; schema?: unknown }[]): string[] {
  const schemas = new Map(components.map((c) => [c.name, (isRecord(c.schema) ? c.schema : {}) as WireSchema]));
  const problems = new Set<string>();
  const walkRichtext = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((n) => walkRichtext(n, where));
    if (!isRecord(node)) return;
    if (node.type === "blok" && isRecord(node.attrs) && Array.isArray(node.attrs.body)) {
      node.attrs.body.forEach((b) => visit(b, where));
      return;
    }
    Object.values(node).forEach((v) => walkRichtext(v, where));
  };
  const visit = (node: unknown, where: string): void => {
    if (!isRecord(node) || typeof node.component !== "string" || node.component === "") return;
    const schema = schemas.get(node.component);
    if (!schema) {
      problems.add(`${where}: component ${node.component} is not in components.json`);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "component" || key.startsWith("_")) continue;
      const field = schema[key.replace(/__i18n__.*/, "")];
      if (!field) {
        problems.add(`${where}: ${node.component}.${key} is not declared`);
        continue;
      }
      if (field.type === "bloks" && Array.isArray(value)) value.forEach((b) => visit(b, where));
      if (field.type === "richtext") walkRichtext(value, where);
    }
  };
  for (const story of stories) if (!story.is_folder) visit(story.content, story.full_slug);
  return [...problems];
}

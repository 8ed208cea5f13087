/**
 * File-backed content index (the only module here doing I/O).
 *
 * The content directory is walked at most once per `refreshIntervalMs` (directory listing +
 * lstat); a file is (re-)read only when its mtime or size changed. Paths always come from the
 * directory walk, never from request input. Symbolic links and dot-files are skipped, so
 * nothing outside the content directory is ever read.
 */
import { lstat, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { compareDefault } from "./sort";
import {
  isJsonObject,
  type ContentSnapshot,
  type ContentSource,
  type DatasourceEntry,
  type StoryFile,
  type StoryRecord,
} from "./types";

export interface ContentStoreOptions {
  readonly contentDir: string;
  /** Minimum time between two directory scans (default 1000 ms; 0 = scan on every request). */
  readonly refreshIntervalMs?: number;
}

export interface ContentStoreStats {
  /** Number of story/datasource files read and parsed so far. */
  readonly fileReads: number;
  /** Number of directory scans so far. */
  readonly scans: number;
}

export interface ContentStore extends ContentSource {
  stats(): ContentStoreStats;
}

interface FileEntry {
  readonly rel: string;
  readonly mtimeMs: number;
  readonly size: number;
}

interface Cached<T> {
  readonly mtimeMs: number;
  readonly size: number;
  readonly value: T | null;
}

const EMPTY_SNAPSHOT: ContentSnapshot = {
  stories: [],
  byUuid: new Map(),
  byId: new Map(),
  bySlug: new Map(),
  datasources: new Map(),
  cv: 0,
};

/** Recursively lists regular files below `root` (relative, `/`-separated) and the newest mtime seen. */
async function scanDirectory(root: string): Promise<{ files: FileEntry[]; newestMtimeMs: number }> {
  const files: FileEntry[] = [];
  let newestMtimeMs = (await lstat(root)).mtimeMs;
  const walk = async (relDir: string): Promise<void> => {
    const entries = await readdir(relDir === "" ? root : join(root, relDir), { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.name.startsWith(".") || entry.isSymbolicLink()) return;
        const rel = relDir === "" ? entry.name : `${relDir}/${entry.name}`;
        if (!entry.isDirectory() && !entry.isFile()) return;
        const info = await lstat(join(root, rel));
        newestMtimeMs = Math.max(newestMtimeMs, info.mtimeMs);
        if (entry.isDirectory()) await walk(rel);
        else files.push({ rel, mtimeMs: info.mtimeMs, size: info.size });
      }),
    );
  };
  await walk("");
  return { files, newestMtimeMs };
}

function storyPathOf(rel: string): string | null {
  const match = /^stories\/(.+)\.json$/.exec(rel);
  return match ? match[1] : null;
}

function datasourceSlugOf(rel: string): string | null {
  const match = /^datasources\/([^/]+)\.json$/.exec(rel);
  return match ? match[1] : null;
}

function pathSlugOf(path: string): string {
  return path.endsWith("/index") ? path.slice(0, -"/index".length) : path;
}

/** Validates a parsed story file; fills `full_slug`/`slug` from the path when missing. */
export function toStoryRecord(path: string, data: unknown): StoryRecord | string {
  if (!isJsonObject(data)) return "not a JSON object";
  if (typeof data.id !== "number") return 'missing numeric "id"';
  if (typeof data.uuid !== "string" || data.uuid === "") return 'missing "uuid"';
  if (!isJsonObject(data.content)) return 'missing "content" object';
  const pathSlug = pathSlugOf(path);
  const fullSlug = typeof data.full_slug === "string" ? data.full_slug : pathSlug;
  const story: StoryFile = {
    ...data,
    id: data.id,
    uuid: data.uuid,
    content: data.content,
    full_slug: fullSlug,
    slug: typeof data.slug === "string" ? data.slug : (pathSlug.split("/").pop() ?? pathSlug),
  };
  if (typeof data.is_startpage !== "boolean") story.is_startpage = path === "index" || path.endsWith("/index");
  return { path, pathSlug, story };
}

/** Validates a parsed datasource file (array of entries). */
export function toDatasourceEntries(data: unknown): DatasourceEntry[] | string {
  if (!Array.isArray(data)) return "not a JSON array";
  const entries: DatasourceEntry[] = [];
  for (const [index, item] of data.entries()) {
    if (!isJsonObject(item) || typeof item.value !== "string") return `entry ${index} has no string "value"`;
    entries.push({
      ...item,
      id: typeof item.id === "number" ? item.id : index + 1,
      name: typeof item.name === "string" ? item.name : item.value,
      value: item.value,
      dimension_value: item.dimension_value ?? null,
    });
  }
  return entries;
}

function trimTrailingSlash(slug: string): string {
  return slug.replace(/\/+$/, "");
}

export function buildSnapshot(
  records: readonly StoryRecord[],
  datasources: ReadonlyMap<string, readonly DatasourceEntry[]>,
  cv: number,
): ContentSnapshot {
  const stories = [...records].sort(compareDefault);
  const byUuid = new Map<string, StoryRecord>();
  const byId = new Map<number, StoryRecord>();
  const bySlug = new Map<string, StoryRecord>();
  for (const record of stories) {
    byUuid.set(record.story.uuid, record);
    byId.set(record.story.id, record);
    bySlug.set(trimTrailingSlash(record.story.full_slug), record);
  }
  // File locations win over `full_slug` values; `news.json` wins over `news/index.json`.
  for (const record of stories) if (record.path !== record.pathSlug) bySlug.set(record.pathSlug, record);
  for (const record of stories) if (record.path === record.pathSlug) bySlug.set(record.pathSlug, record);
  return { stories, byUuid, byId, bySlug, datasources, cv };
}

export function createContentStore(options: ContentStoreOptions): ContentStore {
  const { contentDir } = options;
  const intervalMs = options.refreshIntervalMs ?? 1000;
  const storyCache = new Map<string, Cached<StoryRecord>>();
  const datasourceCache = new Map<string, Cached<DatasourceEntry[]>>();
  let current: ContentSnapshot | null = null;
  let lastScan = 0;
  let pending: Promise<ContentSnapshot> | null = null;
  let fileReads = 0;
  let scans = 0;
  let warnedMissingDir = false;

  async function readJson(rel: string): Promise<unknown> {
    fileReads += 1;
    const text = await readFile(join(contentDir, rel), "utf8");
    return JSON.parse(text) as unknown;
  }

  /** Updates `cache` for the given files; returns true when anything was added, changed or removed. */
  async function syncCache<T>(
    cache: Map<string, Cached<T>>,
    files: readonly FileEntry[],
    convert: (file: FileEntry, data: unknown) => T | string,
  ): Promise<boolean> {
    let changed = false;
    const seen = new Set(files.map((f) => f.rel));
    for (const rel of [...cache.keys()]) {
      if (!seen.has(rel)) {
        cache.delete(rel);
        changed = true;
      }
    }
    await Promise.all(
      files.map(async (file) => {
        const cached = cache.get(file.rel);
        if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size) return;
        changed = true;
        let value: T | null = null;
        try {
          const result = convert(file, await readJson(file.rel));
          if (typeof result === "string") console.error(`[local-content-api] ignoring ${file.rel}: ${result}`);
          else value = result;
        } catch (error) {
          console.error(`[local-content-api] ignoring ${file.rel}: ${error instanceof Error ? error.message : String(error)}`);
        }
        cache.set(file.rel, { mtimeMs: file.mtimeMs, size: file.size, value });
      }),
    );
    return changed;
  }

  async function scan(): Promise<ContentSnapshot> {
    scans += 1;
    let listing: { files: FileEntry[]; newestMtimeMs: number };
    try {
      listing = await scanDirectory(contentDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      if (!warnedMissingDir) console.error(`[local-content-api] content directory not found: ${contentDir}`);
      warnedMissingDir = true;
      storyCache.clear();
      datasourceCache.clear();
      return EMPTY_SNAPSHOT;
    }
    const storyFiles = listing.files.filter((f) => storyPathOf(f.rel) !== null);
    const datasourceFiles = listing.files.filter((f) => datasourceSlugOf(f.rel) !== null);
    const storiesChanged = await syncCache(storyCache, storyFiles, (f, data) => toStoryRecord(storyPathOf(f.rel) ?? "", data));
    const datasourcesChanged = await syncCache(datasourceCache, datasourceFiles, (_f, data) => toDatasourceEntries(data));
    const cv = Math.floor(listing.newestMtimeMs / 1000);
    if (current && current !== EMPTY_SNAPSHOT && !storiesChanged && !datasourcesChanged && current.cv === cv) return current;
    const records = [...storyCache.values()].map((c) => c.value).filter((r): r is StoryRecord => r !== null);
    const datasources = new Map<string, readonly DatasourceEntry[]>();
    for (const [rel, cached] of datasourceCache) {
      const slug = datasourceSlugOf(rel);
      if (slug !== null && cached.value !== null) datasources.set(slug, cached.value);
    }
    return buildSnapshot(records, datasources, cv);
  }

  return {
    snapshot(): Promise<ContentSnapshot> {
      if (current && Date.now() - lastScan < intervalMs) return Promise.resolve(current);
      if (!pending) {
        lastScan = Date.now();
        pending = scan()
          .then((snapshot) => {
            current = snapshot;
            return snapshot;
          })
          .finally(() => {
            pending = null;
          });
      }
      return pending;
    },
    stats: () => ({ fileReads, scans }),
  };
}


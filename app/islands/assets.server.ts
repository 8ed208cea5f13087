import { readFileSync } from "node:fs";
import path from "node:path";

/** The islands' entry and the files to preload with it, from the islands build's manifest. */
export interface IslandAssets {
  entry: string;
  preloads: string[];
}

/** Where `vite.islands.config.ts` writes the islands' build, under the site's static files. */
export const ISLANDS_DIR = "islands";
const MANIFEST = path.join("build", "client", ISLANDS_DIR, ".vite", "manifest.json");
const ENTRY_SOURCE = "app/entry.islands.ts";

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/**
 * The manifest's keys for a module. A module imported both by import() and statically (a block
 * another block shows) has a chunk but no key of its own: the bundler names that chunk after it,
 * so the dynamic entry of the same name stands for it.
 */
function keysFor(chunks: Record<string, ManifestChunk>, source: string): string[] {
  if (chunks[source]) return [source];
  const name = source.replace(/^.*\//, "").replace(/\.[jt]sx?$/, "");
  return Object.keys(chunks).filter((key) => key.startsWith("_") && chunks[key]!.isDynamicEntry && chunks[key]!.name === name);
}

let assets: IslandAssets | null | undefined;
let manifest: Record<string, ManifestChunk> | null = null;

/** The files a module's chunk needs (itself and its static imports), as URLs, from the manifest. */
export function chunkFilesFrom(chunks: Record<string, ManifestChunk>, sources: readonly string[], base = `/${ISLANDS_DIR}/`): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(base + chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) for (const key of keysFor(chunks, source)) visit(key);
  return [...files];
}

/** The files the islands' modules `sources` (paths from the project's root) need, in a production build; else none. */
export function islandChunkFiles(sources: readonly string[]): string[] {
  if (!islandAssets() || !manifest) return [];
  return chunkFilesFrom(manifest, sources);
}

/** The entry's file and its static imports (the framework, the runtime), as URLs. */
export function islandAssetsFrom(manifest: Record<string, ManifestChunk>, base = `/${ISLANDS_DIR}/`): IslandAssets | null {
  const entry = manifest[ENTRY_SOURCE];
  if (!entry) return null;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(ENTRY_SOURCE);
  return { entry: base + entry.file, preloads: [...files].map((file) => base + file) };
}

/**
 * The entry on the dev server: the same module, which Vite serves from source under the islands'
 * base (server.ts); its imports load as the page asks for them, so nothing is preloaded.
 */
export const DEV_ISLAND_ASSETS: IslandAssets = { entry: `/${ISLANDS_DIR}/${ENTRY_SOURCE}`, preloads: [] };

/**
 * The islands of this server (read once): the production build's, the dev server's entry from
 * source, or null without either (unit tests): every page then hydrates as one app.
 */
export function islandAssets(root = process.cwd()): IslandAssets | null {
  if (assets !== undefined) return assets;
  // The dev server builds nothing: an islands build left on disk would be stale.
  if (process.env.NODE_ENV === "development") return (assets = DEV_ISLAND_ASSETS);
  try {
    manifest = JSON.parse(readFileSync(path.join(root, MANIFEST), "utf8")) as Record<string, ManifestChunk>;
    assets = islandAssetsFrom(manifest);
  } catch {
    assets = null;
  }
  return assets;
}

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
const ENTRY_SOURCE = "app/entry.islands.tsx";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

let assets: IslandAssets | null | undefined;

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
 * The production build's islands (read once), or null without one (the dev server, unit tests):
 * every page then hydrates as one app.
 */
export function islandAssets(root = process.cwd()): IslandAssets | null {
  if (assets !== undefined) return assets;
  // The dev server builds nothing: an islands build left on disk would be stale.
  if (process.env.NODE_ENV === "development") return (assets = null);
  try {
    assets = islandAssetsFrom(JSON.parse(readFileSync(path.join(root, MANIFEST), "utf8")) as Record<string, ManifestChunk>);
  } catch {
    assets = null;
  }
  return assets;
}

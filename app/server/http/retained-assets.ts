/**
 * Hashed build assets kept across deploys. A page a cache (Varnish, a CDN, a browser's open tab)
 * still holds names the files of the build that rendered it; each build's files are copied into
 * one retained folder that every later build's server also serves, so those names keep working.
 * The folder's manifest lists the builds with their times; a build's files go once the build
 * after it has been live longer than the retention (no cache may still hold its pages), unless a
 * kept build has them too.
 */

/** The folder's manifest file, in the retained folder. */
export const RETAINED_MANIFEST = "retained-assets.json";
/** The asset folders of a build (under build/client), as URL paths: the same under the retained folder. */
export const ASSET_FOLDERS = ["assets", "islands/assets"] as const;
/** Longer than any cache may serve a page of an old build: s-maxage + stale-while-revalidate, a tab left open for a day. */
export const DEFAULT_ASSET_RETENTION_HOURS = 24;

export interface RetainedBuild {
  /** The build's id (its time, ISO 8601, unless given). */
  id: string;
  /** When the build was retained (ms since the epoch): it became the newest then. */
  at: number;
  /** Its files, relative to the retained folder (`assets/x.js`, `islands/assets/y.js`). */
  files: string[];
}

export interface RetainedManifest {
  builds: RetainedBuild[];
}

export interface Retention {
  manifest: RetainedManifest;
  /** Files no kept build names: to delete from the retained folder. */
  prune: string[];
}

/** A manifest read from its JSON (an unreadable or foreign one starts afresh). */
export function parseRetainedManifest(text: string | null): RetainedManifest {
  if (!text) return { builds: [] };
  try {
    const value = JSON.parse(text) as { builds?: unknown };
    if (!Array.isArray(value.builds)) return { builds: [] };
    const builds = value.builds.filter(
      (b): b is RetainedBuild =>
        typeof b === "object" && b !== null && typeof (b as RetainedBuild).id === "string" && Number.isFinite((b as RetainedBuild).at) && Array.isArray((b as RetainedBuild).files),
    );
    return { builds: builds.map((b) => ({ id: b.id, at: b.at, files: b.files.filter((f): f is string => typeof f === "string" && isRetainedPath(f)) })) };
  } catch {
    return { builds: [] };
  }
}

/** A path under one of the asset folders, with no way out of it. */
export function isRetainedPath(file: string): boolean {
  return ASSET_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) && !file.split("/").some((part) => part === ".." || part === "" || part === ".");
}

/**
 * Adds the build `current` (the newest) and drops the builds superseded more than `retentionMs`
 * before `now`: a build stays while the one after it is younger than the retention. Returns the
 * manifest to write and the files to delete.
 */
export function retainBuild(previous: RetainedManifest, current: RetainedBuild, now: number, retentionMs: number): Retention {
  const builds = [...previous.builds.filter((b) => b.id !== current.id), current].sort((a, b) => a.at - b.at);
  const kept = builds.filter((build, i) => {
    const successor = builds[i + 1];
    return !successor || now - successor.at < retentionMs;
  });
  const keptFiles = new Set(kept.flatMap((b) => b.files));
  const known = new Set([...previous.builds, current].flatMap((b) => b.files));
  return { manifest: { builds: kept }, prune: [...known].filter((f) => !keptFiles.has(f)).sort() };
}

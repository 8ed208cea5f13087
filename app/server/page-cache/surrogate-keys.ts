/**
 * Surrogate keys: every published page names the content it was built
 * from, in `Surrogate-Key` (Fastly and others: space-separated) and `Cache-Tag` (Cloudflare:
 * comma-separated), so that a CDN can purge exactly the pages a publish changes:
 *
 * - `story-<id>`: a story the page read by slug (the page's own, the layout's global stories,
 *   settings), and every story embedded in it as a resolved relation;
 * - `folder-<path>`: a list of stories under a folder (news listings, the vehicle catalogue), which
 *   a new or changed story in that folder changes;
 * - `stories`: a list not limited to a folder (a list by slugs names its stories instead);
 *   `datasource-<name>`: a datasource's entries;
 * - `site`: every published page (a purge of everything).
 *
 * `purgeKeysForPublish` says which keys a publish webhook's event purges.
 */

export const SITE_KEY = "site";
export const ALL_STORIES_KEY = "stories";

export function storyKey(id: number): string {
  return `story-${id}`;
}

/** `car-configurator/models/` → `folder-car-configurator-models`. */
export function folderKey(path: string): string {
  const clean = path.toLowerCase().replace(/^\/+|\/+$/g, "").replace(/[^a-z0-9]+/g, "-");
  return `folder-${clean}`;
}

export function datasourceKey(name: string): string {
  return `datasource-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

type StoryLike = { id?: unknown; full_slug?: unknown; content?: unknown };

function isStory(value: unknown): value is StoryLike & { id: number } {
  const v = value as StoryLike | null;
  return typeof v === "object" && v !== null && typeof v.id === "number" && typeof v.full_slug === "string";
}

/** Keys under a frozen story (the content cache's, per content version): worked out once. */
const keysUnderFrozen = new WeakMap<object, readonly string[]>();

/** The story's key and those of the stories embedded in it (resolved relations). */
export function keysOfStory(story: unknown): readonly string[] {
  if (!isStory(story)) return [];
  const cached = Object.isFrozen(story) ? keysUnderFrozen.get(story) : undefined;
  if (cached) return cached;
  const keys = new Set<string>([storyKey(story.id)]);
  const visit = (value: unknown) => {
    if (typeof value !== "object" || value === null) return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v);
      return;
    }
    if (isStory(value)) keys.add(storyKey(value.id));
    for (const v of Object.values(value)) visit(v);
  };
  visit(story.content);
  const found = [...keys];
  if (Object.isFrozen(story)) keysUnderFrozen.set(story, found);
  return found;
}

/**
 * The keys of a list query: a list by slugs or UUIDs is its stories (nothing new can join it but
 * at those slugs); any other list is its folder's, or every story's when not limited to a folder.
 */
export function keysOfList(params: { starts_with?: unknown; by_slugs?: unknown; by_uuids?: unknown }, stories: readonly unknown[]): string[] {
  if (typeof params.by_slugs === "string" || typeof params.by_uuids === "string") return stories.flatMap((story) => keysOfStory(story));
  return [typeof params.starts_with === "string" && params.starts_with.replace(/\/+/g, "") !== "" ? folderKey(params.starts_with) : ALL_STORIES_KEY];
}

/**
 * The keys to purge for a publish webhook's event: the story, the lists of every folder above it
 * (a new story appears in them), and unfiltered lists. Without a story (a datasource, or an event
 * this does not know): everything.
 */
export function purgeKeysForPublish(event: { storyId?: number; fullSlug?: string }): string[] {
  if (event.storyId === undefined) return [SITE_KEY];
  const keys = [storyKey(event.storyId), ALL_STORIES_KEY];
  const folders = (event.fullSlug ?? "").split("/").filter(Boolean).slice(0, -1);
  for (let i = 1; i <= folders.length; i++) keys.push(folderKey(folders.slice(0, i).join("/")));
  return keys;
}

/** Header values: `site` first, then the rest sorted (stable, so stored pages compare equal). */
export function surrogateKeyHeaders(keys: Iterable<string>): { "Surrogate-Key": string; "Cache-Tag": string } {
  const list = [SITE_KEY, ...[...new Set(keys)].filter((k) => k !== SITE_KEY).sort()];
  return { "Surrogate-Key": list.join(" "), "Cache-Tag": list.join(",") };
}

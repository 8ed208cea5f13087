/**
 * The process's page cache, reachable from both module graphs (server-app.ts's bundle and the
 * Remix build, which the webhook route and the content cache live in) through a process-wide slot,
 * as the request context does.
 */
export interface ClearablePageCache {
  clear(): void;
  /** Outdates the pages naming one of `keys` (null: every page); see PageCache.invalidate. */
  invalidate(keys: readonly string[] | null): number;
}

const SLOT = Symbol.for("kestrel.page-cache");
type Slot = { cache: ClearablePageCache | null };

function slot(): Slot {
  const g = globalThis as unknown as Record<symbol, Slot | undefined>;
  return (g[SLOT] ??= { cache: null });
}

/** server-app.ts registers the cache it serves pages from. */
export function registerPageCache(cache: ClearablePageCache | null): void {
  slot().cache = cache;
}

export function registeredPageCache(): ClearablePageCache | null {
  return slot().cache;
}

/** Clears the page cache, if there is one. */
export function clearPageCache(): void {
  slot().cache?.clear();
}

/**
 * A publish (or a new content version) changed the content named by `keys` (surrogate keys;
 * null: anything): those pages are served stale while one render replaces each.
 */
export function invalidatePageCache(keys: readonly string[] | null): void {
  slot().cache?.invalidate(keys);
}

import { useMatches } from "@remix-run/react";

/** Server data of a page's blocks, by blok _uid (see loaders.server.ts). */
export type BlockDataMap = Record<string, unknown>;

/** The blockData of a route's loader data, or null. */
export function blockDataOf(data: unknown): BlockDataMap | null {
  if (!data || typeof data !== "object") return null;
  const map = (data as { blockData?: unknown }).blockData;
  return map && typeof map === "object" && !Array.isArray(map) ? (map as BlockDataMap) : null;
}

/**
 * The data a block's server loader returned for this blok (app/blocks/loaders.server.ts), read
 * from the deepest matched route whose loader data carries it; undefined when the page's loader
 * did not run block loaders (or the blok has none). T is the loader's return type: pass
 * `Awaited<ReturnType<typeof myBlockLoader>>`.
 */
export function useBlockData<T>(uid: string | null | undefined): T | undefined {
  const matches = useMatches();
  if (!uid) return undefined;
  for (let i = matches.length - 1; i >= 0; i--) {
    const map = blockDataOf(matches[i]?.data);
    if (map && Object.prototype.hasOwnProperty.call(map, uid)) return map[uid] as T;
  }
  return undefined;
}

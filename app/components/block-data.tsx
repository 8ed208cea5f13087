import { createContext, useContext } from "react";
import { isBlok } from "~/lib/object";

/** Server data of a page's blocks, by blok _uid (app/blocks/loaders.server.ts). */
export type BlockDataMap = Record<string, unknown>;

/** The blockData of a route's loader data, or null. */
export function blockDataOf(data: unknown): BlockDataMap | null {
  if (!data || typeof data !== "object") return null;
  const map = (data as { blockData?: unknown }).blockData;
  return map && typeof map === "object" && !Array.isArray(map) ? (map as BlockDataMap) : null;
}

const BlockDataContext = createContext<BlockDataMap>({});

/** The page's block data (the page's route), or an island's share of it. */
export const BlockDataProvider = BlockDataContext.Provider;

/** The entries of `map` for the bloks inside `value` (an island's share of the page's block data). */
export function blockDataIn(value: unknown, map: BlockDataMap): BlockDataMap {
  const out: BlockDataMap = {};
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const v of node) visit(v);
    } else if (typeof node === "object" && node !== null) {
      if (isBlok(node) && Object.prototype.hasOwnProperty.call(map, node._uid)) out[node._uid] = map[node._uid];
      for (const v of Object.values(node)) visit(v);
    }
  };
  visit(value);
  return out;
}

/** The whole map in context (an island's wrapper picks its share from it). */
export function useBlockDataMap(): BlockDataMap {
  return useContext(BlockDataContext);
}

/**
 * The data the server loader of a blok's block returned for it (app/blocks/<name>/loader.server.ts),
 * by the blok or its _uid, typed by the caller: a block passes its loader's result type
 * (`BlockDataOf<typeof loader>`, app/blocks/types.ts). Null when the loader failed, when the page's
 * loader did not run block loaders, or for no blok: every block renders without its data.
 */
export function useBlockData<T>(blokOrUid: { _uid: string } | string | null | undefined): T | null {
  const map = useContext(BlockDataContext);
  const uid = typeof blokOrUid === "string" || blokOrUid == null ? blokOrUid : blokOrUid._uid;
  if (!uid || !Object.prototype.hasOwnProperty.call(map, uid)) return null;
  return (map[uid] ?? null) as T | null;
}

import { useMatches } from "@remix-run/react";
import type { BlockWithData, LoaderOf } from "~/blocks/index";
import type { BlockLoaderResults } from "~/blocks/loaders.server";

/** Server data of a page's blocks, by blok _uid (see loaders.server.ts). */
export type BlockDataMap = Record<string, unknown>;

/** The blockData of a route's loader data, or null. */
export function blockDataOf(data: unknown): BlockDataMap | null {
  if (!data || typeof data !== "object") return null;
  const map = (data as { blockData?: unknown }).blockData;
  return map && typeof map === "object" && !Array.isArray(map) ? (map as BlockDataMap) : null;
}

/** The data a block's loader gives it: the loader's result (null when it failed). */
export type BlockDataOf<C extends BlockWithData> = BlockLoaderResults[LoaderOf<C>];

function findBlockData(matches: ReturnType<typeof useMatches>, uid: string | null | undefined): unknown {
  if (!uid) return null;
  for (let i = matches.length - 1; i >= 0; i--) {
    const map = blockDataOf(matches[i]?.data);
    if (map && Object.prototype.hasOwnProperty.call(map, uid)) return map[uid] ?? null;
  }
  return null;
}

/**
 * The data the server loader of a blok's block returned for it (the block's registry entry names
 * the loader, app/blocks/index.ts), typed by the blok's `component`. Null when the loader failed,
 * when the page's loader did not run block loaders, or for no blok: every block renders without
 * its data. The data is read from the deepest matched route whose loader data carries it.
 */
export function useBlockData<C extends BlockWithData>(blok: { _uid: string; component: C } | null | undefined): BlockDataOf<C> | null;
/** By _uid, typed by the caller (T): for code that is not a block's own (kept for the form's and vehicles' views). */
export function useBlockData<T>(uid: string | null | undefined): T | null;
export function useBlockData(blokOrUid: { _uid: string } | string | null | undefined): unknown {
  const matches = useMatches();
  return findBlockData(matches, typeof blokOrUid === "string" || blokOrUid == null ? blokOrUid : blokOrUid._uid);
}

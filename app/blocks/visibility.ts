import { createContext, useContext } from "react";

/** True when a blok's locale lets it render in the visitor's country. */
export function isVisibleIn(locale: string | null | undefined, country: string): boolean {
  return !locale || locale === "both" || locale === country;
}

/** Where a blok sits in its list: index among the visible bloks (the first hero loads eagerly). */
export interface BlockPosition {
  index: number;
  /** True for bloks in the page's top-level body list (not nested in another block). */
  topLevel: boolean;
}

export const BlockPositionContext = createContext<BlockPosition | null>(null);

/** The position of the current blok, or null outside a <Blocks> list. */
export function useBlockPosition(): BlockPosition | null {
  return useContext(BlockPositionContext);
}

import { createContext, useContext } from "react";
import { localeAllows } from "~/content/locale";

/** True when a blok's locale lets it render in the visitor's country (the one locale rule). */
export const isVisibleIn: (locale: string | null | undefined, country: string) => boolean = localeAllows;

/** Where a blok sits in its list: index among the visible bloks. */
export interface BlockPosition {
  index: number;
  /** True for bloks in the page's top-level body list (not nested in another block). */
  topLevel: boolean;
  /**
   * True for the top-level blok that opens the page: the first one that is not text only
   * (`TEXT_ONLY`). A listing under the page's intro text opens the page as a hero does: its
   * first image is usually the largest thing in the first view, so it loads eagerly.
   */
  opensPage: boolean;
}

/** Blocks of text: a page's intro above a listing does not take the "opens the page" role. */
const TEXT_ONLY: ReadonlySet<string> = new Set(["text-content"]);

/** The index of the blok that opens a page's top-level list (`BlockPosition.opensPage`), or -1. */
export function openingIndex(bloks: readonly { component: string }[]): number {
  return bloks.findIndex((blok) => !TEXT_ONLY.has(blok.component));
}

export const BlockPositionContext = createContext<BlockPosition | null>(null);

/** The position of the current blok, or null outside a <Blocks> list. */
export function useBlockPosition(): BlockPosition | null {
  return useContext(BlockPositionContext);
}

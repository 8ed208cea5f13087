import type { Country } from "~/content/schema";
import { useSite } from "~/components/site-country";
import { isVisibleIn, useBlockPosition } from "./visibility";

/**
 * What a block reads of its place: the nested items that show in the visitor's country, and
 * whether it opens the page. Apart from `section-block.tsx` (which renders rich text) so that a
 * block without a section header (the hero) does not load the rich text with it.
 */

/** Items whose locale lets them show in the visitor's country (spec: au, nz, both or empty). */
export function visibleItems<T extends { locale?: string | null }>(items: readonly T[] | null | undefined, country: Country): T[] {
  return (items ?? []).filter((item) => item && isVisibleIn(item.locale, country));
}

/** The nested items of a block that show in the visitor's country. */
export function useVisibleItems<T extends { locale?: string | null }>(items: readonly T[] | null | undefined): T[] {
  const { country } = useSite();
  return visibleItems(items, country);
}

/**
 * True for the blok that opens the page body (the first one, after any intro text: `opensPage`):
 * its first image loads eagerly with high priority.
 */
export function useOpensPage(): boolean {
  return useBlockPosition()?.opensPage === true;
}

/**
 * Video rules of the media blocks (pure): when a playing video pauses, how a heading becomes a
 * URL slug (the video listing's `model` and `video` query parameters), how many tiles show.
 */

/** Videos pause when less than this share of them is visible (spec site.md section 2). */
export const VISIBLE_THRESHOLD = 0.3;
/** Video tiles: only the first 5 are shown. */
export const MAX_VIDEO_TILES = 5;
/** Video grid slide minimum height in px. */
export const VIDEO_GRID_MIN_HEIGHT = 550;

/** A video must pause when the tab is hidden or it is less than 30 percent visible. */
export function shouldPause(state: { hidden: boolean; visibleRatio: number }): boolean {
  return state.hidden || state.visibleRatio < VISIBLE_THRESHOLD;
}

/** A heading as a URL slug: "Tarrak: Towing 101" → "tarrak-towing-101". */
export function slugify(value: string | null | undefined): string {
  return (value ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The first 5 tiles. */
export function firstTiles<T>(tiles: readonly T[] | null | undefined): T[] {
  return (tiles ?? []).slice(0, MAX_VIDEO_TILES);
}

/** Class names that hide a tile on small (below md) or large (md and up) screens. */
export function tileVisibilityClasses(tile: { showDesktop?: boolean | null; showMobile?: boolean | null }): string[] {
  const classes: string[] = [];
  // A missing flag shows the tile (older stories lack the fields).
  if (tile.showDesktop === false) classes.push("hide-desktop");
  if (tile.showMobile === false) classes.push("hide-mobile");
  return classes;
}

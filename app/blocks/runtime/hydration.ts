import { mediaKind } from "~/lib/media-kind";
import { isRecord as isData } from "~/lib/object";

/**
 * Content-dependent hydration rules for the block registry (app/blocks/index.ts): some
 * blocks need JavaScript only for some of their content. Pure functions of the blok's data, so the
 * server and the browser decide alike without loading the block's code.
 */

type Data = Record<string, unknown>;

function filename(value: unknown): string | undefined {
  return isData(value) && typeof value.filename === "string" ? value.filename : undefined;
}

function text(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  return isData(value) && Array.isArray(value.content) && value.content.length > 0;
}

/**
 * A card (app/components/card.tsx) needs JavaScript when it flips (showFlippedContent with a back
 * face) or its media is an embedded video (click to play in place). Video links, popovers and
 * modal buttons are handled document-wide (app/components/document-actions.ts).
 */
export function cardNeedsScript(card: unknown): boolean {
  if (!isData(card)) return false;
  if (card.showFlippedContent === true && text(card.flippedContent)) return true;
  return mediaKind(filename(card.media)) === "embed";
}

/** For blocks whose only behaviour is in their cards: JavaScript when one of `field`'s cards needs it. */
export function whenACardNeedsScript(field: string): (blok: Data) => boolean {
  return (blok) => Array.isArray(blok[field]) && blok[field].some(cardNeedsScript);
}

/**
 * A hero banner needs JavaScript only as a carousel: with two slides or more (before the
 * country's locale filter, so a slide hidden in this country can only make it hydrate needlessly).
 * One slide is a picture, text and links.
 */
export function heroNeedsScript(blok: Data): boolean {
  return Array.isArray(blok.slides) && blok.slides.filter(isData).length > 1;
}

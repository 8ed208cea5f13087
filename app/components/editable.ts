import type { Blok } from "~/content/schema";
import { cx } from "./section";

/** The editor's attributes of one blok; none for a published blok. */
export interface EditableAttributes {
  "data-blok-c"?: string;
  "data-blok-uid"?: string;
}

/** The visual editor's outline class, as Storyblok's own `storyblokEditable` helpers add it. */
export const EDITABLE_CLASS = "storyblok__outline";

/**
 * The visual editor's attributes from a draft blok's `_editable` comment: `data-blok-c` (the
 * JSON) and `data-blok-uid` (`{story id}-{uid}`). Published bloks have no `_editable`, so nothing.
 */
export function editableAttributes(blok: Pick<Blok, "_editable"> | null | undefined): EditableAttributes {
  const raw = blok?._editable;
  if (!raw) return {};
  const json = raw.replace(/^<!--#storyblok#/, "").replace(/-->$/, "");
  try {
    const options = JSON.parse(json) as { id?: string | number; uid?: string };
    if (!options || options.uid === undefined) return {};
    return { "data-blok-c": JSON.stringify(options), "data-blok-uid": `${options.id}-${options.uid}` };
  } catch {
    return {};
  }
}

/**
 * What the element that renders a blok spreads, so that the editor can open the blok by a click:
 * the attributes above plus the outline class, merged into the element's own `className`. The
 * same for a page's blocks and every blok inside them (cards, buttons, slides, items).
 */
export function editable(
  blok: Pick<Blok, "_editable"> | null | undefined,
  className?: string | false | null,
): EditableAttributes & { className?: string } {
  const attributes = editableAttributes(blok);
  const names = cx(className, attributes["data-blok-uid"] ? EDITABLE_CLASS : null);
  return { ...(names ? { className: names } : {}), ...attributes };
}

import type { Blok } from "~/content/schema";

/**
 * The visual editor's attributes from a draft blok's `_editable` comment: `data-blok-c` (the
 * JSON) and `data-blok-uid` (`{story id}-{uid}`). Published bloks have no `_editable`, so nothing.
 */
export function editableAttributes(blok: Pick<Blok, "_editable">): Record<string, string> {
  const raw = blok._editable;
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

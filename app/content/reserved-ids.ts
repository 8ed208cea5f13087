/**
 * Element ids the site's own markup uses. An id from content (a blok's `scroll_to_id`, a rich-text
 * anchor) equal to one of them would make two elements of one id, and the first in the document
 * (possibly the content's) would answer for both: `content:check` refuses them.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set([
  "main",
  "island-page",
  "app-blocks",
  "storyblok-javascript-bridge",
  "configure-pricing",
  "finance-calculator",
  "finance-calculator-disclaimer",
  "finance-enquiry",
  "mega-menu-panel",
  "mega-menu-models-heading",
  "configurator-step",
  "step-model",
  "step-colour",
  "step-interior",
  "summary-heading",
  "static-map",
  "accessory-sort",
]);

/** The id an element of content gets from `value` (as `anchorId` writes a blok's `scroll_to_id`). */
function asId(value: string): string {
  return value
    .trim()
    .replace(/^#+/, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Whether content may give an element this id: not one the site's markup uses. */
export function isReservedId(value: string): boolean {
  return RESERVED_IDS.has(value.trim()) || RESERVED_IDS.has(asId(value));
}

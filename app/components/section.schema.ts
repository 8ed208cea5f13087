import { z } from "zod";

/** The "scroll to id" setting of panels: the section gets this anchor id, so links to '#{id}' reach it. */
export const scrollToIdField = {
  scroll_to_id: z.string().optional().meta({ storyblok: { type: "text", translatable: false, description: "Anchor id: links to '#id' reach this section." } }),
};

/** A number field that Storyblok may store as a string ("2") or leave empty (""). */
export function numberField(min: number, max: number) {
  return z.preprocess(
    (v) =>
      v === "" || v === null || v === undefined
        ? undefined
        : typeof v === "string"
        ? Number(v)
        : v,
    z.number().int().min(min).max(max).optional()
  ).meta({ storyblok: { type: "number", min_value: min, max_value: max } });
}

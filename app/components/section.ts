import { z } from "zod";

/** The "scroll to id" setting of panels: the section gets this anchor id, so links to '#{id}' reach it. */
export const scrollToIdField = {
  scroll_to_id: z.string().optional(),
};

/** A safe element id from an editor's scroll-to-id value ('#Range', 'range ' -> 'range'); undefined when empty. */
export function anchorId(value: string | null | undefined): string | undefined {
  const id = (value ?? "")
    .trim()
    .replace(/^#+/, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return id || undefined;
}

/** A number field that Storyblok may store as a string ("2") or leave empty (""). */
export function numberField(min: number, max: number) {
  return z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? Number(v) : v),
    z.number().int().min(min).max(max).optional(),
  );
}

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

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

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

/**
 * The type guards of the block runtime, in one place. Browser-safe: no imports.
 */

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A blok as content holds it: an object with a string `_uid` and `component`. */
export type Blokish = { _uid: string; component: string } & Record<string, unknown>;

/** A blok: an object with a string `component` and `_uid` (the one guard the block runtime uses). */
export function isBlok(value: unknown): value is Blokish {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { component?: unknown }).component === "string" &&
    typeof (value as { _uid?: unknown })._uid === "string"
  );
}

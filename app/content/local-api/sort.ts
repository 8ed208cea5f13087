/**
 * `sort_by` parsing and comparison (pure).
 *
 * Syntax: `field[:asc|:desc][:int|:float][:nulls_last|:nulls_first]`, comma-chained.
 * `field` is a story property (`position`, `name`, `first_published_at`, ...) or `content.<path>`.
 * Missing/null values sort last unless `:nulls_first`. Ties fall back to the default order.
 *
 * Default order (no `sort_by`): `position` ascending (missing = 0), then `full_slug` ascending
 * (code-point order), then `id` ascending.
 */
import { ParamError } from "./errors";
import { getPath, splitPath } from "./json-path";
import type { JsonObject, JsonValue } from "./types";

export type SortCast = "string" | "int" | "float";

export interface SortKey {
  readonly source: "story" | "content";
  readonly path: readonly string[];
  readonly direction: 1 | -1;
  readonly cast: SortCast;
  readonly nullsFirst: boolean;
}

/** What a comparator sees: the story's top-level properties and its (version/language-resolved) content. */
export interface SortSubject {
  readonly story: JsonObject;
  readonly content: JsonObject;
}

type SortValue = string | number | null;

function parseSortKey(spec: string): SortKey {
  const parts = spec.trim().split(":");
  const field = parts[0] ?? "";
  if (field === "" || field.split(".").some((s) => s === "")) {
    throw new ParamError(`sort_by: invalid field in "${spec}" (expected field:asc|desc[:int|:float])`);
  }
  let direction: 1 | -1 = 1;
  let cast: SortCast = "string";
  let nullsFirst = false;
  const modifiers = parts.slice(1);
  for (const [index, modifier] of modifiers.entries()) {
    if (index === 0 && (modifier === "asc" || modifier === "desc")) direction = modifier === "asc" ? 1 : -1;
    else if ((modifier === "int" || modifier === "float") && cast === "string") cast = modifier;
    else if (modifier === "nulls_last" || modifier === "nulls_first") nullsFirst = modifier === "nulls_first";
    else throw new ParamError(`sort_by: unexpected "${modifier}" in "${spec}" (expected field:asc|desc[:int|:float])`);
  }
  const isContent = field.startsWith("content.");
  return {
    source: isContent ? "content" : "story",
    path: splitPath(isContent ? field.slice("content.".length) : field),
    direction,
    cast,
    nullsFirst,
  };
}

/** Parses a `sort_by` value; throws ParamError when malformed. */
export function parseSortBy(raw: string): SortKey[] {
  const specs = raw.split(",").filter((s) => s.trim() !== "");
  if (specs.length === 0) throw new ParamError("sort_by: empty value");
  return specs.map(parseSortKey);
}

function castValue(value: JsonValue | undefined, cast: SortCast): SortValue {
  if (value === undefined || value === null) return null;
  if (cast === "string") {
    if (typeof value === "string" || typeof value === "number") return value;
    if (typeof value === "boolean") return String(value);
    return null;
  }
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  const parsed = cast === "int" ? Number.parseInt(text, 10) : Number.parseFloat(text);
  return Number.isFinite(parsed) ? parsed : null;
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

function compareByKey(a: SortSubject, b: SortSubject, key: SortKey): number {
  const pick = (s: SortSubject): SortValue =>
    castValue(getPath(key.source === "content" ? s.content : s.story, key.path), key.cast);
  const left = pick(a);
  const right = pick(b);
  if (left === null || right === null) {
    if (left === right) return 0;
    const nullSide = key.nullsFirst ? -1 : 1;
    return left === null ? nullSide : -nullSide;
  }
  return compareValues(left, right) * key.direction;
}

function numberOr(value: JsonValue | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** The documented default order: position, then full_slug, then id (all ascending). */
export function compareDefault(a: { readonly story: JsonObject }, b: { readonly story: JsonObject }): number {
  const byPosition = numberOr(a.story.position, 0) - numberOr(b.story.position, 0);
  if (byPosition !== 0) return byPosition;
  const slugA = String(a.story.full_slug ?? "");
  const slugB = String(b.story.full_slug ?? "");
  if (slugA !== slugB) return slugA < slugB ? -1 : 1;
  return numberOr(a.story.id, 0) - numberOr(b.story.id, 0);
}

/** Comparator for `Array.prototype.sort` chaining the keys, then the default order. */
export function createComparator(keys: readonly SortKey[]): (a: SortSubject, b: SortSubject) => number {
  return (a, b) => {
    for (const key of keys) {
      const result = compareByKey(a, b, key);
      if (result !== 0) return result;
    }
    return compareDefault(a, b);
  };
}

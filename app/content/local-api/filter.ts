/**
 * `filter_query` evaluation (pure). Conditions read dotted paths inside `content`
 * (story properties are not filterable, like on the real CDN).
 */
import { parseDate } from "./dates";
import { ParamError } from "./errors";
import { likeMatches } from "./glob";
import { getPath, splitPath } from "./json-path";
import type { JsonObject, JsonValue } from "./types";

export const FILTER_OPS = [
  "is",
  "in",
  "not_in",
  "like",
  "not_like",
  "any_in_array",
  "in_array",
  "all_in_array",
  "gt_date",
  "lt_date",
  "gt_int",
  "lt_int",
  "gt_float",
  "lt_float",
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export const IS_VALUES = [
  "empty",
  "not_empty",
  "true",
  "false",
  "null",
  "not_null",
  "empty_array",
  "not_empty_array",
] as const;
export type IsValue = (typeof IS_VALUES)[number];

export type FilterCondition =
  | { readonly field: readonly string[]; readonly op: "is"; readonly check: IsValue }
  | {
      readonly field: readonly string[];
      readonly op: "in" | "not_in" | "like" | "not_like" | "any_in_array" | "all_in_array";
      readonly values: readonly string[];
    }
  | { readonly field: readonly string[]; readonly op: "gt_date" | "lt_date" | "gt_number" | "lt_number"; readonly bound: number; readonly kind: "date" | "int" | "float" };

/** `all` must all match (AND); of `anyOf` at least one group must match, a group matching when all its conditions match. */
export interface FilterQuery {
  readonly all: readonly FilterCondition[];
  readonly anyOf: readonly (readonly FilterCondition[])[];
}

export const EMPTY_FILTER_QUERY: FilterQuery = { all: [], anyOf: [] };

function isFilterOp(op: string): op is FilterOp {
  return (FILTER_OPS as readonly string[]).includes(op);
}

function isIsValue(value: string): value is IsValue {
  return (IS_VALUES as readonly string[]).includes(value);
}

function splitValues(raw: string): string[] {
  return raw.split(",");
}

/** Builds one validated condition from `filter_query[<field>][<op>]=<raw>`; throws ParamError. */
export function parseFilterCondition(fieldPath: string, op: string, raw: string): FilterCondition {
  if (fieldPath === "" || fieldPath.split(".").some((s) => s === "")) {
    throw new ParamError(`filter_query: invalid field "${fieldPath}"`);
  }
  if (!isFilterOp(op)) {
    throw new ParamError(`filter_query: unknown operation "${op}" for field "${fieldPath}" (allowed: ${FILTER_OPS.join(", ")})`);
  }
  const field = splitPath(fieldPath);
  switch (op) {
    case "is": {
      const check = raw.trim();
      if (!isIsValue(check)) {
        throw new ParamError(`filter_query[${fieldPath}][is]: unknown value "${raw}" (allowed: ${IS_VALUES.join(", ")})`);
      }
      return { field, op, check };
    }
    case "in_array":
      return { field, op: "any_in_array", values: splitValues(raw) };
    case "in":
    case "not_in":
    case "like":
    case "not_like":
    case "any_in_array":
    case "all_in_array":
      return { field, op, values: splitValues(raw) };
    case "gt_date":
    case "lt_date": {
      const bound = parseDate(raw);
      if (bound === null) throw new ParamError(`filter_query[${fieldPath}][${op}]: "${raw}" is not a date (use YYYY-MM-DD HH:MM)`);
      return { field, op, bound, kind: "date" };
    }
    case "gt_int":
    case "lt_int": {
      if (!/^\s*-?\d+\s*$/.test(raw)) throw new ParamError(`filter_query[${fieldPath}][${op}]: "${raw}" is not an integer`);
      return { field, op: op === "gt_int" ? "gt_number" : "lt_number", bound: Number.parseInt(raw, 10), kind: "int" };
    }
    case "gt_float":
    case "lt_float": {
      const bound = Number.parseFloat(raw);
      if (!/^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(raw) || !Number.isFinite(bound)) {
        throw new ParamError(`filter_query[${fieldPath}][${op}]: "${raw}" is not a number`);
      }
      return { field, op: op === "gt_float" ? "gt_number" : "lt_number", bound, kind: "float" };
    }
  }
}

/** Scalar as the API compares it (string form), or null for null/missing/objects/arrays. */
function scalarText(value: JsonValue | undefined): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

function asTextArray(value: JsonValue | undefined): string[] {
  if (Array.isArray(value)) return value.map(scalarText).filter((v): v is string => v !== null);
  const text = scalarText(value);
  return text === null || text === "" ? [] : [text];
}

function isEmptyValue(value: JsonValue | undefined): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

function matchesIs(value: JsonValue | undefined, check: IsValue): boolean {
  switch (check) {
    case "empty":
      return isEmptyValue(value);
    case "not_empty":
      return !isEmptyValue(value);
    case "true":
      return value === true;
    case "false":
      return value === false;
    case "null":
      return value === null || value === undefined;
    case "not_null":
      return value !== null && value !== undefined;
    case "empty_array":
      return Array.isArray(value) && value.length === 0;
    case "not_empty_array":
      return Array.isArray(value) && value.length > 0;
  }
}

function toNumber(value: JsonValue | undefined, kind: "date" | "int" | "float"): number | null {
  if (kind === "date") return typeof value === "string" ? parseDate(value) : null;
  if (typeof value === "number") return kind === "int" ? Math.trunc(value) : value;
  if (typeof value !== "string" || value.trim() === "") return null;
  const parsed = kind === "int" ? Number.parseInt(value, 10) : Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function matchesCondition(content: JsonObject, condition: FilterCondition): boolean {
  const value = getPath(content, condition.field);
  switch (condition.op) {
    case "is":
      return matchesIs(value, condition.check);
    case "in": {
      const text = scalarText(value);
      return text !== null && condition.values.includes(text);
    }
    case "not_in": {
      const text = scalarText(value);
      return text === null || !condition.values.includes(text);
    }
    case "like": {
      const text = scalarText(value);
      return text !== null && condition.values.some((p) => likeMatches(text, p));
    }
    case "not_like": {
      const text = scalarText(value);
      return text === null || !condition.values.some((p) => likeMatches(text, p));
    }
    case "any_in_array": {
      const items = asTextArray(value);
      return condition.values.some((v) => items.includes(v));
    }
    case "all_in_array": {
      const items = asTextArray(value);
      return condition.values.every((v) => items.includes(v));
    }
    case "gt_date":
    case "gt_number": {
      const n = toNumber(value, condition.kind);
      return n !== null && n > condition.bound;
    }
    case "lt_date":
    case "lt_number": {
      const n = toNumber(value, condition.kind);
      return n !== null && n < condition.bound;
    }
  }
}

export function matchesFilterQuery(content: JsonObject, query: FilterQuery): boolean {
  if (!query.all.every((c) => matchesCondition(content, c))) return false;
  if (query.anyOf.length === 0) return true;
  return query.anyOf.some((group) => group.every((c) => matchesCondition(content, c)));
}

const PLAIN_KEY = /^filter_query\[([^\][]+)\]\[([^\][]+)\]$/;
const OR_KEY = /^filter_query\[__or\]\[(\d*)\]\[([^\][]+)\]\[([^\][]+)\]$/;

/**
 * Collects `filter_query[...]` entries from decoded query pairs (brackets raw or %5B/%5D,
 * both arrive decoded). `filter_query[__or][][f][op]`: every entry is its own alternative;
 * `filter_query[__or][<n>][f][op]`: entries sharing `<n>` form one AND group.
 */
export function parseFilterQuery(entries: Iterable<readonly [string, string]>): FilterQuery {
  const all: FilterCondition[] = [];
  const groups = new Map<string, FilterCondition[]>();
  let anonymous = 0;
  for (const [key, raw] of entries) {
    if (key !== "filter_query" && !key.startsWith("filter_query[")) continue;
    const orMatch = OR_KEY.exec(key);
    if (orMatch) {
      const [, index, field, op] = orMatch;
      const groupKey = index === "" ? `anon:${anonymous++}` : `idx:${index}`;
      const group = groups.get(groupKey) ?? [];
      group.push(parseFilterCondition(field, op, raw));
      groups.set(groupKey, group);
      continue;
    }
    const plainMatch = PLAIN_KEY.exec(key);
    if (plainMatch && plainMatch[1] !== "__or") {
      const [, field, op] = plainMatch;
      all.push(parseFilterCondition(field, op, raw));
      continue;
    }
    throw new ParamError(`Malformed filter_query parameter "${key}" (expected filter_query[field][operation] or filter_query[__or][][field][operation])`);
  }
  return { all, anyOf: [...groups.values()] };
}

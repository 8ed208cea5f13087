/**
 * `resolve_relations` (pure). The CDN v2 never inlines relations: referenced stories go into
 * top-level `rels` (two levels deep), or — above the limit — only their uuids into `rel_uuids`.
 */
import { isJsonObject, type JsonObject, type JsonValue } from "./types";

export const RELS_LIMIT = 50;

export interface RelationPattern {
  readonly component: string;
  readonly field: string;
}

/** `page.author,page.tags` → patterns; entries without `component.field` shape are ignored. */
export function parseResolveRelations(raw: string | null): RelationPattern[] {
  if (!raw) return [];
  return raw
    .split(",")
    .map((entry) => entry.trim())
    .map((entry) => {
      const dot = entry.indexOf(".");
      return dot > 0 && dot < entry.length - 1 ? { component: entry.slice(0, dot), field: entry.slice(dot + 1) } : null;
    })
    .filter((p): p is RelationPattern => p !== null);
}

function relationValues(value: JsonValue | undefined): string[] {
  if (typeof value === "string") return value === "" ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v !== "");
  return [];
}

/** Distinct referenced uuids in encounter order, walking the whole content tree. */
export function collectRelationUuids(content: JsonValue, patterns: readonly RelationPattern[]): string[] {
  const found = new Set<string>();
  const walk = (value: JsonValue | undefined): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    if (!isJsonObject(value)) return;
    const component = value.component;
    for (const [key, child] of Object.entries(value)) {
      const isRelation =
        typeof component === "string" && patterns.some((p) => p.component === component && p.field === key);
      if (isRelation) relationValues(child).forEach((uuid) => found.add(uuid));
      else walk(child);
    }
  };
  if (patterns.length > 0) walk(content);
  return [...found];
}

export type RelsResult =
  | { readonly kind: "rels"; readonly rels: readonly JsonObject[] }
  | { readonly kind: "rel_uuids"; readonly relUuids: readonly string[] };

/**
 * Level 1: stories referenced from `roots`; level 2: stories referenced from level 1.
 * `load` returns the rendered story (already processed for version/language/exclusions) or
 * null when it does not exist in the requested version. More than `limit` distinct stories
 * → `rel_uuids` with all of their uuids.
 */
export function resolveRels(
  roots: readonly JsonObject[],
  patterns: readonly RelationPattern[],
  load: (uuid: string) => JsonObject | null,
  limit: number = RELS_LIMIT,
): RelsResult {
  if (patterns.length === 0) return { kind: "rels", rels: [] };
  const loaded = new Map<string, JsonObject>();
  const addLevel = (contents: readonly JsonValue[]): JsonObject[] => {
    const added: JsonObject[] = [];
    for (const content of contents) {
      for (const uuid of collectRelationUuids(content, patterns)) {
        if (loaded.has(uuid)) continue;
        const story = load(uuid);
        if (story === null) continue;
        loaded.set(uuid, story);
        added.push(story);
      }
    }
    return added;
  };
  const contentOf = (story: JsonObject): JsonValue => story.content ?? null;
  const level1 = addLevel(roots.map(contentOf));
  addLevel(level1.map(contentOf));
  if (loaded.size > limit) return { kind: "rel_uuids", relUuids: [...loaded.keys()] };
  return { kind: "rels", rels: [...loaded.values()] };
}

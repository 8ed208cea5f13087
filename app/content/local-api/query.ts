/** Query-string parsing and validation (pure). Bad values throw ParamError (→ 400). */
import { parseDate } from "./dates";
import { ParamError } from "./errors";
import { EMPTY_FILTER_QUERY, parseFilterQuery, type FilterQuery } from "./filter";
import { normalizeLanguage } from "./i18n";
import { parseResolveLinks, type ResolveLinks } from "./links";
import { parseResolveRelations, type RelationPattern } from "./relations";
import { parseSortBy, type SortKey } from "./sort";
import type { Version } from "./types";

export const STORIES_PAGE_LIMITS = { defaultPerPage: 25, maxPerPage: 100 } as const;
export const ENTRIES_PAGE_LIMITS = { defaultPerPage: 25, maxPerPage: 1000 } as const;

export interface Pagination {
  readonly page: number;
  readonly perPage: number;
}

export interface StoryRenderQuery {
  readonly version: Version;
  readonly language: string | null;
  readonly excludingFields: readonly string[];
  readonly excludingStoryFields: readonly string[];
  readonly relations: readonly RelationPattern[];
  /** `resolve_links`: story links' targets in the envelope's `links` (links.ts). */
  readonly resolveLinks: ResolveLinks;
  /** `from_release` (a release id): drafts as that release would publish them. */
  readonly fromRelease: string | null;
}

export interface SingleStoryQuery extends StoryRenderQuery {
  readonly findBy: "slug" | "uuid";
}

export type DateProperty = "published_at" | "first_published_at" | "updated_at" | "created_at";

export interface DateBound {
  readonly property: DateProperty;
  readonly comparison: "gt" | "lt" | "gte" | "lte";
  readonly time: number;
}

export interface StoriesQuery extends StoryRenderQuery, Pagination {
  readonly startsWith: string | null;
  readonly bySlugs: readonly string[] | null;
  readonly excludingSlugs: readonly string[] | null;
  readonly byUuids: readonly string[] | null;
  readonly byUuidsOrdered: readonly string[] | null;
  readonly byIds: readonly number[] | null;
  readonly excludingIds: readonly number[] | null;
  readonly contentTypes: readonly string[] | null;
  readonly isStartpage: boolean | null;
  readonly withTags: readonly string[] | null;
  readonly level: number | null;
  readonly searchTerm: string | null;
  readonly dateBounds: readonly DateBound[];
  readonly filter: FilterQuery;
  readonly sortBy: readonly SortKey[] | null;
}

export interface EntriesQuery extends Pagination {
  readonly datasource: string | null;
  readonly dimension: string | null;
}

export interface LinksQuery extends Pagination {
  readonly version: Version;
  readonly startsWith: string | null;
}

/** A parameter's value, or null when absent or blank. */
function param(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value === null || value.trim() === "" ? null : value;
}

/** Comma list (trimmed, blanks dropped), or null when the parameter is absent/blank. */
export function listParam(params: URLSearchParams, name: string): string[] | null {
  const value = param(params, name);
  if (value === null) return null;
  return value
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

function positiveInt(params: URLSearchParams, name: string): number | null {
  const value = param(params, name);
  if (value === null) return null;
  if (!/^\d+$/.test(value.trim())) throw new ParamError(`${name} must be a positive integer, got "${value}"`);
  const n = Number(value.trim());
  if (n < 1) throw new ParamError(`${name} must be at least 1, got "${value}"`);
  return n;
}

function idList(params: URLSearchParams, name: string): number[] | null {
  const values = listParam(params, name);
  if (values === null) return null;
  return values.map((v) => {
    if (!/^\d+$/.test(v)) throw new ParamError(`${name} must be a comma list of numeric ids, got "${v}"`);
    return Number(v);
  });
}

export function parseVersion(params: URLSearchParams): Version {
  const value = param(params, "version");
  if (value === null || value === "published") return "published";
  if (value === "draft") return "draft";
  throw new ParamError(`version must be "draft" or "published", got "${value}"`);
}

export function parsePagination(
  params: URLSearchParams,
  limits: { readonly defaultPerPage: number; readonly maxPerPage: number },
): Pagination {
  const page = positiveInt(params, "page") ?? 1;
  const perPage = Math.min(positiveInt(params, "per_page") ?? limits.defaultPerPage, limits.maxPerPage);
  return { page, perPage };
}

function parseBoolean(params: URLSearchParams, name: string): boolean | null {
  const value = param(params, name);
  if (value === null) return null;
  const normalized = value.trim().toLowerCase();
  if (normalized === "1" || normalized === "true") return true;
  if (normalized === "0" || normalized === "false") return false;
  throw new ParamError(`${name} must be 0, 1, true or false, got "${value}"`);
}

export function parseRenderQuery(params: URLSearchParams): StoryRenderQuery {
  return {
    version: parseVersion(params),
    language: normalizeLanguage(params.get("language")),
    excludingFields: listParam(params, "excluding_fields") ?? [],
    excludingStoryFields: listParam(params, "excluding_story_fields") ?? [],
    relations: parseResolveRelations(params.get("resolve_relations")),
    resolveLinks: parseResolveLinks(params.get("resolve_links")),
    fromRelease: parseFromRelease(params.get("from_release")),
  };
}

/** A release id (digits); the local content has no releases, so a release's view is the draft. */
function parseFromRelease(raw: string | null): string | null {
  if (raw === null || raw === "") return null;
  if (!/^\d{1,20}$/.test(raw)) throw new ParamError(`from_release must be a release id, got "${raw}"`);
  return raw;
}

export function parseSingleStoryQuery(params: URLSearchParams): SingleStoryQuery {
  const findBy = param(params, "find_by");
  if (findBy !== null && findBy !== "uuid") throw new ParamError(`find_by must be "uuid", got "${findBy}"`);
  return { ...parseRenderQuery(params), findBy: findBy === "uuid" ? "uuid" : "slug" };
}

const DATE_PROPERTIES: readonly DateProperty[] = ["published_at", "first_published_at", "updated_at", "created_at"];
const DATE_COMPARISONS = ["gt", "lt", "gte", "lte"] as const;

function parseDateBounds(params: URLSearchParams): DateBound[] {
  const bounds: DateBound[] = [];
  for (const property of DATE_PROPERTIES) {
    for (const comparison of DATE_COMPARISONS) {
      const name = `${property}_${comparison}`;
      const value = param(params, name);
      if (value === null) continue;
      const time = parseDate(value);
      if (time === null) throw new ParamError(`${name} must be a date (YYYY-MM-DD HH:MM), got "${value}"`);
      bounds.push({ property, comparison, time });
    }
  }
  return bounds;
}

export function parseStoriesQuery(params: URLSearchParams): StoriesQuery {
  const sortBy = param(params, "sort_by");
  const hasFilter = [...params.keys()].some((k) => k === "filter_query" || k.startsWith("filter_query["));
  return {
    ...parseRenderQuery(params),
    ...parsePagination(params, STORIES_PAGE_LIMITS),
    startsWith: param(params, "starts_with"),
    bySlugs: listParam(params, "by_slugs"),
    excludingSlugs: listParam(params, "excluding_slugs"),
    byUuids: listParam(params, "by_uuids"),
    byUuidsOrdered: listParam(params, "by_uuids_ordered"),
    byIds: idList(params, "by_ids"),
    excludingIds: idList(params, "excluding_ids"),
    contentTypes: listParam(params, "content_type"),
    isStartpage: parseBoolean(params, "is_startpage"),
    withTags: listParam(params, "with_tag"),
    level: positiveInt(params, "level"),
    searchTerm: param(params, "search_term"),
    dateBounds: parseDateBounds(params),
    filter: hasFilter ? parseFilterQuery(params.entries()) : EMPTY_FILTER_QUERY,
    sortBy: sortBy === null ? null : parseSortBy(sortBy),
  };
}

export function parseEntriesQuery(params: URLSearchParams): EntriesQuery {
  return {
    ...parsePagination(params, ENTRIES_PAGE_LIMITS),
    datasource: param(params, "datasource"),
    dimension: param(params, "dimension"),
  };
}

export function parseLinksQuery(params: URLSearchParams): LinksQuery {
  return {
    ...parsePagination(params, ENTRIES_PAGE_LIMITS),
    version: parseVersion(params),
    startsWith: param(params, "starts_with"),
  };
}

/** The page slice of a list (page beyond the end → empty). */
export function paginate<T>(items: readonly T[], pagination: Pagination): T[] {
  const start = (pagination.page - 1) * pagination.perPage;
  return items.slice(start, start + pagination.perPage);
}

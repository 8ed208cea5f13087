/** Story-list selection for `GET stories`: filtering and ordering (pure). */
import { parseDate } from "./dates";
import { matchesFilterQuery } from "./filter";
import { globToRegExp } from "./glob";
import type { DateBound, StoriesQuery } from "./query";
import { createComparator } from "./sort";
import type { StoryView } from "./story-view";
import { cdnFullSlug } from "./language-slugs";

function slugVariants(fullSlug: string): string[] {
  const trimmed = fullSlug.replace(/\/+$/, "");
  return trimmed === fullSlug ? [fullSlug] : [fullSlug, trimmed];
}

export function slugMatchesAny(fullSlug: string, patterns: readonly string[]): boolean {
  const variants = slugVariants(fullSlug);
  return patterns.some((pattern) => {
    const regexp = globToRegExp(pattern);
    return variants.some((v) => regexp.test(v));
  });
}

function folderLevel(fullSlug: string): number {
  return fullSlug.replace(/\/+$/, "").split("/").length;
}

function matchesDateBound(view: StoryView, bound: DateBound): boolean {
  const raw = view.story[bound.property];
  const time = typeof raw === "string" ? parseDate(raw) : null;
  if (time === null) return false;
  switch (bound.comparison) {
    case "gt":
      return time > bound.time;
    case "lt":
      return time < bound.time;
    case "gte":
      return time >= bound.time;
    case "lte":
      return time <= bound.time;
  }
}

function matchesSearchTerm(view: StoryView, term: string): boolean {
  const needle = term.toLowerCase();
  const haystacks = [String(view.story.name ?? ""), view.story.full_slug, JSON.stringify(view.content)];
  return haystacks.some((h) => h.toLowerCase().includes(needle));
}

function tagsOf(view: StoryView): string[] {
  const tags = view.story.tag_list;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
}

/** Whether a (visible) story passes every list criterion of the query. */
export function matchesStoriesQuery(view: StoryView, query: StoriesQuery): boolean {
  const { story, content } = view;
  const startpage = story.is_startpage === true;
  // Slug filters see the slug without the language (a folder's start page as `folder/`).
  const fullSlug = cdnFullSlug(story);
  if (query.startsWith !== null && !fullSlug.startsWith(query.startsWith)) return false;
  if (query.bySlugs !== null && !slugMatchesAny(fullSlug, query.bySlugs)) return false;
  if (query.excludingSlugs !== null && slugMatchesAny(fullSlug, query.excludingSlugs)) return false;
  if (query.byUuids !== null && !query.byUuids.includes(story.uuid)) return false;
  if (query.byUuidsOrdered !== null && !query.byUuidsOrdered.includes(story.uuid)) return false;
  if (query.byIds !== null && !query.byIds.includes(story.id)) return false;
  if (query.excludingIds !== null && query.excludingIds.includes(story.id)) return false;
  if (query.contentTypes !== null && !query.contentTypes.includes(String(content.component ?? ""))) return false;
  if (query.isStartpage !== null && startpage !== query.isStartpage) return false;
  if (query.withTags !== null && !tagsOf(view).some((t) => query.withTags?.includes(t))) return false;
  if (query.level !== null && (startpage || folderLevel(story.full_slug) !== query.level)) return false;
  if (query.searchTerm !== null && !matchesSearchTerm(view, query.searchTerm)) return false;
  if (!query.dateBounds.every((bound) => matchesDateBound(view, bound))) return false;
  return matchesFilterQuery(content, query.filter);
}

/** Orders matching stories: `by_uuids_ordered` order if given, else `sort_by`, else the default order. */
export function orderStories(views: readonly StoryView[], query: StoriesQuery): StoryView[] {
  if (query.byUuidsOrdered !== null) {
    const rank = new Map<string, number>();
    query.byUuidsOrdered.forEach((uuid, index) => {
      if (!rank.has(uuid)) rank.set(uuid, index);
    });
    return [...views].sort((a, b) => (rank.get(a.story.uuid) ?? 0) - (rank.get(b.story.uuid) ?? 0));
  }
  return [...views].sort(createComparator(query.sortBy ?? []));
}

export function selectStories(views: readonly StoryView[], query: StoriesQuery): StoryView[] {
  return orderStories(
    views.filter((view) => matchesStoriesQuery(view, query)),
    query,
  );
}

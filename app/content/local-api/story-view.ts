/** Turning a stored story into the response object for a version/language (pure). */
import { applyEditable } from "./editable";
import { stripI18nKeys, translateContent } from "./i18n";
import { languageFullSlug, localizeStoryLinks } from "./language-slugs";
import { isJsonObject, type JsonObject, type StoryFile, type StoryRecord, type Version } from "./types";

/** Story properties `excluding_story_fields` may remove (others are silently ignored, like the CDN). */
export const EXCLUDABLE_STORY_FIELDS: ReadonlySet<string> = new Set([
  "alternates",
  "created_at",
  "default_full_slug",
  "first_published_at",
  "group_id",
  "is_startpage",
  "lang",
  "meta_data",
  "parent_id",
  "path",
  "position",
  "published_at",
  "release_id",
  "sort_by_date",
  "tag_list",
  "taxonomy_terms",
  "translated_slugs",
  "updated_at",
]);

export interface ViewOptions {
  readonly version: Version;
  readonly language: string | null;
  readonly excludingFields: readonly string[];
  readonly excludingStoryFields: readonly string[];
  readonly spaceId: number;
}

/** A story as filters and sorts see it: version-selected, translated content (i18n keys kept). */
export interface StoryView {
  readonly record: StoryRecord;
  readonly story: StoryFile;
  readonly content: JsonObject;
}

/** Published requests only see stories that have been published (`published_at` not null). */
export function isVisible(story: StoryFile, version: Version): boolean {
  return version === "draft" || story.published_at !== null;
}

/** `draft.content` for draft requests when the file has one, else `content`. */
export function selectContent(story: StoryFile, version: Version): JsonObject {
  if (version === "draft" && isJsonObject(story.draft) && isJsonObject(story.draft.content)) {
    return story.draft.content;
  }
  return story.content;
}

export function createView(record: StoryRecord, options: Pick<ViewOptions, "version" | "language">): StoryView {
  const base = selectContent(record.story, options.version);
  return { record, story: record.story, content: translateContent(base, options.language) };
}

function finishContent(view: StoryView, options: ViewOptions): JsonObject {
  const stripped = localizeStoryLinks(stripI18nKeys(view.content), options.language);
  const content: JsonObject = isJsonObject(stripped) ? stripped : {};
  for (const field of options.excludingFields) delete content[field];
  const context = options.version === "draft" ? { spaceId: options.spaceId, storyId: view.story.id } : null;
  const edited = applyEditable(content, context);
  return isJsonObject(edited) ? edited : {};
}

/** The object returned under `story` / in `stories` / in `rels`. Never includes `draft`. */
export function renderStory(view: StoryView, options: ViewOptions): JsonObject {
  const excluded = new Set(options.excludingStoryFields.filter((f) => EXCLUDABLE_STORY_FIELDS.has(f)));
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(view.story)) {
    if (key === "draft" || excluded.has(key) || value === undefined) continue;
    result[key] = key === "content" ? finishContent(view, options) : structuredClone(value);
  }
  if (!("content" in result)) result.content = finishContent(view, options);
  // The CDN's slug and language fields: the language prefixes full_slug, and no translatable-slugs app is assumed.
  result.full_slug = languageFullSlug(view.story, options.language);
  const defaults: JsonObject = { lang: options.language ?? "default", alternates: [], default_full_slug: null, translated_slugs: null };
  for (const [key, value] of Object.entries(defaults)) {
    if (!excluded.has(key) && (key === "lang" || !(key in result))) result[key] = value;
  }
  return result;
}

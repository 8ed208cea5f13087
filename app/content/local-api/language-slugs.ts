/**
 * Slugs as the CDN v2 answers them (pure). Storyblok keeps one slug per story; what it sends
 * depends on the request: a folder's start page ends in `/` (`news/`), and under
 * `language=<code>` every story's `full_slug` and every story link in its content start with
 * the language (`nz/news/x`, cached_url `/nz/news/x`). Lookups (`cdn/stories/<slug>`,
 * `starts_with`, `by_slugs`) take the slug without the language.
 */
import { isJsonObject, type JsonValue, type StoryFile } from "./types";

/** The stored slug without surrounding slashes. */
export function bareSlug(slug: string): string {
  return slug.replace(/^\/+/, "").replace(/\/+$/, "");
}

/** The default-language `full_slug` the CDN reports: a folder's start page keeps its trailing slash. */
export function cdnFullSlug(story: Pick<StoryFile, "full_slug" | "is_startpage">): string {
  const bare = bareSlug(story.full_slug);
  return story.is_startpage === true && bare !== "" ? `${bare}/` : bare;
}

/** `full_slug` under a language: the language code in front; without one the CDN slug itself. */
export function languageFullSlug(story: Pick<StoryFile, "full_slug" | "is_startpage">, language: string | null): string {
  const slug = cdnFullSlug(story);
  return language === null ? slug : `${language}/${slug}`;
}

/** A story link's stored path (cached_url or rich-text href) as sent under a language: `/<code>/<path>`. */
export function languageLinkPath(path: string, language: string | null): string {
  if (language === null || path === "") return path;
  return `/${language}/${bareSlug(path)}`;
}

/**
 * Copy of `content` whose story links carry the language: a multilink's `cached_url` and a rich
 * text link mark's `href` (both only for `linktype: "story"`). Without a language: unchanged.
 */
export function localizeStoryLinks(content: JsonValue, language: string | null): JsonValue {
  if (language === null) return content;
  if (Array.isArray(content)) return content.map((item) => localizeStoryLinks(item, language));
  if (!isJsonObject(content)) return content;
  const result: Record<string, JsonValue> = {};
  for (const [key, child] of Object.entries(content)) {
    if (child !== undefined) result[key] = localizeStoryLinks(child, language);
  }
  if (content.linktype === "story") {
    if (typeof content.cached_url === "string") result.cached_url = languageLinkPath(content.cached_url, language);
    if (content.fieldtype !== "multilink" && typeof content.href === "string") result.href = languageLinkPath(content.href, language);
  }
  return result;
}

/**
 * The site's slug grammar, as a page path and the content API meet it. A story's path segment is
 * never one of these once decoded: a path separator or a URL delimiter (`/ ? # \`), whitespace, a
 * control character, or a dot-segment (`..`). Such a segment cannot name a story, so it is
 * refused before any content call; what passes is still encoded segment by segment where an API
 * path is built, so no spelling can add a query parameter or climb a folder upstream.
 */

// `\p{Cc}` is every control character (C0, DEL, C1); `\s` covers Unicode whitespace.
const FORBIDDEN = /[/?#\\\s\p{Cc}]/u;

/** Whether one decoded path segment can name a story. */
export function isSlugSegment(segment: string): boolean {
  return segment.length > 0 && segment.length <= 255 && !FORBIDDEN.test(segment) && !segment.includes("..") && segment !== ".";
}

/** Whether a full slug (segments joined by `/`) can name a story. */
export function isStorySlug(slug: string): boolean {
  return slug.length > 0 && slug.split("/").every(isSlugSegment);
}

/**
 * Whether every segment of a request's path, decoded, is within the grammar (the first, the
 * country, included). A segment whose escapes are malformed is not.
 */
export function isSitePath(pathname: string): boolean {
  const segments = pathname.split("/").filter((raw, i) => !(i === 0 && raw === ""));
  // A trailing slash leaves one empty segment, which the canonical redirect removes.
  if (segments.length > 0 && segments[segments.length - 1] === "") segments.pop();
  return segments.every((raw) => {
    try {
      return isSlugSegment(decodeURIComponent(raw));
    } catch {
      return false;
    }
  });
}

/** The content API path of a story: each segment encoded (`cdn/stories/<segments>`). */
export function storyApiPath(slug: string): string {
  return slug.split("/").map(encodeURIComponent).join("/");
}

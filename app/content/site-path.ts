/**
 * The one place that turns a slug Storyblok sends into the site's terms (pure, browser-safe).
 *
 * The site reads with `language=<country>`, and the CDN then puts the language in front of every
 * `full_slug` (`nz/news/x`) and story link (`/nz/news/x`); a folder's start page ends in `/`
 * (`news/`). The stored slug (`news/x`, `news`) is what lookups, folders and filters use; the site
 * path is `/<country>/<stored slug>`, home at `/<country>`.
 */
import type { Country } from "./schema";

/** The space's languages are the countries. */
const LANGUAGE_PREFIX = /^(au|nz)(\/|$)/;

/** A slug or story-link path as stored: no surrounding slashes, no language in front. */
export function storedSlug(slug: string | null | undefined): string {
  const bare = (slug ?? "").trim().replace(/^\/+/, "").replace(/\/+$/, "");
  return bare.replace(LANGUAGE_PREFIX, "").replace(/\/+$/, "");
}

/** The stored slug of a story as the API sent it. */
export function storySlug(story: { full_slug?: string | null }): string {
  return storedSlug(story.full_slug);
}

/** The site path of a slug for a country: `/au/news/x`; home (or no slug) is `/au`. */
export function sitePath(country: Country, slug: string | null | undefined): string {
  const stored = storedSlug(slug).replace(/(^|\/)home$/, "$1").replace(/\/+$/, "");
  return stored === "" ? `/${country}` : `/${country}/${stored}`;
}

/** Whether a slug lies in a folder given as stored (`car-configurator/models/x/au/`). */
export function isInFolder(slug: string | null | undefined, folder: string): boolean {
  const prefix = storedSlug(folder);
  return prefix === "" || storedSlug(slug).startsWith(`${prefix}/`);
}

/** The folder a slug lies in, stored (`owners-club/events/x` → `owners-club/events`). */
export function parentSlugOf(slug: string | null | undefined): string {
  const parts = storedSlug(slug).split("/");
  parts.pop();
  return parts.join("/");
}

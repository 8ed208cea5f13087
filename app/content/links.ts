import type { Country } from "./schema";
import type { Link } from "./schema";
import { sitePath } from "./site-path";

/**
 * The one helper that builds site paths. Every internal link is absolute and starts with the
 * country segment; links are never relative.
 */
export function countryPath(country: Country, slug = ""): string {
  const clean = slug.replace(/^\/+/, "").replace(/\/+$/, "");
  if (clean === "" || clean === "home") return `/${country}`;
  return `/${country}/${clean}`;
}

/** Strips a leading "au/" or "nz/" (a cached_url may carry it) and the "home" slug. */
export function stripCountry(path: string): string {
  return path.replace(/^\/+/, "").replace(/^(au|nz)(\/|$)/, "");
}

/**
 * A path that already holds au/ or nz/ is kept; any other is prefixed with the current country.
 * Either way in its canonical form: no duplicate or trailing slash (the server redirects those).
 */
export function withCountry(country: Country, path: string): string {
  if (/^\/?(au|nz)(\/|$)/.test(path)) return tidyPath(path.startsWith("/") ? path : `/${path}`);
  return countryPath(country, tidyPath(path));
}

/** The path part of an internal link without duplicate or trailing slashes (query and hash kept). */
export function tidyPath(href: string): string {
  const at = href.search(/[?#]/);
  const path = at === -1 ? href : href.slice(0, at);
  const tidy = path.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  return at === -1 ? tidy : tidy + href.slice(at);
}

const VIDEO_EXTENSIONS = ["mp4", "avi", "mkv", "mov", "wmv", "flv", "webm"];
export function isVideoUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  const ext = url.split(/[?#]/)[0]?.split(".").pop()?.toLowerCase() ?? "";
  return VIDEO_EXTENSIONS.includes(ext);
}

/**
 * The one gate of every href that comes from content: http(s), mailto, tel, a fragment (`#id`) or
 * a site-relative path (`/…`; `//host` is http(s) on the page's scheme); anything else
 * (`javascript:`, `data:`, `vbscript:`, a scheme spelled with tabs or line breaks) is null. Browsers drop tabs, line breaks and leading
 * control characters or spaces before they read a scheme, so those are removed first here too.
 */
export function safeHref(href: string | null | undefined): string | null {
  if (typeof href !== "string") return null;
  // eslint-disable-next-line no-control-regex
  const value = href.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (value === "") return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (value.startsWith("#")) return value;
  // Browsers read `/\` as `//`; a path is kept as written otherwise.
  if (value.startsWith("/")) return value.startsWith("/\\") ? null : value;
  return /^(https?:\/\/|mailto:|tel:)/i.test(value) ? value : null;
}

/**
 * Whether a link value written in content renders as a link (`safeHref`) or as a path of the site
 * (a relative slug): what `content:check` accepts. A `javascript:` or `data:` value is neither.
 */
export function isSafeContentHref(value: string): boolean {
  if (value.trim() === "" || safeHref(value) !== null) return true;
  const v = value.replace(/[\t\n\r]/g, "").trim();
  // eslint-disable-next-line no-control-regex
  return !/^[a-z][a-z0-9+.-]*:/i.test(v) && !/[\u0000-\u001f\u007f]/.test(v) && !v.startsWith("/");
}

/** A resolved link whose href passed `safeHref`, or null. */
function safe(link: ResolvedLink | null): ResolvedLink | null {
  if (!link) return null;
  const href = safeHref(link.href);
  return href === null ? null : { ...link, href };
}

export interface ResolvedLink {
  href: string;
  external: boolean;
  target?: string;
}

/**
 * Resolves a Storyblok multilink to an href: external urls, internal content paths (prefixed
 * with the country), anchors (#id), assets and email. An internal link to the bare NZ home path
 * counts as no link. Returns null when the link is empty.
 */
export function resolveLink(link: Link | string | null | undefined, country: Country): ResolvedLink | null {
  return safe(resolveUnchecked(link, country));
}

function resolveUnchecked(link: Link | string | null | undefined, country: Country): ResolvedLink | null {
  if (!link) return null;
  if (typeof link === "string") return resolveHref(link, country);
  const anchor = link.anchor ? `#${link.anchor}` : "";
  switch (link.linktype) {
    case "email": {
      const email = link.email || link.url || link.cached_url;
      return email ? { href: `mailto:${email.replace(/^mailto:/, "")}`, external: true } : null;
    }
    case "asset": {
      const url = link.url || link.cached_url;
      return url ? { href: url, external: /^https?:/.test(url), target: link.target ?? undefined } : null;
    }
    case "story": {
      const path = link.story?.full_slug ?? link.cached_url ?? "";
      if (!path && !anchor) return null;
      if (isBareNzHome(path) && !anchor) return null;
      if (!path) return { href: anchor, external: false };
      return { href: `${sitePath(country, path)}${anchor}`, external: false, target: link.target ?? undefined };
    }
    default: {
      const url = link.url || link.cached_url;
      if (!url) return anchor ? { href: anchor, external: false } : null;
      const resolved = resolveHref(url, country);
      return resolved ? { ...resolved, target: link.target ?? resolved.target } : null;
    }
  }
}

function isBareNzHome(path: string): boolean {
  return /^\/?nz\/?$/.test(path.trim());
}

/** Resolves a plain string href the same way as a url-type multilink. */
export function resolveHref(url: string, country: Country): ResolvedLink | null {
  return safe(hrefUnchecked(url, country));
}

function hrefUnchecked(url: string, country: Country): ResolvedLink | null {
  const value = url.trim();
  if (!value) return null;
  if (value.startsWith("#")) return { href: value, external: false };
  if (/^mailto:|^tel:/i.test(value)) return { href: value, external: true };
  if (/^(https?:)?\/\//i.test(value)) return { href: value, external: true, target: "_blank" };
  if (value.startsWith("/media/")) return { href: value, external: false };
  if (isBareNzHome(value)) return null;
  // Any other scheme (`javascript:`) is no link, not a page of the site.
  if (/^[a-z][a-z0-9+.-]*:/i.test(value.replace(/[\t\n\r]/g, ""))) return null;
  return { href: withCountry(country, value), external: false };
}

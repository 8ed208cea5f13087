/**
 * Which asset URLs the download endpoints may serve (pure; no I/O). Only files of the content's
 * own asset hosts: the local content set's /media/ files, and in Storyblok mode Storyblok's
 * asset hosts. Anything else (other hosts, other paths, traversal, credentials, odd ports) is
 * refused before any request is made, so the endpoints can never be used to reach other hosts.
 */

import { isStoryblokAssetHost } from "~/lib/asset-hosts";

/** At most this many files in one zip. */
export const MAX_ZIP_FILES = 50;
/** The total size of the files of one zip. */
export const MAX_ZIP_BYTES = 250 * 1024 * 1024;
/** The size of one downloaded asset. */
export const MAX_ASSET_BYTES = 100 * 1024 * 1024;
/** Longest URL accepted. */
export const MAX_URL_LENGTH = 2048;

export type AssetRef =
  /** A file of the local content set: `file` is relative to its assets folder ("a/b.jpg"). */
  | { kind: "local"; file: string; name: string }
  /** A Storyblok asset: a canonical https URL on an allow-listed host. */
  | { kind: "remote"; url: string; name: string };

export interface AllowListOptions {
  /** Storyblok mode (a token is set): Storyblok's asset hosts are allowed too. */
  storyblok: boolean;
  /** Origins of this site (SITE_URL, the request's): absolute /media/ URLs on them are local. */
  siteOrigins?: readonly string[];
  /** The space's custom asset domain (STORYBLOK_ASSET_HOST), allowed like Storyblok's own hosts. */
  assetHost?: string | null;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

/** Safe path segments of a /media/ path, or null (no "..", no hidden files, no encoded slashes). */
function mediaFile(pathname: string): string | null {
  if (!pathname.startsWith("/media/")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.slice("/media/".length));
  } catch {
    return null;
  }
  // An image-service variant (/media/x.jpg/m/800x0/...) downloads the original file.
  const original = decoded.replace(/\/m(\/.*)?$/, "");
  const segments = original.split("/");
  if (segments.length > 4 || !segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s))) return null;
  return segments.join("/");
}

function lastSegment(path: string): string {
  return path.split("/").filter(Boolean).pop() ?? "file";
}

/**
 * The asset an input URL names, or null when it is not one of the content's own assets.
 * Accepts root-relative `/media/<file>`, absolute URLs of this site's /media/, and (in
 * Storyblok mode) `https://a.storyblok.com/f/...` on any region's asset host or the custom asset
 * domain (protocol-relative `//a.storyblok.com/...` too).
 */
export function resolveAssetRef(input: unknown, opts: AllowListOptions): AssetRef | null {
  if (typeof input !== "string") return null;
  const raw = input.trim();
  if (!raw || raw.length > MAX_URL_LENGTH || /[\s\\\0]/.test(raw)) return null;
  if (raw.startsWith("/") && !raw.startsWith("//")) {
    let url: URL;
    try {
      url = new URL(raw, "http://local.invalid");
    } catch {
      return null;
    }
    if (url.search || url.hash) return null;
    const file = mediaFile(url.pathname);
    return file ? { kind: "local", file, name: lastSegment(file) } : null;
  }
  let url: URL;
  try {
    url = new URL(raw.startsWith("//") ? `https:${raw}` : raw);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (opts.siteOrigins?.includes(url.origin)) {
    if (url.search) return null;
    const file = mediaFile(url.pathname);
    return file ? { kind: "local", file, name: lastSegment(file) } : null;
  }
  if (!opts.storyblok) return null;
  if (url.protocol !== "https:" || url.port !== "" || !isStoryblokAssetHost(url.hostname, opts.assetHost)) return null;
  // Storyblok asset paths: /f/<space id>/<w>x<h>/<hash>/<file name>
  if (!/^\/f\/\d+\/[^?#]+$/.test(url.pathname) || url.pathname.includes("..")) return null;
  url.search = "";
  return { kind: "remote", url: url.toString(), name: decodeURIComponentSafe(lastSegment(url.pathname)) };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A file name safe for an archive entry or a Content-Disposition header. */
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "").slice(0, 120);
  return cleaned || "file";
}

/** Unique archive entry names: a repeated name gets -2, -3 before its extension. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const name = safeFileName(n);
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count === 1) return name;
    const dot = name.lastIndexOf(".");
    return dot > 0 ? `${name.slice(0, dot)}-${count}${name.slice(dot)}` : `${name}-${count}`;
  });
}

/*
 * What a media URL is, by its extension or host. Apart from image-url.ts: the block registry's
 * hydration rules read it on every page, and need none of the image URL builders.
 */

const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp"];
const VIDEO_EXTENSIONS = ["mp4", "webm", "ogg", "mov"];

export function extensionOf(url: string): string {
  return (
    url.split(/[?#]/)[0]?.split("/").pop()?.split(".").pop()?.toLowerCase() ??
    ""
  );
}

export type MediaKind = "image" | "video" | "embed";

/**
 * What a media URL is (spec: images jpg, jpeg, png, gif, webp; video mp4, webm, ogg, mov; a
 * watch link otherwise is an embedded video). Null for anything else.
 */
export function mediaKind(url: string | null | undefined): MediaKind | null {
  if (!url) return null;
  const ext = extensionOf(url);
  if (IMAGE_EXTENSIONS.includes(ext)) return "image";
  if (VIDEO_EXTENSIONS.includes(ext)) return "video";
  if (embedUrl(url)) return "embed";
  return null;
}

/** The embeddable player URL of a watch link (YouTube `watch?v=`, `youtu.be/`, Vimeo), or null. */
export function embedUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, "https://invalid.example");
  } catch {
    return null;
  }
  if (parsed.hostname === "invalid.example") return null;
  const host = parsed.hostname.replace(/^www\.|^m\./, "");
  if (
    (host === "youtube.com" || host === "youtube-nocookie.com") &&
    parsed.pathname === "/watch"
  ) {
    const id = parsed.searchParams.get("v");
    return id && /^[\w-]+$/.test(id)
      ? `https://www.youtube-nocookie.com/embed/${id}`
      : null;
  }
  if (host === "youtu.be") {
    const id = parsed.pathname.slice(1);
    return /^[\w-]+$/.test(id)
      ? `https://www.youtube-nocookie.com/embed/${id}`
      : null;
  }
  if (host === "vimeo.com") {
    const id = parsed.pathname.slice(1);
    return /^\d+$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

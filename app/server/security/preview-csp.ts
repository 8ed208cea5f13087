/**
 * What a preview response's Content-Security-Policy must additionally allow for Storyblok's visual
 * editor: the bridge script from app.storyblok.com, its calls back to Storyblok, and being framed
 * by the editor. Only preview responses (res.locals.preview === true) get these. Pure.
 */

/** The editor's origin (the bridge's script host and the page that frames the preview). */
export const STORYBLOK_EDITOR_ORIGIN = "https://app.storyblok.com";

/** Storyblok's content API hosts (every region); the bridge may fetch draft relations from them. */
export const STORYBLOK_API_ORIGINS: readonly string[] = [
  "https://api.storyblok.com",
  "https://api-us.storyblok.com",
  "https://api-ap.storyblok.com",
  "https://api-ca.storyblok.com",
  "https://app.storyblokchina.cn",
];

export interface PreviewCspSources {
  scriptSrc: readonly string[];
  connectSrc: readonly string[];
  frameSrc: readonly string[];
  /** The editor embeds the preview in an iframe: frame-ancestors must allow it (and X-Frame-Options must not deny it). */
  frameAncestors: readonly string[];
}

/** Sources to add to the CSP of a preview response, per directive. */
export function previewCspSources(): PreviewCspSources {
  return {
    scriptSrc: [STORYBLOK_EDITOR_ORIGIN],
    connectSrc: [STORYBLOK_EDITOR_ORIGIN, ...STORYBLOK_API_ORIGINS],
    frameSrc: [STORYBLOK_EDITOR_ORIGIN],
    frameAncestors: ["'self'", STORYBLOK_EDITOR_ORIGIN],
  };
}

/**
 * The Content-Security-Policy of the site (pure: no I/O, no Express). There is no 'unsafe-inline'
 * for scripts. A response of its own (private, no-store, a preview, a form's answer) runs scripts
 * with its nonce, and 'strict-dynamic' lets them load their own modules and the optional Google
 * Maps and bot-check scripts; host lists are kept for browsers without 'strict-dynamic'. A page a
 * shared cache stores names the hashes of its inline scripts instead, with no nonce a cache could
 * replay, and the site's origin and the two third parties for the scripts they load. Styles allow inline style attributes (blocks set colours and
 * sizes from content). Only Storyblok's visual editor may frame the site.
 */

import { assetOrigins } from "~/lib/asset-hosts";
import { previewCspSources, STORYBLOK_EDITOR_ORIGIN } from "~/server/security/preview-csp";

export { STORYBLOK_EDITOR_ORIGIN };

/** Third parties the site uses: Google Maps (with a key), Turnstile (with a site key), video embeds. */
const MAPS = ["https://maps.googleapis.com", "https://maps.gstatic.com"];
const BOT_CHECK = "https://challenges.cloudflare.com";
const VIDEO_EMBEDS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];
/**
 * Google Tag Manager (with GTM_ID, loaded after consent by the site's own script): its container
 * and the Google tag it loads, and where they send measurements (Google's CSP guide for Tag Manager).
 */
export const TAG_MANAGER_SCRIPTS = ["https://www.googletagmanager.com"];
const TAG_MANAGER_CONNECT = ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"];

export interface CspOptions {
  /** The response's own nonce (a response no shared cache stores). */
  nonce?: string;
  /** A shareable page: the 'sha256-…' sources of its inline scripts, in place of a nonce. */
  scriptHashes?: readonly string[];
  /** Development: Vite's client and HMR websocket. */
  dev?: boolean;
  /** A verified Storyblok preview response: the bridge script, its API calls and its frames. */
  preview?: boolean;
  /** The site is served over https: ask browsers to upgrade any http sub-resource. */
  https?: boolean;
  /** Origins of the content's media (videos): the space's region's asset hosts and custom asset domain (default: EU's). */
  assetOrigins?: readonly string[];
  /** Google Tag Manager is configured: its hosts are allowed. */
  tagManager?: boolean;
}

export type CspDirectives = Record<string, string[]>;

/**
 * script-src. With hashes, no 'strict-dynamic': under it, browsers refuse the `import()` of a
 * parser-inserted inline module that is trusted by hash (Remix's bootstrap loads its entry that
 * way), while a nonce passes on to it. The origin ('self') and the third parties' hosts allow
 * what those scripts load.
 */
function scriptSources(nonce: string | undefined, hashes: readonly string[] | undefined): string[] {
  if (hashes) return ["'self'", ...hashes, ...MAPS, BOT_CHECK];
  return ["'self'", `'nonce-${nonce ?? ""}'`, "'strict-dynamic'", ...MAPS, BOT_CHECK];
}

export function cspDirectives({ nonce, scriptHashes, dev = false, preview = false, https = false, assetOrigins: media = assetOrigins(), tagManager = false }: CspOptions): CspDirectives {
  const directives: CspDirectives = {
    "default-src": ["'self'"],
    "script-src": scriptSources(nonce, scriptHashes),
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'", "https://fonts.googleapis.com"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:", "https://fonts.gstatic.com"],
    "media-src": ["'self'", "blob:", ...media],
    "connect-src": ["'self'", ...MAPS, "https://places.googleapis.com", BOT_CHECK],
    "frame-src": ["'self'", ...VIDEO_EMBEDS, BOT_CHECK],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'", STORYBLOK_EDITOR_ORIGIN],
    "manifest-src": ["'self'"],
  };
  if (tagManager) {
    directives["script-src"].push(...TAG_MANAGER_SCRIPTS);
    directives["connect-src"].push(...TAG_MANAGER_CONNECT);
  }
  if (dev) {
    // Vite's HMR client talks over a websocket on its own port.
    directives["connect-src"].push("ws:", "wss:");
  }
  if (preview) {
    // The bridge of Storyblok's visual editor (preview-csp.ts).
    const bridge = previewCspSources();
    directives["script-src"].push(...bridge.scriptSrc);
    directives["connect-src"].push(...bridge.connectSrc);
    directives["frame-src"].push(...bridge.frameSrc);
    directives["frame-ancestors"] = [...new Set([...directives["frame-ancestors"], ...bridge.frameAncestors])];
  }
  if (https) directives["upgrade-insecure-requests"] = [];
  return directives;
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(" ")}` : name))
    .join("; ");
}

export function contentSecurityPolicy(options: CspOptions): string {
  return serializeCsp(cspDirectives(options));
}

/** Permissions-Policy: geolocation for this site only (the dealer locator); every other feature off. */
export const PERMISSIONS_POLICY = [
  "geolocation=(self)",
  "camera=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
  "browsing-topics=()",
].join(", ");

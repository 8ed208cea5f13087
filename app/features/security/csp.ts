/**
 * The Content-Security-Policy of the site (pure: no I/O, no Express). Scripts run only with the
 * response's nonce ('strict-dynamic' lets them load their own modules and the optional Google
 * Maps and bot-check scripts); there is no 'unsafe-inline' for scripts. Host lists are kept for
 * browsers without 'strict-dynamic'. Styles allow inline style attributes (blocks set colours and
 * sizes from content). Only Storyblok's visual editor may frame the site.
 */

import { assetOrigins } from "~/components/asset-hosts";
import { previewCspSources, STORYBLOK_EDITOR_ORIGIN } from "../preview/csp";

export { STORYBLOK_EDITOR_ORIGIN };

/** Third parties the site uses: Google Maps (with a key), Turnstile (with a site key), video embeds. */
const MAPS = ["https://maps.googleapis.com", "https://maps.gstatic.com"];
const BOT_CHECK = "https://challenges.cloudflare.com";
const VIDEO_EMBEDS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

export interface CspOptions {
  nonce: string;
  /** Development: Vite's client and HMR websocket. */
  dev?: boolean;
  /** A verified Storyblok preview response: the bridge script, its API calls and its frames. */
  preview?: boolean;
  /** The site is served over https: ask browsers to upgrade any http sub-resource. */
  https?: boolean;
  /** Origins of the content's media (videos): the space's region's asset hosts and custom asset domain (default: EU's). */
  assetOrigins?: readonly string[];
}

export type CspDirectives = Record<string, string[]>;

export function cspDirectives({ nonce, dev = false, preview = false, https = false, assetOrigins: media = assetOrigins() }: CspOptions): CspDirectives {
  const directives: CspDirectives = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...MAPS, BOT_CHECK],
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
  if (dev) {
    // Vite's HMR client talks over a websocket on its own port.
    directives["connect-src"].push("ws:", "wss:");
  }
  if (preview) {
    // The bridge of Storyblok's visual editor (app/features/preview/csp.ts).
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

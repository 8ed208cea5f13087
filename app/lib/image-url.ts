/**
 * Image URLs for the image service (Storyblok's form: `<file>/m/<w>x<h>` plus an optional
 * `/filters:focal(<x1>x<y1>:<x2>x<y2>)` and `:format(avif|webp)`), and the srcset candidates for
 * the spec's screens. Local assets (`/media/...`) go to the local image service
 * (app/server/images), Storyblok assets (`https://a.storyblok.com/f/...`) to Storyblok's.
 *
 * The image service is on by default; env IMAGE_SERVICE=off serves the original files. The server
 * reads the variable (validated in env.server.ts with the same parser) and passes it to the
 * browser as `window.ENV.IMAGE_SERVICE` (getPublicEnv), so the server markup and the hydrated
 * client build the same URLs.
 */

import { isStoryblokAssetHost, parseAssetHost } from "./asset-hosts";
import { extensionOf } from "./media-kind";

/** Image screens of the spec (px): xs 320, sm 640, md 768, lg 1024, xl 1280, xxl 1536. */
export const IMAGE_SCREENS = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  xxl: 1536,
} as const;
/** Pixel densities of the spec. */
export const IMAGE_DENSITIES = [1, 2] as const;
/** Modern formats offered as `<source>`s, best first; the `<img>` keeps the original's format. */
export const MODERN_FORMATS = ["avif", "webp"] as const;
export type ModernFormat = (typeof MODERN_FORMATS)[number];

export interface ImageAssetLike {
  filename?: string | null;
  focus?: string | null;
  alt?: string | null;
}

export interface ImageUrlOptions {
  width: number;
  height: number;
  /** Focal area `x1xy1:x2xy2`; defaults to the asset's `focus`. */
  focal?: string | null;
  /** Output format (`filters:format(...)`); default: the original's. */
  format?: ModernFormat;
  /** Overrides the environment flag (tests, previews). */
  service?: boolean;
}

/**
 * The IMAGE_SERVICE flag: unset or empty is on (the default); on/off, true/false, 1/0, yes/no.
 * Null for anything else (env.server.ts rejects it at start).
 */
export function parseImageServiceFlag(value: unknown): boolean | null {
  if (value === undefined || value === null) return true;
  if (typeof value === "boolean") return value;
  const text = String(value).trim().toLowerCase();
  if (text === "" || /^(1|true|yes|on)$/.test(text)) return true;
  if (/^(0|false|no|off)$/.test(text)) return false;
  return null;
}

/** True when images go through the image service (env flag IMAGE_SERVICE, on by default). */
export function imageServiceEnabled(): boolean {
  if (typeof window !== "undefined") {
    const env = (window as unknown as { ENV?: { IMAGE_SERVICE?: unknown } })
      .ENV;
    return parseImageServiceFlag(env?.IMAGE_SERVICE) ?? true;
  }
  if (typeof process === "undefined") return true;
  const raw = process.env?.IMAGE_SERVICE;
  if (raw !== lastFlag.raw) {
    lastFlag.raw = raw;
    lastFlag.value = parseImageServiceFlag(raw) ?? true;
  }
  return lastFlag.value;
}
const lastFlag: { raw: string | undefined; value: boolean } = {
  raw: undefined,
  value: true,
};

/** Images the service can resize (not SVG, not GIF animations). */
export function resizable(filename: string): boolean {
  return ["jpg", "jpeg", "png", "webp"].includes(extensionOf(filename));
}

/** A Storyblok asset's path: `/f/<space>/[<w>x<h>/]<hash>/<file>`. */
const STORYBLOK_ASSET = /^\/f\/\d+\/./;
/** The same with the size segment. */
const STORYBLOK_ASSET_PATH = /^\/f\/\d+\/(\d+)x(\d+)\//;

/**
 * The space's custom asset domain (STORYBLOK_ASSET_HOST): `window.ENV` in the browser, the
 * variable on the server (validated in env.server.ts), so both build the same URLs.
 */
function customAssetHost(): string | null {
  if (typeof window !== "undefined") {
    return parseAssetHost((window as unknown as { ENV?: { STORYBLOK_ASSET_HOST?: unknown } }).ENV?.STORYBLOK_ASSET_HOST);
  }
  if (typeof process === "undefined") return null;
  return parseAssetHost(process.env?.STORYBLOK_ASSET_HOST);
}

/** The path of a Storyblok asset URL (any region's host or the custom domain); null for other URLs. */
function storyblokAssetPath(filename: string): string | null {
  if (!filename.startsWith("https://")) return null;
  const slash = filename.indexOf("/", "https://".length);
  if (slash < 0 || !isStoryblokAssetHost(filename.slice("https://".length, slash), customAssetHost())) return null;
  const assetPath = filename.slice(slash);
  return STORYBLOK_ASSET.test(assetPath) ? assetPath : null;
}

/** The size in a Storyblok asset URL, which it has when the upload said it; null otherwise. */
function storyblokAssetSize(filename: string): { width: number; height: number } | null {
  const m = STORYBLOK_ASSET_PATH.exec(storyblokAssetPath(filename) ?? "");
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

/**
 * Whether an image service answers this file: local content assets or Storyblok's assets, with or
 * without the size segment (an upload without `size` has none; the service takes any asset URL).
 */
export function serviceable(filename: string): boolean {
  return resizable(filename) && (filename.startsWith("/media/") || storyblokAssetPath(filename) !== null);
}

/**
 * Whether an image goes through the image service: the service is on (`service`, by default the
 * IMAGE_SERVICE flag) and answers this file. Only then are there resized and modern-format URLs.
 */
export function throughService(
  filename: string,
  service: boolean = imageServiceEnabled()
): boolean {
  return service && serviceable(filename);
}

/** The original's size when the URL tells it (Storyblok: `/f/<space>/<w>x<h>/...`). */
export function intrinsicSize(
  filename: string
): { width: number; height: number } | null {
  return storyblokAssetSize(filename);
}

/** Storyblok's asset focus (`x1xy1:x2xy2`) if well-formed. */
function focalOf(value: string | null | undefined): string | null {
  return value && /^\d+x\d+:\d+x\d+$/.test(value) ? value : null;
}

/**
 * The URL of an image at `width`x`height`: `<file>/m/<w>x<h>[/filters:focal(...)]` with the image
 * service, else the plain filename. Empty string when the asset has no filename.
 */
export function imageUrl(
  asset: ImageAssetLike | string | null | undefined,
  options: ImageUrlOptions
): string {
  const filename =
    (typeof asset === "string" ? asset : asset?.filename)?.trim() ?? "";
  if (!filename) return "";
  if (!throughService(filename, options.service)) return filename;
  const w = Math.max(0, Math.round(options.width));
  const h = Math.max(0, Math.round(options.height));
  const focal = focalOf(
    options.focal ?? (typeof asset === "string" ? null : asset?.focus)
  );
  const filters = [
    focal ? `focal(${focal})` : "",
    options.format ? `format(${options.format})` : "",
  ].filter(Boolean);
  return `${filename.replace(/\/+$/, "")}/m/${w}x${h}${
    filters.length ? `/filters:${filters.join(":")}` : ""
  }`;
}

/** The candidate widths: every screen at every density, unique and ascending. */
export function candidateWidths(maxWidth = Infinity): number[] {
  const widths = new Set<number>();
  for (const screen of Object.values(IMAGE_SCREENS)) {
    for (const density of IMAGE_DENSITIES) widths.add(screen * density);
  }
  const all = [...widths].sort((a, b) => a - b);
  const capped = all.filter((w) => w <= maxWidth);
  return capped.length > 0 ? capped : all.slice(0, 1);
}

/**
 * Every box (width x height at 1x, as components pass them) in which the site shows an image
 * through the image service. The local image service encodes only these sizes and their srcset
 * candidates (`siteImageSizes`), in the original format or MODERN_FORMATS at the default quality:
 * a component that shows an image in a new box adds it here, or its images are
 * redirected to the nearest listed size.
 */
export const IMAGE_BOXES: readonly (readonly [number, number])[] = [
  // Icons and thumbnails.
  [48, 48], [60, 60], [96, 56], [160, 90], [160, 120], [240, 80], [240, 180],
  // Cards, tiles and panels.
  [375, 395], [400, 225], [400, 240], [400, 420], [420, 260], [480, 320], [562, 592],
  [600, 400], [640, 360], [640, 400], [640, 420], [640, 800], [720, 420], [800, 420],
  [800, 450], [800, 533], [800, 600], [800, 900], [840, 520], [1120, 560], [1200, 420],
  [1200, 675], [1240, 700], [1600, 700],
  // Heroes and banners (desktop, then the mobile art direction).
  [1920, 480], [1920, 800], [1920, 1080], [768, 480], [768, 768], [768, 960],
  // The configurator's carousel at densities 1 and 2 (app/features/configurator/images.ts).
  [768, 432], [992, 558], [1220, 686], [1536, 864], [1984, 1116], [2440, 1372],
];

let siteSizes: ReadonlySet<string> | null = null;

/**
 * The sizes (`<w>x<h>`) the site asks the image service for: each box of IMAGE_BOXES and, at
 * each candidate width, the box's aspect as `imageSrcSet` computes it.
 */
export function siteImageSizes(): ReadonlySet<string> {
  if (siteSizes) return siteSizes;
  const sizes = new Set<string>();
  for (const [width, height] of IMAGE_BOXES) {
    sizes.add(`${width}x${height}`);
    const ratio = height / width;
    for (const w of candidateWidths()) sizes.add(`${w}x${Math.round(w * ratio)}`);
  }
  siteSizes = sizes;
  return sizes;
}

/**
 * `srcset` for an image shown at the aspect `width`x`height`: one candidate per screen and
 * density (w descriptors) up to twice the shown width and within the original's width when the
 * URL tells it, each cropped to the same aspect, in `format` if given. Undefined without the
 * image service (every candidate would be the same file).
 */
export function imageSrcSet(
  asset: ImageAssetLike | string | null | undefined,
  options: ImageUrlOptions & { maxWidth?: number }
): string | undefined {
  const filename = typeof asset === "string" ? asset : asset?.filename;
  const service = options.service ?? imageServiceEnabled();
  if (!filename || !service) return undefined;
  const focal =
    options.focal ?? (typeof asset === "string" ? null : asset?.focus) ?? "";
  const key = `${filename}|${options.width}|${options.height}|${focal}|${
    options.format ?? ""
  }|${options.maxWidth ?? ""}`;
  const known = srcSets.get(key);
  if (known !== undefined) return known ?? undefined;
  let srcSet: string | null = null;
  if (serviceable(filename)) {
    const ratio = options.height / options.width;
    const original = intrinsicSize(filename)?.width ?? Infinity;
    srcSet = candidateWidths(
      Math.min(options.maxWidth ?? options.width * 2, original)
    )
      .map(
        (w) =>
          `${imageUrl(asset, {
            ...options,
            service,
            width: w,
            height: Math.round(w * ratio),
          })} ${w}w`
      )
      .join(", ");
  }
  // Pages render the same images again and again: remember the last few thousand srcsets.
  if (srcSets.size >= MAX_REMEMBERED_SRCSETS)
    srcSets.delete(srcSets.keys().next().value as string);
  srcSets.set(key, srcSet);
  return srcSet ?? undefined;
}

const MAX_REMEMBERED_SRCSETS = 5000;
const srcSets = new Map<string, string | null>();

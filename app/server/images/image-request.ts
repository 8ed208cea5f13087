/**
 * Parsing of image-service URLs in the form of Storyblok's image service, for local content:
 *
 *   /media/<file>/m/                              optimised original
 *   /media/<file>/m/<w>x<h>                       resize; 0 for one side keeps the ratio
 *   /media/<file>/m/<w>x<h>/filters:focal(<x1>x<y1>:<x2>x<y2>):format(webp|avif|jpeg|png):quality(n)
 *
 * Pure: no I/O. The server turns a parsed request into a sharp pipeline.
 */

export const MAX_DIMENSION = 4000;
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "gif", "avif"] as const;
export const OUTPUT_FORMATS = ["webp", "avif", "jpeg", "png"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface FocalPoint {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface ImageRequest {
  /** File name inside the assets folder (no directories). */
  file: string;
  width: number;
  height: number;
  focal?: FocalPoint;
  format?: OutputFormat;
  quality?: number;
}

export type ParseResult = { ok: true; request: ImageRequest } | { ok: false; error: string };

const FILE = /^[a-z0-9][a-z0-9._-]*$/i;

function fail(error: string): ParseResult {
  return { ok: false, error };
}

/** Parses `<file>/m/<rest>` (the part of the path after `/media/`). */
export function parseImageRequest(path: string): ParseResult {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return fail("Malformed image URL");
  }
  const marker = decoded.indexOf("/m/");
  if (marker < 0 && !decoded.endsWith("/m")) return fail("Not an image-service URL");
  const file = marker < 0 ? decoded.slice(0, -2) : decoded.slice(0, marker);
  const rest = marker < 0 ? "" : decoded.slice(marker + 3);
  if (!FILE.test(file) || file.includes("..")) return fail("Invalid file name");
  const ext = file.split(".").pop()?.toLowerCase() ?? "";
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return fail("Not an image file");

  const request: ImageRequest = { file, width: 0, height: 0 };
  const segments = rest.split("/").filter(Boolean);
  if (segments.length > 2) return fail("Too many URL segments");
  for (const segment of segments) {
    const size = /^(\d{1,5})x(\d{1,5})$/.exec(segment);
    if (size) {
      if (request.width || request.height) return fail("Size given twice");
      request.width = Number(size[1]);
      request.height = Number(size[2]);
      if (request.width > MAX_DIMENSION || request.height > MAX_DIMENSION) {
        return fail(`Image sizes are limited to ${MAX_DIMENSION} pixels`);
      }
      continue;
    }
    if (segment.startsWith("filters:")) {
      const parsed = parseFilters(segment.slice("filters:".length), request);
      if (parsed) return fail(parsed);
      continue;
    }
    return fail(`Unknown URL segment: ${segment.slice(0, 40)}`);
  }
  return { ok: true, request };
}

/** Applies `focal(...)`, `format(...)` and `quality(...)` filters; returns an error or null. */
function parseFilters(filters: string, request: ImageRequest): string | null {
  const parts = splitFilters(filters);
  if (parts === null) return "Malformed filters";
  for (const part of parts) {
    const m = /^([a-z_]+)\((.*)\)$/.exec(part);
    if (!m) return "Malformed filter";
    const [, name, arg] = m;
    if (name === "format") {
      const format = arg === "jpg" ? "jpeg" : arg;
      if (!(OUTPUT_FORMATS as readonly string[]).includes(format ?? "")) return "Unsupported format";
      request.format = format as OutputFormat;
    } else if (name === "quality") {
      if (!/^\d{1,3}$/.test(arg ?? "") || Number(arg) < 1 || Number(arg) > 100) return "Quality must be 1 to 100";
      request.quality = Number(arg);
    } else if (name === "focal") {
      const f = /^(\d{1,5})x(\d{1,5}):(\d{1,5})x(\d{1,5})$/.exec(arg ?? "");
      if (!f) return "Malformed focal point";
      const [x1, y1, x2, y2] = f.slice(1).map(Number) as [number, number, number, number];
      if (x2 < x1 || y2 < y1) return "Malformed focal point";
      request.focal = { x1, y1, x2, y2 };
    } else {
      return `Unsupported filter: ${name}`;
    }
  }
  return null;
}

/** Splits "focal(1x2:3x4):format(webp)" on the colons that are outside parentheses. */
function splitFilters(filters: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of filters) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (depth < 0) return null;
    if (ch === ":" && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  if (depth !== 0) return null;
  if (current) parts.push(current);
  return parts;
}

/**
 * The crop box for a cover resize that keeps the focal point's centre in view.
 * Returns the region of the source (after scaling to cover) to extract.
 */
export function focalCrop(
  source: { width: number; height: number },
  target: { width: number; height: number },
  focal: FocalPoint,
): { left: number; top: number; width: number; height: number; scale: number } {
  const scale = Math.max(target.width / source.width, target.height / source.height);
  const scaledW = Math.round(source.width * scale);
  const scaledH = Math.round(source.height * scale);
  const cx = ((focal.x1 + focal.x2) / 2) * scale;
  const cy = ((focal.y1 + focal.y2) / 2) * scale;
  const left = Math.min(Math.max(0, Math.round(cx - target.width / 2)), Math.max(0, scaledW - target.width));
  const top = Math.min(Math.max(0, Math.round(cy - target.height / 2)), Math.max(0, scaledH - target.height));
  return { left, top, width: Math.min(target.width, scaledW), height: Math.min(target.height, scaledH), scale };
}

/** The cache key of a request: stable and filesystem-safe. */
export function cacheKey(request: ImageRequest): string {
  const f = request.focal ? `f${request.focal.x1}-${request.focal.y1}-${request.focal.x2}-${request.focal.y2}` : "";
  return `${request.file}__${request.width}x${request.height}_${f}_${request.format ?? "auto"}_${request.quality ?? "d"}`;
}

/** The path (after `/media/`) of a request, in the form the site writes it. */
export function imageRequestPath(request: ImageRequest): string {
  const filters = [
    request.focal ? `focal(${request.focal.x1}x${request.focal.y1}:${request.focal.x2}x${request.focal.y2})` : "",
    request.format ? `format(${request.format})` : "",
    request.quality !== undefined ? `quality(${request.quality})` : "",
  ].filter(Boolean);
  return `${request.file}/m/${request.width}x${request.height}${filters.length ? `/filters:${filters.join(":")}` : ""}`;
}

export interface VariantPolicy {
  /** Sizes `<w>x<h>` the site asks for (`siteImageSizes` of app/components/image-url.ts). */
  sizes: ReadonlySet<string>;
  /** Formats the site asks for besides the original's. */
  formats: readonly OutputFormat[];
}

export type VariantCheck = { allowed: true } | { allowed: false; nearest: ImageRequest };

function pairs(sizes: ReadonlySet<string>): [number, number][] {
  return [...sizes].map((s) => s.split("x").map(Number) as [number, number]);
}
const pairCache = new WeakMap<ReadonlySet<string>, [number, number][]>();

/**
 * Whether the site itself asks for this variant (one of its sizes, its formats, the default
 * quality); if not, the nearest variant it does ask for: same file and focal point, the listed
 * size closest in aspect and then in width, a listed format or the original's, no quality.
 * Pure: the service redirects there instead of encoding a size nobody's page shows.
 */
export function checkVariant(request: ImageRequest, policy: VariantPolicy): VariantCheck {
  const sizeOk = (request.width === 0 && request.height === 0) || policy.sizes.has(`${request.width}x${request.height}`);
  const formatOk = request.format === undefined || policy.formats.includes(request.format);
  if (sizeOk && formatOk && request.quality === undefined) return { allowed: true };
  const nearest: ImageRequest = { file: request.file, width: request.width, height: request.height };
  if (request.focal) nearest.focal = request.focal;
  if (formatOk && request.format) nearest.format = request.format;
  if (!sizeOk) {
    if (request.width === 0 || request.height === 0) {
      nearest.width = 0;
      nearest.height = 0;
    } else {
      let list = pairCache.get(policy.sizes);
      if (!list) pairCache.set(policy.sizes, (list = pairs(policy.sizes)));
      const aspect = Math.log(request.height / request.width);
      let best: [number, number] = list[0] ?? [0, 0];
      let bestScore = Infinity;
      for (const [w, h] of list) {
        const score = 4 * Math.abs(Math.log(h / w) - aspect) + Math.abs(Math.log(w / request.width));
        if (score < bestScore) [best, bestScore] = [[w, h], score];
      }
      [nearest.width, nearest.height] = best;
    }
  }
  return { allowed: false, nearest };
}

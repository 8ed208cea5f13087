import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { cacheKey, focalCrop, parseImageRequest, type ImageRequest, type OutputFormat } from "./image-request";

export interface ImageServiceOptions {
  assetsDir: string;
  cacheDir: string;
  /** Upper bound of the on-disk cache; the oldest files go first. */
  maxCacheBytes?: number;
}

export type ImageResponse =
  | { status: 200; contentType: string; body: Buffer; cache: "hit" | "miss" | "bypass" }
  | { status: 400 | 404; error: string };

const DEFAULT_QUALITY = 80;
const CONTENT_TYPES: Record<OutputFormat, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpeg: "image/jpeg",
  png: "image/png",
};

function sourceFormat(file: string): OutputFormat {
  const ext = file.split(".").pop()?.toLowerCase();
  if (ext === "jpg" || ext === "jpeg") return "jpeg";
  if (ext === "webp") return "webp";
  if (ext === "avif") return "avif";
  return "png";
}

/** Resizes, crops (cover, around the focal point) and encodes one image. */
export async function transformImage(input: Buffer, request: ImageRequest): Promise<{ body: Buffer; format: OutputFormat }> {
  const format = request.format ?? sourceFormat(request.file);
  let pipeline = sharp(input, { failOn: "error", limitInputPixels: 100_000_000 }).rotate();
  const meta = await sharp(input).metadata();
  const source = { width: meta.width ?? request.width, height: meta.height ?? request.height };
  // Never enlarge: a size beyond the original is scaled down to fit it, keeping the asked aspect
  // (the page reserved that aspect, so the layout does not shift).
  const fit = request.width && request.height ? Math.min(1, source.width / request.width, source.height / request.height) : 1;
  const width = Math.max(1, Math.round(request.width * fit)) * Number(request.width > 0);
  const height = Math.max(1, Math.round(request.height * fit)) * Number(request.height > 0);
  const { focal } = request;
  if (width && height) {
    if (focal) {
      const crop = focalCrop(source, { width, height }, focal);
      pipeline = pipeline
        .resize(Math.round(source.width * crop.scale), Math.round(source.height * crop.scale))
        .extract({ left: crop.left, top: crop.top, width: crop.width, height: crop.height });
    } else {
      pipeline = pipeline.resize(width, height, { fit: "cover", position: "centre" });
    }
  } else if (width || height) {
    pipeline = pipeline.resize(width || null, height || null, { withoutEnlargement: true });
  }
  const quality = request.quality ?? DEFAULT_QUALITY;
  pipeline =
    format === "webp"
      ? pipeline.webp({ quality })
      : format === "avif"
        ? pipeline.avif({ quality: Math.max(1, quality - 20), effort: 2 })
        : format === "jpeg"
          ? pipeline.jpeg({ quality, mozjpeg: true })
          : pipeline.png({ compressionLevel: 9 });
  return { body: await pipeline.toBuffer(), format };
}

/**
 * The local image service: Storyblok's URL forms over the content assets, built on sharp, with a
 * bounded on-disk cache and request coalescing. When the cache cannot be written (disk full) the
 * image is still served.
 */
export function createImageService(options: ImageServiceOptions) {
  const maxBytes = options.maxCacheBytes ?? 256 * 1024 * 1024;
  const inflight = new Map<string, Promise<ImageResponse>>();
  let cacheBytes: number | null = null;

  async function cacheSize(): Promise<number> {
    if (cacheBytes !== null) return cacheBytes;
    cacheBytes = 0;
    for (const entry of await readdir(options.cacheDir).catch(() => [] as string[])) {
      cacheBytes += (await stat(path.join(options.cacheDir, entry)).catch(() => ({ size: 0 }))).size;
    }
    return cacheBytes;
  }

  async function evict(): Promise<void> {
    if ((await cacheSize()) <= maxBytes) return;
    const entries = await Promise.all(
      (await readdir(options.cacheDir).catch(() => [] as string[])).map(async (name) => {
        const file = path.join(options.cacheDir, name);
        const s = await stat(file).catch(() => null);
        return s ? { file, size: s.size, mtime: s.mtimeMs } : null;
      }),
    );
    const files = entries.filter((e): e is NonNullable<typeof e> => e !== null).sort((a, b) => a.mtime - b.mtime);
    let total = files.reduce((n, f) => n + f.size, 0);
    for (const f of files) {
      if (total <= maxBytes * 0.9) break;
      await unlink(f.file).catch(() => undefined);
      total -= f.size;
    }
    cacheBytes = total;
  }

  async function produce(request: ImageRequest): Promise<ImageResponse> {
    const sourcePath = path.join(options.assetsDir, request.file);
    const sourceStat = await stat(sourcePath).catch(() => null);
    if (!sourceStat?.isFile()) return { status: 404, error: "Image not found" };
    // The source's size and modification time are part of the key: a replaced asset is
    // transformed afresh instead of served from the cache of the old file.
    const key = createHash("sha1")
      .update(`${cacheKey(request)}|${sourceStat.size}|${Math.trunc(sourceStat.mtimeMs)}`)
      .digest("hex");
    const format = request.format ?? sourceFormat(request.file);
    const cached = path.join(options.cacheDir, `${key}.${format}`);
    const hit = await readFile(cached).catch(() => null);
    if (hit) return { status: 200, contentType: CONTENT_TYPES[format], body: hit, cache: "hit" };

    const source = await readFile(sourcePath).catch(() => null);
    if (!source) return { status: 404, error: "Image not found" };
    let result: { body: Buffer; format: OutputFormat };
    try {
      result = await transformImage(source, request);
    } catch {
      return { status: 400, error: "The image could not be processed" };
    }
    let cache: "miss" | "bypass" = "miss";
    try {
      await mkdir(options.cacheDir, { recursive: true });
      const tmp = `${cached}.${process.pid}.tmp`;
      await writeFile(tmp, result.body);
      await rename(tmp, cached);
      cacheBytes = (await cacheSize()) + result.body.length;
      void evict();
    } catch (error) {
      cache = "bypass";
      console.error(`[images] cache write failed, serving uncached: ${(error as Error).message}`);
    }
    return { status: 200, contentType: CONTENT_TYPES[result.format], body: result.body, cache };
  }

  /** Answers `<file>/m/<...>` (the path after /media/). */
  return async function serve(pathAfterMedia: string): Promise<ImageResponse> {
    const parsed = parseImageRequest(pathAfterMedia);
    if (!parsed.ok) return { status: 400, error: parsed.error };
    const key = cacheKey(parsed.request);
    let pending = inflight.get(key);
    if (!pending) {
      pending = produce(parsed.request).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  };
}

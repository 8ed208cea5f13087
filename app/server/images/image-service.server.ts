import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { MODERN_FORMATS, siteImageSizes } from "~/lib/image-url";
import { checkVariant, cacheKey, focalCrop, imageRequestPath, parseImageRequest, type ImageRequest, type OutputFormat, type VariantPolicy } from "./image-request";

export interface ImageServiceOptions {
  assetsDir: string;
  cacheDir: string;
  /** Upper bound of the on-disk cache; the least recently used files go first. */
  maxCacheBytes?: number;
  /**
   * The variants encoded (default: the site's own, `siteVariantPolicy`); others are redirected to
   * the nearest one. Null: any well-formed variant (tests of the transformation only).
   */
  policy?: VariantPolicy | null;
  /** Encodes at a time (default 1). */
  encodeConcurrency?: number;
  /** Misses that may wait for an encode (default 64: a cold page asks for many at once); past that a fast 503. */
  encodeQueue?: number;
  /** Queue places one client's misses may hold (default half the queue, rounded up); past that a fast 503. */
  encodeQueuePerClient?: number;
  /** Longest wait for an encode in ms (default 20 s), then a 503. */
  encodeQueueTimeoutMs?: number;
  /** Encodes (cache misses) one client may cause per minute (default 120); past that a 429. */
  missesPerClientPerMinute?: number;
  now?: () => number;
  /** Called after each encode (metrics). */
  onEncode?: (format: OutputFormat, seconds: number) => void;
}

export type ImageResponse =
  | { status: 200; contentType: string; body: Buffer; cache: "hit" | "miss" | "bypass" }
  | { status: 302; location: string }
  | { status: 429 | 503; error: string; retryAfter: number }
  | { status: 400 | 404; error: string };

export const DEFAULT_ENCODE_CONCURRENCY = 1;
export const DEFAULT_ENCODE_QUEUE = 64;
export const DEFAULT_ENCODE_QUEUE_TIMEOUT_MS = 20_000;
export const DEFAULT_MISSES_PER_CLIENT_PER_MINUTE = 120;
/** Bytes of decoded images libvips keeps between operations (sharp's default is 50 MB). */
const SHARP_CACHE_MEMORY_MB = 16;
/**
 * A crop's possible offsets along the side it can move: its start, a quarter, the middle, three
 * quarters and its end. A focal point picks the nearest, so the crop is at most an eighth of its
 * slack from where the exact point would put it.
 */
const FOCAL_POSITIONS = 5;

/** The variants the site's pages ask for (app/lib/image-url.ts, one source). */
export function siteVariantPolicy(): VariantPolicy {
  return { sizes: siteImageSizes(), formats: MODERN_FORMATS };
}

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
  const { width, height } = effectiveSize(source, request);
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
 * The output size of a request for a source: never enlarged (a box beyond the original is scaled
 * down to fit it, keeping the asked aspect: the page reserved that aspect); one side 0 keeps the
 * ratio, up to the original's size.
 */
export function effectiveSize(source: { width: number; height: number }, request: { width: number; height: number }): { width: number; height: number } {
  if (request.width && request.height) {
    const fit = Math.min(1, source.width / request.width, source.height / request.height);
    return { width: Math.max(1, Math.round(request.width * fit)), height: Math.max(1, Math.round(request.height * fit)) };
  }
  if (request.width) return { width: Math.min(request.width, source.width), height: 0 };
  if (request.height) return { width: 0, height: Math.min(request.height, source.height) };
  return { width: 0, height: 0 };
}

/**
 * The request as encoded: its effective size (every size beyond the original is one encode) and
 * its focal point, kept only where it can move the crop and then as one of `FOCAL_POSITIONS`
 * offsets along the side that has room (the other side's coordinate is the centre). A focal point
 * on an image shown at its own aspect, or without a crop, is dropped: it changes nothing.
 */
export function canonicalRequest(request: ImageRequest, source: { width: number; height: number }): ImageRequest {
  const size = effectiveSize(source, request);
  const out: ImageRequest = { file: request.file, ...size };
  if (request.format) out.format = request.format;
  if (request.quality !== undefined) out.quality = request.quality;
  if (!request.focal || !size.width || !size.height) return out;
  const crop = focalCrop(source, size, request.focal);
  const slackX = Math.round(source.width * crop.scale) - crop.width;
  const slackY = Math.round(source.height * crop.scale) - crop.height;
  // A scaled source the crop covers within a pixel has nowhere to move it.
  if (slackX <= 1 && slackY <= 1) return out;
  const position = (offset: number, slack: number) => Math.round((offset / slack) * (FOCAL_POSITIONS - 1)) / (FOCAL_POSITIONS - 1);
  // The source point that puts the crop's centre at the snapped offset.
  const centre = (offset: number, box: number) => Math.round((offset + box / 2) / crop.scale);
  const x = slackX > 1 ? centre(position(crop.left, slackX) * slackX, crop.width) : Math.round(source.width / 2);
  const y = slackY > 1 ? centre(position(crop.top, slackY) * slackY, crop.height) : Math.round(source.height / 2);
  out.focal = { x1: x, y1: y, x2: x, y2: y };
  return out;
}

interface EncodeWaiter {
  grant: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A bounded number of encodes at a time, with a short queue shared out by client: a freed encode
 * goes to the next client in turn (round-robin), not to the oldest miss, so one client's many
 * misses wait behind each other rather than in front of everyone's; one client holds at most
 * `perClientQueue` places. Null when the queue (or the client's share of it) is full or the wait ends.
 */
export class EncodeLimiter {
  private running = 0;
  /** Waiting misses by client; the Map's order is the clients' turn. */
  private readonly waiting = new Map<string, EncodeWaiter[]>();
  private waitingCount = 0;
  refused = 0;
  readonly perClientQueue: number;
  constructor(
    readonly concurrency: number,
    readonly queueSize: number,
    readonly timeoutMs: number,
    perClientQueue?: number,
  ) {
    this.perClientQueue = perClientQueue ?? queueSize;
  }

  get active(): number {
    return this.running;
  }
  get queued(): number {
    return this.waitingCount;
  }

  acquire(client = "unknown"): Promise<(() => void) | null> {
    if (this.running < this.concurrency) return Promise.resolve(this.take());
    const mine = this.waiting.get(client) ?? [];
    if (this.waitingCount >= this.queueSize || mine.length >= this.perClientQueue) {
      this.refused++;
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      const waiter: EncodeWaiter = {
        grant: () => resolve(this.take()),
        timer: setTimeout(() => {
          const list = this.waiting.get(client);
          const at = list?.indexOf(waiter) ?? -1;
          if (list && at !== -1) {
            list.splice(at, 1);
            this.waitingCount--;
            if (list.length === 0) this.waiting.delete(client);
          }
          this.refused++;
          resolve(null);
        }, this.timeoutMs),
      };
      waiter.timer.unref?.();
      mine.push(waiter);
      if (!this.waiting.has(client)) this.waiting.set(client, mine);
      this.waitingCount++;
    });
  }

  /** The next client's oldest waiter; the client goes to the back of the turn. */
  private next(): EncodeWaiter | undefined {
    for (const [client, list] of this.waiting) {
      this.waiting.delete(client);
      const waiter = list.shift();
      if (list.length > 0) this.waiting.set(client, list);
      if (waiter) {
        this.waitingCount--;
        return waiter;
      }
    }
    return undefined;
  }

  private take(): () => void {
    this.running++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.running--;
      const next = this.next();
      if (next) {
        clearTimeout(next.timer);
        next.grant();
      }
    };
  }
}

/** Encodes per client per minute (fixed windows from the client's first miss), in memory. */
export class MissBudget {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait when the client has used its budget, else 0 (and the miss is counted). */
  take(client: string): number {
    const now = this.now();
    let window = this.windows.get(client);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= 10_000) for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
      window = { count: 0, resetAt: now + 60_000 };
      this.windows.set(client, window);
    }
    if (window.count >= this.perMinute) return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    window.count++;
    return 0;
  }
}

/** What the service did since start (read by the metrics at scrape time). */
export interface ImageStats {
  hits: number;
  misses: number;
  redirects: number;
  invalid: number;
  encodes: Record<OutputFormat, number>;
  refusedBusy: number;
  refusedClient: number;
  readonly encodesActive: number;
  readonly encodesQueued: number;
  readonly cacheBytes: number;
  readonly cacheFiles: number;
}

export type ImageService = ((pathAfterMedia: string, client?: string) => Promise<ImageResponse>) & { stats: ImageStats; ready: Promise<void> };

/**
 * The local image service: Storyblok's URL forms over the content assets, built on sharp, bounded:
 * only the variants the site asks for are encoded (others redirect to the nearest
 * one), one or two encodes at a time behind a short queue, a budget of misses per client, sharp's
 * own cache small, and an on-disk cache bounded in bytes through an index kept in memory (no
 * directory scan per request). Concurrent requests for one variant share one encode. When the
 * cache cannot be written (disk full) the image is still served.
 */
export function createImageService(options: ImageServiceOptions): ImageService {
  const maxBytes = options.maxCacheBytes ?? 256 * 1024 * 1024;
  const policy = options.policy === undefined ? siteVariantPolicy() : options.policy;
  const encoder = new EncodeLimiter(
    Math.max(1, options.encodeConcurrency ?? DEFAULT_ENCODE_CONCURRENCY),
    Math.max(0, options.encodeQueue ?? DEFAULT_ENCODE_QUEUE),
    options.encodeQueueTimeoutMs ?? DEFAULT_ENCODE_QUEUE_TIMEOUT_MS,
    Math.max(0, options.encodeQueuePerClient ?? Math.ceil(Math.max(0, options.encodeQueue ?? DEFAULT_ENCODE_QUEUE) / 2)),
  );
  const misses = new MissBudget(options.missesPerClientPerMinute ?? DEFAULT_MISSES_PER_CLIENT_PER_MINUTE, options.now);
  // libvips keeps decoded images and open files between operations (50 MB, 20 files, 100 items by
  // default) and uses a thread per core per encode: bounded to what one or two encodes need.
  sharp.cache({ memory: SHARP_CACHE_MEMORY_MB, files: 0, items: 20 });
  sharp.concurrency(1);

  const inflight = new Map<string, Promise<ImageResponse>>();
  /** The cache's files and sizes, least recently used first (a Map keeps insertion order). */
  const index = new Map<string, number>();
  let cacheBytes = 0;
  const ready = (async () => {
    for (const name of await readdir(options.cacheDir).catch(() => [] as string[])) {
      if (name.endsWith(".tmp")) continue;
      const s = await stat(path.join(options.cacheDir, name)).catch(() => null);
      if (s?.isFile()) {
        index.set(name, s.size);
        cacheBytes += s.size;
      }
    }
    evict();
  })();

  const stats: ImageStats = {
    hits: 0,
    misses: 0,
    redirects: 0,
    invalid: 0,
    encodes: { webp: 0, avif: 0, jpeg: 0, png: 0 },
    refusedBusy: 0,
    refusedClient: 0,
    get encodesActive() {
      return encoder.active;
    },
    get encodesQueued() {
      return encoder.queued;
    },
    get cacheBytes() {
      return cacheBytes;
    },
    get cacheFiles() {
      return index.size;
    },
  };

  function remember(name: string, size: number): void {
    const old = index.get(name);
    if (old !== undefined) cacheBytes -= old;
    index.delete(name);
    index.set(name, size);
    cacheBytes += size;
    evict();
  }

  function forget(name: string): void {
    const size = index.get(name);
    if (size === undefined) return;
    index.delete(name);
    cacheBytes -= size;
  }

  function evict(): void {
    for (const [name] of index) {
      if (cacheBytes <= maxBytes) break;
      forget(name);
      void unlink(path.join(options.cacheDir, name)).catch(() => undefined);
    }
  }

  /** Source sizes by path, size and modification time (a replaced file is read again). */
  const sources = new Map<string, { width: number; height: number }>();
  async function sourceSize(file: string, stamp: string): Promise<{ width: number; height: number } | null> {
    const key = `${file}|${stamp}`;
    const known = sources.get(key);
    if (known) return known;
    const meta = await sharp(file).metadata().catch(() => null);
    if (!meta?.width || !meta.height) return null;
    if (sources.size >= 2000) sources.delete(sources.keys().next().value as string);
    const size = { width: meta.width, height: meta.height };
    sources.set(key, size);
    return size;
  }

  async function produce(request: ImageRequest, name: string, sourcePath: string, client: string): Promise<ImageResponse> {
    const cached = path.join(options.cacheDir, name);
    const format = request.format ?? sourceFormat(request.file);
    await ready;
    // Read even when the index does not know it: another instance sharing the directory may
    // have written it (a miss is about to encode; one failed read costs nothing beside that).
    const hit = await readFile(cached).catch(() => null);
    if (hit) {
      stats.hits++;
      remember(name, hit.length);
      return { status: 200, contentType: CONTENT_TYPES[format], body: hit, cache: "hit" };
    }
    forget(name);
    const wait = misses.take(client);
    if (wait > 0) {
      stats.refusedClient++;
      return { status: 429, error: "Too many new image sizes from your connection. Please wait a minute and try again.", retryAfter: wait };
    }
    const release = await encoder.acquire(client);
    if (!release) {
      stats.refusedBusy++;
      return { status: 503, error: "The image service is busy. Please try again shortly.", retryAfter: 5 };
    }
    let result: { body: Buffer; format: OutputFormat };
    try {
      const source = await readFile(sourcePath).catch(() => null);
      if (!source) return { status: 404, error: "Image not found" };
      stats.misses++;
      const started = performance.now();
      result = await transformImage(source, request);
      stats.encodes[result.format]++;
      options.onEncode?.(result.format, (performance.now() - started) / 1000);
    } catch {
      return { status: 400, error: "The image could not be processed" };
    } finally {
      release();
    }
    let cache: "miss" | "bypass" = "miss";
    try {
      await mkdir(options.cacheDir, { recursive: true });
      const tmp = `${cached}.${process.pid}.tmp`;
      await writeFile(tmp, result.body);
      await rename(tmp, cached);
      remember(name, result.body.length);
    } catch (error) {
      cache = "bypass";
      console.error(`[images] cache write failed, serving uncached: ${(error as Error).message}`);
    }
    return { status: 200, contentType: CONTENT_TYPES[result.format], body: result.body, cache };
  }

  /** Answers `<file>/m/<...>` (the path after /media/) for `client` (its key, as the rate limits name it). */
  const serve = async function serve(pathAfterMedia: string, client = "unknown"): Promise<ImageResponse> {
    const parsed = parseImageRequest(pathAfterMedia);
    if (!parsed.ok) {
      stats.invalid++;
      return { status: 400, error: parsed.error };
    }
    if (policy) {
      const check = checkVariant(parsed.request, policy);
      if (!check.allowed) {
        stats.redirects++;
        return { status: 302, location: imageRequestPath(check.nearest) };
      }
    }
    const sourcePath = path.join(options.assetsDir, parsed.request.file);
    const sourceStat = await stat(sourcePath).catch(() => null);
    if (!sourceStat?.isFile()) return { status: 404, error: "Image not found" };
    const stamp = `${sourceStat.size}|${Math.trunc(sourceStat.mtimeMs)}`;
    const source = await sourceSize(sourcePath, stamp);
    if (!source) return { status: 400, error: "The image could not be processed" };
    const request = canonicalRequest(parsed.request, source);
    // The source's size and modification time are part of the key: a replaced asset is
    // transformed afresh instead of served from the cache of the old file.
    const key = createHash("sha1").update(`${cacheKey(request)}|${stamp}`).digest("hex");
    const name = `${key}.${request.format ?? sourceFormat(request.file)}`;
    let pending = inflight.get(name);
    if (!pending) {
      pending = produce(request, name, sourcePath, client).finally(() => inflight.delete(name));
      inflight.set(name, pending);
    }
    return pending;
  } as ImageService;
  serve.stats = stats;
  serve.ready = ready;
  return serve;
}

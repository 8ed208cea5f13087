import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import yazl from "yazl";
import { z } from "zod";
import {
  MAX_ASSET_BYTES,
  MAX_ZIP_BYTES,
  MAX_ZIP_FILES,
  resolveAssetRef,
  safeFileName,
  uniqueNames,
  type AllowListOptions,
  type AssetRef,
} from "./allow-list";
import { CacheControl, NO_STORE_HEADERS } from "~/server/http/cache-control";
import { isFormContentType, isJsonContentType } from "~/server/security/same-site";

/**
 * The bytes the client may still be sent: `spend` counts a download's size against the client's
 * budget (both endpoints share it) and says whether it fits, else how long to wait.
 */
export type ByteBudget = (bytes: number) => Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;

/** What the download endpoints need from the outside (injected in tests). */
export interface DownloadDeps extends AllowListOptions {
  /** The local content set's assets folder (CONTENT_DIR/assets). */
  assetsDir: string;
  /** Used for Storyblok assets only, never with a URL that failed the allow-list. */
  fetch: typeof fetch;
  /** The requesting client's byte budget (server-app.ts); none: unlimited (tests, tools). */
  budget?: ByteBudget;
}

/** A 4xx/5xx answer with a JSON message. */
export class DownloadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "DownloadError";
  }
}

export const DOWNLOAD_BUDGET_MESSAGE = "Too many downloads from your connection. Please wait and try again.";

export function errorResponse(error: unknown): Response {
  if (error instanceof DownloadError) {
    return Response.json({ error: error.message }, { status: error.status, headers: { ...NO_STORE_HEADERS, ...error.headers } });
  }
  console.error("[downloads] failed:", error instanceof Error ? error.message : error);
  return Response.json({ error: "Download failed" }, { status: 502, headers: NO_STORE_HEADERS });
}

const imagesSchema = z.object({
  images: z
    .array(z.string().max(2048))
    .min(1, "images must list at least one image")
    .max(MAX_ZIP_FILES, `images may list at most ${MAX_ZIP_FILES} files`),
});

/**
 * The `images` of a download request: a JSON body `{images: [...]}` (the enhanced button) or a
 * form post with repeated `images` fields (without JavaScript). Throws a 4xx DownloadError.
 */
export async function readImagesRequest(request: Request): Promise<string[]> {
  const type = request.headers.get("Content-Type");
  let body: unknown;
  if (isJsonContentType(type)) {
    try {
      body = await request.json();
    } catch {
      throw new DownloadError(400, "The body is not valid JSON");
    }
  } else if (isFormContentType(type)) {
    const form = await request.formData().catch(() => null);
    if (!form) throw new DownloadError(400, "The form could not be read");
    body = { images: form.getAll("images").filter((v): v is string => typeof v === "string") };
  } else {
    throw new DownloadError(415, "Send JSON {\"images\": [...]} or a form with images fields");
  }
  const parsed = imagesSchema.safeParse(body);
  if (!parsed.success) throw new DownloadError(400, parsed.error.issues.map((i) => i.message).join("; "));
  return [...new Set(parsed.data.images)];
}

/** Every URL resolved against the allow-list; the first refused one is a 400. */
export function resolveAll(urls: readonly string[], opts: AllowListOptions): AssetRef[] {
  return urls.map((url, i) => {
    const ref = resolveAssetRef(url, opts);
    if (!ref) throw new DownloadError(400, `images[${i}] is not an asset of this site`);
    return ref;
  });
}

interface PlannedAsset {
  ref: AssetRef;
  /** Known size in bytes, or null when the host did not say. */
  size: number | null;
  open: () => Promise<Readable>;
}

/** A stream that fails once more than `limit` bytes have passed. */
function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new DownloadError(413, "The file is larger than allowed"));
      else callback(null, chunk);
    },
  });
}

async function planLocal(ref: Extract<AssetRef, { kind: "local" }>, assetsDir: string): Promise<PlannedAsset> {
  const root = path.resolve(assetsDir);
  const full = path.resolve(root, ref.file);
  if (!full.startsWith(root + path.sep)) throw new DownloadError(400, "Not an asset of this site");
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) throw new DownloadError(404, `${ref.name} was not found`);
  return { ref, size: info.size, open: async () => createReadStream(full) };
}

async function remoteBody(ref: Extract<AssetRef, { kind: "remote" }>, fetchImpl: typeof fetch): Promise<Response> {
  // redirect "error": an allow-listed host cannot bounce the request to another one.
  const res = await fetchImpl(ref.url, { redirect: "error", signal: AbortSignal.timeout(30_000) });
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new DownloadError(res.status === 404 ? 404 : 502, `${ref.name} could not be fetched`);
  }
  return res;
}

async function planRemote(ref: Extract<AssetRef, { kind: "remote" }>, fetchImpl: typeof fetch): Promise<PlannedAsset> {
  const head = await fetchImpl(ref.url, { method: "HEAD", redirect: "error", signal: AbortSignal.timeout(15_000) }).catch(() => null);
  if (!head) throw new DownloadError(502, `${ref.name} could not be fetched`);
  if (head.status === 404) throw new DownloadError(404, `${ref.name} was not found`);
  const length = Number(head.headers.get("Content-Length"));
  return {
    ref,
    size: head.ok && Number.isFinite(length) && length >= 0 ? length : null,
    open: async () => {
      const res = await remoteBody(ref, fetchImpl);
      return Readable.fromWeb(res.body as unknown as NodeWebReadableStream<Uint8Array>).pipe(byteLimit(MAX_ASSET_BYTES));
    },
  };
}

function plan(ref: AssetRef, deps: DownloadDeps): Promise<PlannedAsset> {
  return ref.kind === "local" ? planLocal(ref, deps.assetsDir) : planRemote(ref, deps.fetch);
}

/**
 * One entry per file: `/media/a.jpg`, `/media/%61.jpg`, an image-service variant of it and this
 * site's absolute URL of it are one file, packed once (under the first name asked for).
 */
export function distinctFiles(refs: readonly AssetRef[], assetsDir: string): AssetRef[] {
  const seen = new Set<string>();
  const root = path.resolve(assetsDir);
  return refs.filter((ref) => {
    const identity = ref.kind === "local" ? `local:${path.resolve(root, ref.file)}` : `remote:${ref.url}`;
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}

/** Counts `bytes` against the client's budget; over it, a 429 with Retry-After before anything is sent. */
async function spend(deps: DownloadDeps, bytes: number): Promise<void> {
  if (!deps.budget) return;
  const verdict = await deps.budget(bytes);
  if (!verdict.allowed) {
    throw new DownloadError(429, DOWNLOAD_BUDGET_MESSAGE, { "Retry-After": String(verdict.retryAfterSeconds) });
  }
}

/**
 * images.zip of the requested assets, streamed: sizes are checked first (at most
 * MAX_ZIP_FILES files and MAX_ZIP_BYTES in all, each at most MAX_ASSET_BYTES), then each file
 * is read only when the archive reaches it.
 */
export async function zipResponse(urls: readonly string[], deps: DownloadDeps): Promise<Response> {
  if (urls.length > MAX_ZIP_FILES) throw new DownloadError(400, `images may list at most ${MAX_ZIP_FILES} files`);
  const refs = distinctFiles(resolveAll(urls, deps), deps.assetsDir);
  const planned = await Promise.all(refs.map((ref) => plan(ref, deps)));
  let total = 0;
  for (const p of planned) {
    if (p.size !== null && p.size > MAX_ASSET_BYTES) throw new DownloadError(413, `${p.ref.name} is larger than allowed`);
    total += p.size ?? 0;
  }
  if (total > MAX_ZIP_BYTES) throw new DownloadError(413, "The images are larger than one download allows");
  await spend(deps, total);

  const zip = new yazl.ZipFile();
  // A file that fails mid-archive ends the download with an error (never an unhandled event).
  const fail = (error: unknown) => (zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on("error", fail);
  const names = uniqueNames(planned.map((p) => p.ref.name));
  let budget = MAX_ZIP_BYTES;
  planned.forEach((p, i) => {
    // Images are compressed already: stored, not deflated.
    zip.addReadStreamLazy(names[i] ?? `file-${i + 1}`, { compress: false }, (cb) => {
      p.open().then(
        (stream) => {
          const guard = byteLimit(budget);
          guard.on("data", (chunk: Buffer) => {
            budget -= chunk.length;
          });
          stream.on("error", fail);
          guard.on("error", fail);
          cb(null, stream.pipe(guard));
        },
        (error: unknown) => cb(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  });
  zip.end();
  zip.outputStream.on("error", (error: unknown) => {
    console.error("[downloads] zip stream failed:", error instanceof Error ? error.message : error);
  });
  const body = Readable.toWeb(zip.outputStream as Readable) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": 'attachment; filename="images.zip"',
      "Cache-Control": CacheControl.noStore,
    },
  });
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  pdf: "application/pdf",
};

/** One asset as an attachment (the event gallery's per-image download). */
export async function assetResponse(url: string | null, deps: DownloadDeps): Promise<Response> {
  if (!url) throw new DownloadError(400, "url is required");
  const ref = resolveAssetRef(url, deps);
  if (!ref) throw new DownloadError(400, "url is not an asset of this site");
  const planned = await plan(ref, deps);
  if (planned.size !== null && planned.size > MAX_ASSET_BYTES) throw new DownloadError(413, `${ref.name} is larger than allowed`);
  await spend(deps, planned.size ?? 0);
  const stream = await planned.open();
  const name = safeFileName(ref.name);
  const ext = name.split(".").pop()?.toLowerCase() ?? "";
  const headers: Record<string, string> = {
    "Content-Type": CONTENT_TYPES[ext] ?? "application/octet-stream",
    "Content-Disposition": `attachment; filename="${name}"`,
    // The origin refuses other sites' requests: a shared cache must not answer them for it.
    "Cache-Control": CacheControl.privateHour,
  };
  if (planned.size !== null && ref.kind === "local") headers["Content-Length"] = String(planned.size);
  return new Response(Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>, { headers });
}

import { mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { cacheKey, focalCrop, MAX_DIMENSION, parseImageRequest } from "~/server/images/image-request";
import { createImageService } from "~/server/images/image-service.server";

describe("parseImageRequest", () => {
  it("reads sizes, focal points, formats and quality like Storyblok's image service", () => {
    expect(parseImageRequest("hero.jpg/m/1124x1184")).toEqual({ ok: true, request: { file: "hero.jpg", width: 1124, height: 1184 } });
    expect(parseImageRequest("hero.jpg/m/")).toEqual({ ok: true, request: { file: "hero.jpg", width: 0, height: 0 } });
    expect(parseImageRequest("hero.jpg/m/640x0/filters:focal(100x200:300x400):format(webp):quality(70)")).toEqual({
      ok: true,
      request: { file: "hero.jpg", width: 640, height: 0, focal: { x1: 100, y1: 200, x2: 300, y2: 400 }, format: "webp", quality: 70 },
    });
    expect(parseImageRequest("hero.jpg/m/filters:format(avif)")).toMatchObject({ ok: true, request: { format: "avif" } });
  });
  it("rejects bad URLs", () => {
    for (const bad of [
      "../secret.jpg/m/10x10",
      "..%2Fsecret.jpg/m/10x10",
      "dealers.csv/m/10x10",
      "hero.jpg/m/99999x10",
      `hero.jpg/m/${MAX_DIMENSION + 1}x10`,
      "hero.jpg/m/10x10/filters:format(exe)",
      "hero.jpg/m/10x10/filters:quality(0)",
      "hero.jpg/m/10x10/filters:quality(101)",
      "hero.jpg/m/10x10/filters:focal(5x5:1x1)",
      "hero.jpg/m/10x10/filters:blur(3)",
      "hero.jpg/m/10x10/20x20",
      "hero.jpg/m/10x10/filters:format(webp",
      "%E0%A4%A.jpg/m/10x10",
      "hero.jpg",
    ]) {
      expect(parseImageRequest(bad).ok, bad).toBe(false);
    }
  });
  it("gives every distinct transformation its own cache key", () => {
    const a = parseImageRequest("a.jpg/m/10x10");
    const b = parseImageRequest("a.jpg/m/10x10/filters:format(webp)");
    if (!a.ok || !b.ok) throw new Error("parse");
    expect(cacheKey(a.request)).not.toBe(cacheKey(b.request));
  });
});

describe("focalCrop", () => {
  it("keeps the focal point's centre in the cropped box", () => {
    const crop = focalCrop({ width: 2000, height: 1000 }, { width: 500, height: 500 }, { x1: 1700, y1: 400, x2: 1900, y2: 600 });
    // Scaled to cover 500x500: 1000x500; the focal centre (1800, 500) becomes (900, 250).
    expect(crop).toEqual({ left: 500, top: 0, width: 500, height: 500, scale: 0.5 });
  });
});

describe("image service", () => {
  const assets = mkdtempSync(path.join(tmpdir(), "img-assets-"));
  const cache = mkdtempSync(path.join(tmpdir(), "img-cache-"));
  beforeAll(async () => {
    const png = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: "#0b4f6c" } }).png().toBuffer();
    writeFileSync(path.join(assets, "hero.png"), png);
    writeFileSync(path.join(assets, "broken.jpg"), "not an image");
  });

  it("resizes to the requested box and keeps the ratio when one side is 0", async () => {
    const serve = createImageService({ assetsDir: assets, cacheDir: cache, policy: null });
    const box = await serve("hero.png/m/320x320/filters:format(webp)");
    if (box.status !== 200) throw new Error(`status ${box.status}`);
    expect(box.contentType).toBe("image/webp");
    expect(await sharp(box.body).metadata()).toMatchObject({ width: 320, height: 320, format: "webp" });
    const ratio = await serve("hero.png/m/640x0");
    if (ratio.status !== 200) throw new Error(`status ${ratio.status}`);
    expect(await sharp(ratio.body).metadata()).toMatchObject({ width: 640, height: 360, format: "png" });
  });

  it("never enlarges: a box beyond the original is scaled down to fit it with the same aspect", async () => {
    const serve = createImageService({ assetsDir: assets, cacheDir: cache, policy: null });
    const big = await serve("hero.png/m/3072x1728/filters:format(webp)");
    if (big.status !== 200) throw new Error(`status ${big.status}`);
    expect(await sharp(big.body).metadata()).toMatchObject({ width: 1920, height: 1080 });
    const tall = await serve("hero.png/m/2000x4000");
    if (tall.status !== 200) throw new Error(`status ${tall.status}`);
    expect(await sharp(tall.body).metadata()).toMatchObject({ width: 540, height: 1080 });
    const wide = await serve("hero.png/m/2560x0");
    if (wide.status !== 200) throw new Error(`status ${wide.status}`);
    expect(await sharp(wide.body).metadata()).toMatchObject({ width: 1920, height: 1080 });
  });

  it("serves AVIF and caches on disk, then answers from the cache", async () => {
    const serve = createImageService({ assetsDir: assets, cacheDir: cache, policy: null });
    const first = await serve("hero.png/m/200x100/filters:format(avif):quality(50)");
    const second = await serve("hero.png/m/200x100/filters:format(avif):quality(50)");
    expect(first).toMatchObject({ status: 200, contentType: "image/avif", cache: "miss" });
    expect(second).toMatchObject({ status: 200, cache: "hit" });
  });

  it("transforms a replaced source afresh instead of serving the old file's cached copy", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "img-cache-"));
    const serve = createImageService({ assetsDir: assets, cacheDir: dir, policy: null });
    const red = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#ff0000" } }).png().toBuffer();
    writeFileSync(path.join(assets, "swap.png"), red);
    const before = await serve("swap.png/m/40x20");
    expect(before).toMatchObject({ status: 200, cache: "miss" });
    expect(await serve("swap.png/m/40x20")).toMatchObject({ cache: "hit" });
    const blue = await sharp({ create: { width: 400, height: 220, channels: 3, background: "#0000ff" } }).png().toBuffer();
    writeFileSync(path.join(assets, "swap.png"), blue);
    const after = await serve("swap.png/m/40x20");
    if (after.status !== 200) throw new Error(`status ${after.status}`);
    expect(after.cache).toBe("miss");
    const { dominant } = await sharp(after.body).stats();
    expect(dominant.b).toBeGreaterThan(200);
  });

  it("makes one transformation for concurrent identical requests", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "img-cache-"));
    const serve = createImageService({ assetsDir: assets, cacheDir: dir, policy: null });
    const results = await Promise.all(Array.from({ length: 5 }, () => serve("hero.png/m/111x111")));
    expect(results.every((r) => r.status === 200)).toBe(true);
    // One shared transformation: the same body object, and one file on disk.
    expect(new Set(results.map((r) => (r.status === 200 ? r.body : null))).size).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("answers 400 for bad URLs and unreadable images, 404 for missing files", async () => {
    const serve = createImageService({ assetsDir: assets, cacheDir: cache, policy: null });
    expect((await serve("../etc/passwd/m/10x10")).status).toBe(400);
    expect((await serve("broken.jpg/m/10x10")).status).toBe(400);
    expect((await serve("missing.jpg/m/10x10")).status).toBe(404);
  });

  it("still serves the image when the cache cannot be written", async () => {
    const blocked = path.join(cache, "not-a-dir");
    writeFileSync(blocked, "x");
    const serve = createImageService({ assetsDir: assets, cacheDir: blocked, policy: null });
    expect(await serve("hero.png/m/50x50")).toMatchObject({ status: 200, cache: "bypass" });
  });

  it("keeps the cache under its size bound", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "img-cache-"));
    const serve = createImageService({ assetsDir: assets, cacheDir: dir, maxCacheBytes: 1000, policy: null });
    for (let w = 100; w < 110; w++) await serve(`hero.png/m/${w}x${w}`);
    await new Promise((r) => setTimeout(r, 100));
    const total = readdirSync(dir).reduce((n, f) => n + statSync(path.join(dir, f)).size, 0);
    expect(total).toBeLessThanOrEqual(1000);
    expect(readdirSync(dir).length).toBeGreaterThan(0);
  });
});

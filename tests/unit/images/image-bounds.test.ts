import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_BOXES, MODERN_FORMATS, imageSrcSet, imageUrl, siteImageSizes } from "~/components/image-url";
import { carouselSources } from "~/features/configurator/images";
import { checkVariant, parseImageRequest } from "~/server/images/image-request";
import { canonicalRequest, createImageService, MissBudget, siteVariantPolicy } from "~/server/images/image-service.server";

/**
 * Bounded image work: only the variants the site's pages ask for are encoded (any other
 * size, quality or format is redirected to the nearest one, without an encode), a bounded number
 * of encodes at a time behind a short queue, a budget of misses per client, and a disk cache
 * evicted least recently used first from an index kept in memory.
 */

const assets = mkdtempSync(path.join(tmpdir(), "img-bounds-assets-"));
const freshCache = () => mkdtempSync(path.join(tmpdir(), "img-bounds-cache-"));

beforeAll(async () => {
  // Noise, so that encodes take real time and differ in size.
  const noise = Buffer.alloc(1920 * 1080 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  writeFileSync(path.join(assets, "hero.png"), await sharp(noise, { raw: { width: 1920, height: 1080, channels: 3 } }).png().toBuffer());
  writeFileSync(path.join(assets, "small.jpg"), await sharp(noise, { raw: { width: 1920, height: 1080, channels: 3 } }).resize(800, 450).jpeg().toBuffer());
});

function mediaPath(url: string): string {
  return url.replace(/^\/media\//, "");
}

describe("the variants the site asks for", () => {
  it("every srcset and src the image components write for a listed box, in every format, is allowed", () => {
    const policy = siteVariantPolicy();
    for (const [width, height] of IMAGE_BOXES) {
      for (const format of [undefined, ...MODERN_FORMATS]) {
        const urls = [imageUrl("/media/hero.png", { width, height, format, service: true })];
        for (const candidate of (imageSrcSet("/media/hero.png", { width, height, format, service: true }) ?? "").split(", ")) urls.push(candidate.split(" ")[0]!);
        for (const url of urls) {
          const parsed = parseImageRequest(mediaPath(url));
          if (!parsed.ok) throw new Error(`${url}: ${parsed.error}`);
          expect(checkVariant(parsed.request, policy), url).toEqual({ allowed: true });
        }
      }
    }
  });

  it("the configurator carousel's sources are allowed", () => {
    const policy = siteVariantPolicy();
    for (const source of carouselSources({ filename: "/media/hero.png", alt: "" } as never, true)) {
      for (const srcSet of [source.srcSet, ...source.modern.map((m) => m.srcSet)]) {
        for (const candidate of srcSet.split(", ")) {
          const parsed = parseImageRequest(mediaPath(candidate.split(" ")[0]!));
          if (!parsed.ok) throw new Error(parsed.error);
          expect(checkVariant(parsed.request, policy), candidate).toEqual({ allowed: true });
        }
      }
    }
  });

  it("a size, quality or format no page asks for is redirected to the nearest one the site does", () => {
    const policy = siteVariantPolicy();
    const odd = parseImageRequest("hero.png/m/1283x721/filters:format(webp):quality(37)");
    if (!odd.ok) throw new Error(odd.error);
    const check = checkVariant(odd.request, policy);
    expect(check).toEqual({ allowed: false, nearest: { file: "hero.png", width: 1280, height: 720, format: "webp" } });
    const png = parseImageRequest("hero.png/m/640x360/filters:format(png)");
    if (!png.ok) throw new Error(png.error);
    expect(checkVariant(png.request, policy)).toEqual({ allowed: false, nearest: { file: "hero.png", width: 640, height: 360 } });
    expect(siteImageSizes().size).toBeLessThan(1000);
  });
});

describe("bounded image work", () => {
  it("24 odd sizes of one image are 24 redirects and no encode", async () => {
    const cacheDir = freshCache();
    const serve = createImageService({ assetsDir: assets, cacheDir });
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => serve(`hero.png/m/${1001 + i}x${563 + i}/filters:format(avif)`)));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    const first = answers[0]!;
    if (first.status !== 302) throw new Error("expected a redirect");
    expect(first.location).toBe("hero.png/m/992x558/filters:format(avif)");
    expect(serve.stats.encodes.avif).toBe(0);
    expect(readdirSync(cacheDir)).toHaveLength(0);
  });

  it("sizes beyond the original share one encode", async () => {
    const serve = createImageService({ assetsDir: assets, cacheDir: freshCache() });
    const sizes = ["1024x576", "1280x720", "1536x864", "2048x1152", "2560x1440", "3072x1728"];
    for (const size of sizes) expect((await serve(`small.jpg/m/${size}/filters:format(webp)`)).status).toBe(200);
    // The original is 800x450: each of those is an 800x450 WebP, encoded once.
    expect(serve.stats.encodes.webp).toBe(1);
    expect(serve.stats.hits).toBe(5);
  });

  it("encodes one at a time with a short queue; past it a fast 503 with Retry-After", async () => {
    const serve = createImageService({ assetsDir: assets, cacheDir: freshCache(), encodeConcurrency: 1, encodeQueue: 1 });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, serve.stats.encodesActive)), 1);
    const sizes = ["1280x720", "1536x864", "1024x576", "768x432"];
    const answers = await Promise.all(sizes.map((size) => serve(`hero.png/m/${size}/filters:format(webp)`, `client-${size}`)));
    clearInterval(watch);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    const refused = answers.find((a) => a.status === 503);
    expect(refused).toMatchObject({ retryAfter: 5 });
    expect(most).toBe(1);
    expect(serve.stats.refusedBusy).toBe(2);
  }, 30_000);

  it("a client gets a budget of misses per minute (429 past it); hits and other clients are served", async () => {
    let now = 0;
    const serve = createImageService({ assetsDir: assets, cacheDir: freshCache(), missesPerClientPerMinute: 2, now: () => now });
    expect((await serve("small.jpg/m/320x180", "203.0.113.9")).status).toBe(200);
    expect((await serve("small.jpg/m/640x360", "203.0.113.9")).status).toBe(200);
    const over = await serve("small.jpg/m/768x432", "203.0.113.9");
    expect(over).toMatchObject({ status: 429, retryAfter: 60 });
    expect((await serve("small.jpg/m/320x180", "203.0.113.9")).status).toBe(200);
    expect((await serve("small.jpg/m/768x432", "198.51.100.4")).status).toBe(200);
    now += 60_000;
    expect((await serve("small.jpg/m/400x225", "203.0.113.9")).status).toBe(200);
    expect(serve.stats.refusedClient).toBe(1);
  });

  it("the disk cache drops the least recently used file, from its index, and knows files from before a restart", async () => {
    const cacheDir = freshCache();
    const first = createImageService({ assetsDir: assets, cacheDir });
    for (const size of ["320x180", "640x360"]) await first(`small.jpg/m/${size}`);
    const [a, b] = [readdirSync(cacheDir), first.stats.cacheBytes];
    expect(a).toHaveLength(2);
    // A restart with a bound that holds the two: the index is rebuilt once, from the directory.
    const serve = createImageService({ assetsDir: assets, cacheDir, maxCacheBytes: b + 1 });
    await serve.ready;
    expect(serve.stats.cacheFiles).toBe(2);
    expect(await serve("small.jpg/m/320x180")).toMatchObject({ status: 200, cache: "hit" });
    // A third file: the one not used since (640x360) goes, the one just read stays.
    expect(await serve("small.jpg/m/400x225")).toMatchObject({ status: 200, cache: "miss" });
    await new Promise((r) => setTimeout(r, 50));
    expect(await serve("small.jpg/m/320x180")).toMatchObject({ cache: "hit" });
    expect(serve.stats.cacheBytes).toBeLessThanOrEqual(b + 1);
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });
});

describe("canonical requests", () => {
  it("keeps a focal point to a grid of the source, and drops it without a crop", () => {
    const source = { width: 2000, height: 1000 };
    const a = canonicalRequest({ file: "x.jpg", width: 400, height: 400, focal: { x1: 1000, y1: 500, x2: 1010, y2: 510 } }, source);
    const b = canonicalRequest({ file: "x.jpg", width: 400, height: 400, focal: { x1: 1001, y1: 502, x2: 1003, y2: 509 } }, source);
    expect(a).toEqual(b);
    expect(a.focal).toEqual({ x1: 1000, y1: 500, x2: 1000, y2: 500 });
    expect(canonicalRequest({ file: "x.jpg", width: 400, height: 0, focal: { x1: 1, y1: 1, x2: 2, y2: 2 } }, source).focal).toBeUndefined();
  });

  it("MissBudget windows are per client", () => {
    let now = 1000;
    const budget = new MissBudget(1, () => now);
    expect(budget.take("a")).toBe(0);
    expect(budget.take("a")).toBe(60);
    expect(budget.take("b")).toBe(0);
    now += 30_000;
    expect(budget.take("a")).toBe(30);
  });
});

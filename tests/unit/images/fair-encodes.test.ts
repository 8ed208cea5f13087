import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalRequest, createImageService, EncodeLimiter } from "~/server/images/image-service.server";
import { focalCrop } from "~/server/images/image-request";

/** One encode per distinct picture, and the encoder shared out client by client. */

const assets = mkdtempSync(path.join(tmpdir(), "img-fair-assets-"));
beforeAll(async () => {
  writeFileSync(path.join(assets, "wide.png"), await sharp({ create: { width: 1920, height: 1080, channels: 3, background: "#345" } }).png().toBuffer());
});

describe("focal points", () => {
  const source = { width: 1920, height: 1080 };

  it("a focal point that cannot move the crop is dropped: five of them at the image's own size are one encode", async () => {
    for (const [x, y] of [[10, 10], [960, 540], [1900, 1070], [300, 900], [1500, 100]]) {
      expect(canonicalRequest({ file: "wide.png", width: 1920, height: 1080, focal: { x1: x!, y1: y!, x2: x!, y2: y! } }, source).focal).toBeUndefined();
      expect(canonicalRequest({ file: "wide.png", width: 960, height: 540, focal: { x1: x!, y1: y!, x2: x!, y2: y! } }, source).focal).toBeUndefined();
    }
    const serve = createImageService({ assetsDir: assets, cacheDir: mkdtempSync(path.join(tmpdir(), "img-fair-cache-")), policy: null });
    for (const [x, y] of [[10, 10], [960, 540], [1900, 1070], [300, 900], [1500, 100]]) {
      expect((await serve(`wide.png/m/1920x1080/filters:focal(${x}x${y}:${x! + 1}x${y! + 1})`)).status).toBe(200);
    }
    expect(serve.stats.encodes.png).toBe(1);
  });

  it("snaps to five positions along the side the crop can move, within an eighth of its slack", () => {
    const seen = new Set<string>();
    for (let x = 0; x <= 1920; x += 7) {
      const request = canonicalRequest({ file: "wide.png", width: 400, height: 400, focal: { x1: x, y1: 77, x2: x, y2: 77 } }, source);
      seen.add(JSON.stringify(request.focal));
      const exact = focalCrop(source, { width: 400, height: 400 }, { x1: x, y1: 77, x2: x, y2: 77 });
      const snapped = focalCrop(source, { width: 400, height: 400 }, request.focal!);
      const slack = Math.round(1920 * exact.scale) - exact.width;
      expect(Math.abs(snapped.left - exact.left), `x ${x}`).toBeLessThanOrEqual(slack / 8 + 1);
      expect(snapped.top).toBe(0);
    }
    expect(seen.size).toBe(5);
  });
});

describe("encodes queued per client, in turn", () => {
  it("a freed encode goes to the next client in turn, not to the oldest miss", async () => {
    const limiter = new EncodeLimiter(1, 64, 10_000, 64);
    const order: string[] = [];
    const first = (await limiter.acquire("crawler"))!;
    // Each encode ends as soon as it is granted: the order of grants is the order of turns.
    const encode = (client: string, name: string) =>
      limiter.acquire(client).then((release) => {
        order.push(name);
        release?.();
      });
    const waits = [...["c1", "c2", "c3", "c4"].map((n) => encode("crawler", n)), encode("visitor", "v1")];
    first();
    await Promise.all(waits);
    expect(order.slice(0, 2)).toEqual(["c1", "v1"]);
    expect(order).toHaveLength(5);
  });

  it("one client holds at most its share of the queue; others still queue", async () => {
    const limiter = new EncodeLimiter(1, 64, 10_000, 2);
    const running = (await limiter.acquire("crawler"))!;
    const granted: boolean[] = [];
    const encode = (client: string) =>
      limiter.acquire(client).then((release) => {
        granted.push(release !== null);
        release?.();
      });
    const queued = [encode("crawler"), encode("crawler")];
    expect(await limiter.acquire("crawler")).toBeNull();
    const visitor = encode("visitor");
    expect(limiter.queued).toBe(3);
    running();
    await Promise.all([...queued, visitor]);
    expect(granted).toEqual([true, true, true]);
    expect(limiter.refused).toBe(1);
  });
});

import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { MAX_ZIP_FILES, resolveAssetRef, safeFileName, uniqueNames } from "~/features/downloads/allow-list";
import { assetResponse, errorResponse, readImagesRequest, zipResponse, type DownloadDeps } from "~/features/downloads/downloads.server";
import { byteBudgetFor, downloadBudgetConfigFromEnv } from "~/features/downloads/budget.server";
import { createLimiter } from "~/features/forms/rate-limit.server";

const local = { storyblok: false, siteOrigins: ["https://www.kestrel.example"] };
const storyblok = { storyblok: true, siteOrigins: ["https://www.kestrel.example"] };

describe("asset allow-list", () => {
  it("accepts the content's own assets", () => {
    expect(resolveAssetRef("/media/hero-home.jpg", local)).toEqual({ kind: "local", file: "hero-home.jpg", name: "hero-home.jpg" });
    expect(resolveAssetRef("/media/hero-home.jpg/m/800x0/filters:format(webp)", local)).toMatchObject({ file: "hero-home.jpg" });
    expect(resolveAssetRef("https://www.kestrel.example/media/a.jpg", local)).toMatchObject({ kind: "local", file: "a.jpg" });
    expect(resolveAssetRef("https://a.storyblok.com/f/12345/1920x1080/abc/photo.jpg", storyblok)).toEqual({
      kind: "remote",
      url: "https://a.storyblok.com/f/12345/1920x1080/abc/photo.jpg",
      name: "photo.jpg",
    });
    expect(resolveAssetRef("//a.storyblok.com/f/1/x.png", storyblok)).toMatchObject({ kind: "remote", url: "https://a.storyblok.com/f/1/x.png" });
  });

  it("refuses other hosts, traversal and tricks", () => {
    const refused = [
      "http://169.254.169.254/latest/meta-data",
      "https://a.storyblok.com/f/1/x.jpg", // not in Storyblok mode
      "/media/../package.json",
      "/media/%2e%2e/package.json",
      "/media/..%2fpackage.json",
      "/media/.env",
      "/media/a\\..\\b.jpg",
      "/etc/passwd",
      "file:///etc/passwd",
      "//evil.example/media/x.jpg",
      "https://www.kestrel.example.evil.example/media/x.jpg",
      "https://user:pw@www.kestrel.example/media/x.jpg",
      "/media/x.jpg?y=1",
      "",
      42,
    ];
    for (const input of refused) expect(resolveAssetRef(input, local), String(input)).toBeNull();
    expect(resolveAssetRef("https://a.storyblok.com.evil.example/f/1/x.jpg", storyblok)).toBeNull();
    expect(resolveAssetRef("http://a.storyblok.com/f/1/x.jpg", storyblok)).toBeNull();
    expect(resolveAssetRef("https://a.storyblok.com:8443/f/1/x.jpg", storyblok)).toBeNull();
    expect(resolveAssetRef("https://a.storyblok.com/other/x.jpg", storyblok)).toBeNull();
  });

  it("never lets a local path leave the media folder (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const ref = resolveAssetRef(`/media/${s}`, local);
        if (ref?.kind === "local") {
          expect(ref.file.split("/").includes("..")).toBe(false);
          expect(path.posix.normalize(ref.file).startsWith("..")).toBe(false);
        }
      }),
    );
  });

  it("makes safe, unique archive names", () => {
    expect(safeFileName('a"; evil.jpg')).toBe("a-evil.jpg");
    expect(uniqueNames(["a.jpg", "A.jpg", "a.jpg", "b"])).toEqual(["a.jpg", "A-2.jpg", "a-3.jpg", "b"]);
  });
});

function deps(overrides: Partial<DownloadDeps> = {}): DownloadDeps {
  const dir = mkdtempSync(path.join(tmpdir(), "dl-"));
  mkdirSync(path.join(dir, "sub"));
  writeFileSync(path.join(dir, "one.jpg"), "first image");
  writeFileSync(path.join(dir, "sub", "two.jpg"), "second image");
  return { storyblok: false, siteOrigins: [], assetsDir: dir, fetch: vi.fn() as unknown as typeof fetch, ...overrides };
}

const jsonRequest = (body: unknown) =>
  new Request("http://x/api/download/index", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("download endpoints", () => {
  it("reads JSON and form requests, and refuses bad ones with 4xx", async () => {
    expect(await readImagesRequest(jsonRequest({ images: ["/media/a.jpg", "/media/a.jpg"] }))).toEqual(["/media/a.jpg"]);
    const form = new Request("http://x", { method: "POST", body: new URLSearchParams([["images", "/media/a.jpg"], ["images", "/media/b.jpg"]]) });
    expect(await readImagesRequest(form)).toEqual(["/media/a.jpg", "/media/b.jpg"]);
    const statusOf = (p: Promise<unknown>) => p.then(() => 200, (e: { status?: number }) => e.status);
    expect(await statusOf(readImagesRequest(new Request("http://x", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" })))).toBe(400);
    expect(await statusOf(readImagesRequest(jsonRequest({ images: [] })))).toBe(400);
    expect(await statusOf(readImagesRequest(jsonRequest({ images: "x" })))).toBe(400);
    expect(await statusOf(readImagesRequest(jsonRequest({ images: Array.from({ length: MAX_ZIP_FILES + 1 }, (_, i) => `/media/${i}.jpg`) })))).toBe(400);
    expect(await statusOf(readImagesRequest(new Request("http://x", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" })))).toBe(415);
  });

  it("streams images.zip of local assets", async () => {
    const res = await zipResponse(["/media/one.jpg", "/media/sub/two.jpg"], deps());
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="images.zip"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("binary")).toBe("PK\u0003\u0004");
    const text = bytes.toString("latin1");
    expect(text).toContain("one.jpg");
    expect(text).toContain("two.jpg");
    expect(text).toContain("first image");
  });

  it("refuses a URL off the allow-list without fetching anything", async () => {
    const d = deps({ storyblok: true });
    const status = await zipResponse(["/media/one.jpg", "https://evil.example/x.jpg"], d).then(
      () => 200,
      (e: { status: number }) => e.status,
    );
    expect(status).toBe(400);
    expect(d.fetch).not.toHaveBeenCalled();
    const res = errorResponse(await assetResponse("http://127.0.0.1:8080/admin", d).catch((e: unknown) => e));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/not an asset/);
    expect(d.fetch).not.toHaveBeenCalled();
  });

  it("is a 404 for a missing local file and a 413 over the size cap", async () => {
    const missing = await zipResponse(["/media/nope.jpg"], deps()).catch((e: { status: number }) => e.status);
    expect(missing).toBe(404);
    const big = vi.fn(async () => new Response(null, { status: 200, headers: { "Content-Length": String(300 * 1024 * 1024) } }));
    const tooBig = await zipResponse(["https://a.storyblok.com/f/1/a/big.jpg"], deps({ storyblok: true, fetch: big as unknown as typeof fetch })).catch(
      (e: { status: number }) => e.status,
    );
    expect(tooBig).toBe(413);
    // Only the HEAD request was made, with redirects refused.
    expect(big).toHaveBeenCalledTimes(1);
    expect(big.mock.calls[0]).toEqual(["https://a.storyblok.com/f/1/a/big.jpg", expect.objectContaining({ method: "HEAD", redirect: "error" })]);
  });

  it("serves one asset as an attachment, Storyblok assets fetched without redirects", async () => {
    const res = await assetResponse("/media/sub/two.jpg", deps());
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="two.jpg"');
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(await res.text()).toBe("second image");
    const remote = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === "HEAD" ? new Response(null, { headers: { "Content-Length": "5" } }) : new Response("hello"),
    );
    const r = await assetResponse("https://a.storyblok.com/f/1/a/p.png", deps({ storyblok: true, fetch: remote as unknown as typeof fetch }));
    expect(await r.text()).toBe("hello");
    expect(remote.mock.calls.every(([, init]) => init?.redirect === "error")).toBe(true);
    expect(errorResponse(await assetResponse(null, deps()).catch((e: unknown) => e)).status).toBe(400);
  });
});

describe("one file once, and a byte budget per client", () => {
  it("packs a file named four ways once (its path, an encoded path, an image-service variant, this site's absolute URL)", async () => {
    const d = deps({ siteOrigins: ["https://www.kestrel.example"] });
    const res = await zipResponse(
      ["/media/one.jpg", "/media/%6Fne.jpg", "/media/one.jpg/m/800x0/filters:format(webp)", "https://www.kestrel.example/media/one.jpg", "/media/sub/two.jpg"],
      d,
    );
    const bytes = Buffer.from(await res.arrayBuffer()).toString("latin1");
    const count = (needle: string) => bytes.split(needle).length - 1;
    expect(count("first image")).toBe(1);
    expect(count("second image")).toBe(1);
    // Two local file headers: two entries.
    expect(count("PK\u0003\u0004")).toBe(2);
  });

  it("both download routes spend one budget per client: past it a 429 with Retry-After, nothing sent; other clients unaffected", async () => {
    // 2 KB per client per hour; each tiny file counts as 1 KB (the counters count whole kilobytes).
    const limiter = createLimiter(`dl-${Math.random()}`, { limit: 2, windowMs: 3_600_000 });
    const d = deps();
    const mine = { ...d, budget: byteBudgetFor(limiter, "203.0.113.5") };
    expect((await zipResponse(["/media/one.jpg"], mine)).status).toBe(200);
    expect((await assetResponse("/media/sub/two.jpg", mine)).status).toBe(200);
    for (const attempt of [() => assetResponse("/media/one.jpg", mine), () => zipResponse(["/media/one.jpg"], mine)]) {
      const res = errorResponse(await attempt().catch((e: unknown) => e));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(3500);
      expect(((await res.json()) as { error: string }).error).toMatch(/^Too many downloads/);
    }
    expect((await assetResponse("/media/one.jpg", { ...d, budget: byteBudgetFor(limiter, "203.0.113.6") })).status).toBe(200);
  });

  it("reads the budget from the environment (MB per window), 1 GB an hour by default", () => {
    expect(downloadBudgetConfigFromEnv({ DOWNLOAD_BUDGET_MB: undefined, DOWNLOAD_BUDGET_WINDOW_SECONDS: undefined })).toEqual({ limit: 1024 * 1024, windowMs: 3_600_000 });
    expect(downloadBudgetConfigFromEnv({ DOWNLOAD_BUDGET_MB: "50", DOWNLOAD_BUDGET_WINDOW_SECONDS: "600" })).toEqual({ limit: 50 * 1024, windowMs: 600_000 });
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { assetOrigins, isStoryblokAssetHost, parseAssetHost } from "~/components/asset-hosts";
import { imageSrcSet, imageUrl, intrinsicSize, serviceable } from "~/components/image-url";
import { resolveAssetRef } from "~/features/downloads/allow-list";
import { parseEnv, getPublicEnv } from "~/server/env.server";
import { cspDirectives } from "~/server/security/csp";

/**
 * A space's assets come from its region's hosts (`a-ap`/`a2-ap` for AU/NZ) or a custom asset
 * domain: the CSP lets its videos play, the image service resizes its images, and downloads
 * serve its files; look-alike hosts stay out.
 */

const saved = process.env.STORYBLOK_ASSET_HOST;
afterEach(() => {
  if (saved === undefined) delete process.env.STORYBLOK_ASSET_HOST;
  else process.env.STORYBLOK_ASSET_HOST = saved;
});

describe("asset hosts by region", () => {
  it("the CSP's media-src follows the region and the custom asset domain", () => {
    const ap = cspDirectives({ nonce: "n", assetOrigins: assetOrigins("ap") })["media-src"];
    expect(ap).toEqual(expect.arrayContaining(["https://a-ap.storyblok.com", "https://a2-ap.storyblok.com"]));
    expect(ap).not.toContain("https://a.storyblok.com");
    expect(cspDirectives({ nonce: "n", assetOrigins: assetOrigins("us", "assets.kestrel.example") })["media-src"]).toEqual(
      expect.arrayContaining(["https://a-us.storyblok.com", "https://a2-us.storyblok.com", "https://assets.kestrel.example"]),
    );
    expect(cspDirectives({ nonce: "n", assetOrigins: assetOrigins("cn") })["media-src"]).toContain("https://a.storyblokchina.cn");
    // The default stays EU's.
    expect(cspDirectives({ nonce: "n" })["media-src"]).toEqual(expect.arrayContaining(["https://a.storyblok.com", "https://a2.storyblok.com"]));
  });

  it("the image service takes every region's hosts, a2 included, and the custom domain, but no look-alike", () => {
    for (const host of ["a.storyblok.com", "a2.storyblok.com", "a-ap.storyblok.com", "a2-ap.storyblok.com", "a-us.storyblok.com", "a2-us.storyblok.com", "a-ca.storyblok.com", "a.storyblokchina.cn"]) {
      const url = `https://${host}/f/12345/1600x900/abcdef/hero.jpg`;
      expect(serviceable(url), host).toBe(true);
      expect(intrinsicSize(url), host).toEqual({ width: 1600, height: 900 });
      expect(imageUrl(url, { width: 800, height: 450, format: "webp", service: true })).toBe(`${url}/m/800x450/filters:format(webp)`);
    }
    for (const url of [
      "https://a2-ap.storyblok.com.evil.example/f/1/10x10/a/x.jpg",
      "https://evil-a2-ap.storyblok.com/f/1/10x10/a/x.jpg",
      "http://a2-ap.storyblok.com/f/1/10x10/a/x.jpg",
      "https://assets.kestrel.example/f/1/10x10/a/x.jpg",
    ]) {
      expect(serviceable(url), url).toBe(false);
    }
    process.env.STORYBLOK_ASSET_HOST = "assets.kestrel.example";
    const custom = "https://assets.kestrel.example/f/12345/1200x800/abc/car.jpg";
    expect(serviceable(custom)).toBe(true);
    expect(imageSrcSet(custom, { width: 600, height: 400, service: true })).toContain(`${custom}/m/640x427 640w`);
  });

  it("downloads serve files of every region's hosts and the custom domain in Storyblok mode", () => {
    const storyblok = { storyblok: true, siteOrigins: ["https://www.kestrel.example"], assetHost: "assets.kestrel.example" };
    for (const url of ["https://a2-ap.storyblok.com/f/1/brochure.pdf", "https://a-ap.storyblok.com/f/1/brochure.pdf", "https://assets.kestrel.example/f/1/brochure.pdf"]) {
      expect(resolveAssetRef(url, storyblok), url).toMatchObject({ kind: "remote", url, name: "brochure.pdf" });
    }
    expect(resolveAssetRef("https://assets.kestrel.example/f/1/brochure.pdf", { ...storyblok, assetHost: undefined })).toBeNull();
    expect(resolveAssetRef("https://assets.kestrel.example.evil.example/f/1/x.pdf", storyblok)).toBeNull();
  });

  it("STORYBLOK_ASSET_HOST is a bare host name (an https origin is accepted), and reaches the browser", () => {
    expect(parseEnv({ STORYBLOK_ASSET_HOST: "https://Assets.Kestrel.example/" }).STORYBLOK_ASSET_HOST).toBe("assets.kestrel.example");
    for (const bad of ["http://assets.kestrel.example", "assets.kestrel.example/f", "assets.kestrel.example:8443", "127.0.0.1", "user@assets.kestrel.example"]) {
      expect(() => parseEnv({ STORYBLOK_ASSET_HOST: bad }), bad).toThrow(/STORYBLOK_ASSET_HOST must be a host name/);
    }
    expect(getPublicEnv(parseEnv({ STORYBLOK_ASSET_HOST: "assets.kestrel.example" }))).toMatchObject({ STORYBLOK_ASSET_HOST: "assets.kestrel.example" });
    expect(parseAssetHost("a2-ap.storyblok.com")).toBe("a2-ap.storyblok.com");
    expect(isStoryblokAssetHost("A2-AP.storyblok.com")).toBe(true);
  });
});

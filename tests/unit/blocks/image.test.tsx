import { afterEach, describe, expect, it } from "vitest";
import { renderStatic, parse } from "./render";
import { Picture, ResponsiveImage } from "~/components/image";
import {
  candidateWidths,
  imageServiceEnabled,
  imageSrcSet,
  imageUrl,
  parseImageServiceFlag,
  throughService,
} from "~/lib/image-url";
import { embedUrl, mediaKind } from "~/lib/media-kind";

const hero = { filename: "/media/hero-home.jpg", alt: "A coastal road", focus: "960x400:961x401" };

describe("imageUrl", () => {
  afterEach(() => {
    delete process.env.IMAGE_SERVICE;
  });
  it("is the plain filename when the image service is off (IMAGE_SERVICE=off)", () => {
    process.env.IMAGE_SERVICE = "off";
    expect(imageUrl(hero, { width: 1920, height: 1080 })).toBe("/media/hero-home.jpg");
    expect(imageSrcSet(hero, { width: 1920, height: 1080 })).toBeUndefined();
  });
  it("is on by default", () => {
    expect(imageServiceEnabled()).toBe(true);
    expect(imageUrl(hero, { width: 1920, height: 1080 })).toBe("/media/hero-home.jpg/m/1920x1080/filters:focal(960x400:961x401)");
  });
  it("reads the flag like env.server.ts does: unset on, on/off words, anything else rejected", () => {
    expect(parseImageServiceFlag(undefined)).toBe(true);
    expect(parseImageServiceFlag("")).toBe(true);
    expect(parseImageServiceFlag("on")).toBe(true);
    expect(parseImageServiceFlag("OFF")).toBe(false);
    expect(parseImageServiceFlag("0")).toBe(false);
    expect(parseImageServiceFlag(false)).toBe(false);
    expect(parseImageServiceFlag("sometimes")).toBeNull();
  });
  it("asks for AVIF or WebP with the format filter, after the focal point", () => {
    expect(imageUrl(hero, { width: 640, height: 360, format: "avif", service: true })).toBe(
      "/media/hero-home.jpg/m/640x360/filters:focal(960x400:961x401):format(avif)",
    );
    expect(imageUrl({ filename: "/media/tile.jpg" }, { width: 160, height: 90, format: "webp", service: true })).toBe(
      "/media/tile.jpg/m/160x90/filters:format(webp)",
    );
  });
  it("sends Storyblok assets to Storyblok's image service, within the original's width, and leaves other hosts alone", () => {
    const sb = "https://a.storyblok.com/f/12345/1600x900/abcdef/hero.jpg";
    expect(imageUrl(sb, { width: 800, height: 450, format: "webp", service: true })).toBe(`${sb}/m/800x450/filters:format(webp)`);
    expect(imageSrcSet(sb, { width: 1600, height: 900, service: true })!.split(", ").map((c) => c.split(" ")[1])).toEqual([
      "320w",
      "640w",
      "768w",
      "1024w",
      "1280w",
      "1536w",
    ]);
    expect(imageUrl("https://a-us.storyblok.com/f/9/800x600/x/y.png", { width: 10, height: 10, service: true })).toBe(
      "https://a-us.storyblok.com/f/9/800x600/x/y.png/m/10x10",
    );
    expect(imageUrl("https://cdn.example.com/car.jpg", { width: 10, height: 10, service: true })).toBe("https://cdn.example.com/car.jpg");
  });
  it("uses the /m/{w}x{h} form with the focal point when the service is on", () => {
    expect(imageUrl(hero, { width: 1124, height: 1184, service: true })).toBe("/media/hero-home.jpg/m/1124x1184/filters:focal(960x400:961x401)");
    expect(imageUrl({ filename: "/media/tile.jpg" }, { width: 160, height: 90, service: true })).toBe("/media/tile.jpg/m/160x90");
    expect(imageUrl("https://a.storyblok.com/f/1/1920x1080/abc/x.png", { width: 800, height: 0, service: true })).toBe(
      "https://a.storyblok.com/f/1/1920x1080/abc/x.png/m/800x0",
    );
  });
  it("follows the IMAGE_SERVICE flag of the environment", () => {
    process.env.IMAGE_SERVICE = "1";
    expect(imageUrl({ filename: "/media/a.jpg" }, { width: 10, height: 10 })).toBe("/media/a.jpg/m/10x10");
  });
  it("never resizes SVG icons", () => {
    expect(imageUrl({ filename: "/media/icon-awd.svg" }, { width: 60, height: 60, service: true })).toBe("/media/icon-awd.svg");
  });
  it("has srcset candidates for the screens xs 320 to xxl 1536 at densities 1 and 2", () => {
    expect(candidateWidths()).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072]);
    const set = imageSrcSet(hero, { width: 1600, height: 900, service: true })!;
    expect(set.split(", ")).toEqual([
      "/media/hero-home.jpg/m/320x180/filters:focal(960x400:961x401) 320w",
      "/media/hero-home.jpg/m/640x360/filters:focal(960x400:961x401) 640w",
      "/media/hero-home.jpg/m/768x432/filters:focal(960x400:961x401) 768w",
      "/media/hero-home.jpg/m/1024x576/filters:focal(960x400:961x401) 1024w",
      "/media/hero-home.jpg/m/1280x720/filters:focal(960x400:961x401) 1280w",
      "/media/hero-home.jpg/m/1536x864/filters:focal(960x400:961x401) 1536w",
      "/media/hero-home.jpg/m/2048x1152/filters:focal(960x400:961x401) 2048w",
      "/media/hero-home.jpg/m/2560x1440/filters:focal(960x400:961x401) 2560w",
      "/media/hero-home.jpg/m/3072x1728/filters:focal(960x400:961x401) 3072w",
    ]);
    // A small image stops at twice its size.
    expect(imageSrcSet({ filename: "/media/t.jpg" }, { width: 400, height: 300, service: true })!.split(", ").map((c) => c.split(" ")[1])).toEqual([
      "320w",
      "640w",
      "768w",
    ]);
  });
});

describe("throughService", () => {
  afterEach(() => {
    delete process.env.IMAGE_SERVICE;
  });
  it("is true for a file an image service answers (local or Storyblok, resizable) when the service is on", () => {
    expect(throughService("/media/hero-home.jpg", true)).toBe(true);
    expect(throughService("https://a.storyblok.com/f/12345/1600x900/abcdef/hero.png", true)).toBe(true);
    expect(throughService("/media/icon-awd.svg", true)).toBe(false);
    expect(throughService("https://cdn.example.com/car.jpg", true)).toBe(false);
    expect(throughService("/media/hero-home.jpg", false)).toBe(false);
  });
  it("takes a Storyblok asset whose URL has no size (uploaded without one), with resized and modern-format URLs", () => {
    const unsized = "https://a-ap.storyblok.com/f/12345/abcdef1234/hero.jpg";
    expect(throughService(unsized, true)).toBe(true);
    expect(imageUrl(unsized, { width: 800, height: 450, format: "avif", service: true })).toBe(`${unsized}/m/800x450/filters:format(avif)`);
    // No size to cap the candidates at: every candidate up to twice the shown width.
    expect(imageSrcSet(unsized, { width: 640, height: 360, service: true })).toBe(
      [320, 640, 768, 1024, 1280].map((w) => `${unsized}/m/${w}x${Math.round((w * 360) / 640)} ${w}w`).join(", "),
    );
    expect(throughService("https://a.storyblok.com/robots.txt.jpg", true)).toBe(false);
  });
  it("follows the IMAGE_SERVICE flag unless told", () => {
    expect(throughService("/media/hero-home.jpg")).toBe(true);
    process.env.IMAGE_SERVICE = "off";
    expect(throughService("/media/hero-home.jpg")).toBe(false);
    expect(throughService("/media/hero-home.jpg", true)).toBe(true);
  });
});

describe("mediaKind and embedUrl", () => {
  it("recognises images, videos and watch links as the spec lists them", () => {
    for (const ext of ["jpg", "jpeg", "png", "gif", "webp"]) expect(mediaKind(`/media/a.${ext}`)).toBe("image");
    for (const ext of ["mp4", "webm", "ogg", "mov"]) expect(mediaKind(`/media/a.${ext}?v=1`)).toBe("video");
    expect(mediaKind("https://www.youtube.com/watch?v=abc123")).toBe("embed");
    expect(mediaKind("/media/kestrel-brochure.pdf")).toBeNull();
    expect(mediaKind("")).toBeNull();
  });
  it("builds the player URL of a watch link", () => {
    expect(embedUrl("https://www.youtube.com/watch?v=abc123&t=3")).toBe("https://www.youtube-nocookie.com/embed/abc123");
    expect(embedUrl("https://youtu.be/abc123")).toBe("https://www.youtube-nocookie.com/embed/abc123");
    expect(embedUrl("https://vimeo.com/42")).toBe("https://player.vimeo.com/video/42");
    expect(embedUrl("/media/watch")).toBeNull();
  });
});

describe("<ResponsiveImage> and <Picture>", () => {
  it("sets width and height and loads lazily below the fold", () => {
    const img = parse(renderStatic(<ResponsiveImage asset={hero} width={800} height={450} />)).querySelector("img")!;
    expect(img.getAttribute("width")).toBe("800");
    expect(img.getAttribute("height")).toBe("450");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("alt")).toBe("A coastal road");
    expect(img.getAttribute("fetchpriority")).toBeNull();
  });
  it("loads a priority image eagerly with high fetch priority", () => {
    const img = parse(renderStatic(<ResponsiveImage asset={hero} width={1920} height={1080} priority />)).querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });
  it("renders nothing without a filename", () => {
    expect(renderStatic(<ResponsiveImage asset={{ filename: "" }} width={1} height={1} />)).toBe("");
  });
  it("offers AVIF and WebP sources with the srcset before the original, with the same size", () => {
    const picture = parse(renderStatic(<ResponsiveImage asset={hero} width={800} height={450} sizes="50vw" />)).querySelector("picture")!;
    expect(picture.className).toBe("picture--contents");
    const sources = [...picture.querySelectorAll("source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]!.getAttribute("srcset")!.split(", ")[0]).toBe("/media/hero-home.jpg/m/320x180/filters:focal(960x400:961x401):format(avif) 320w");
    expect(sources[1]!.getAttribute("srcset")!.split(", ").at(-1)).toBe("/media/hero-home.jpg/m/1536x864/filters:focal(960x400:961x401):format(webp) 1536w");
    for (const s of sources) {
      expect(s.getAttribute("sizes")).toBe("50vw");
      expect([s.getAttribute("width"), s.getAttribute("height")]).toEqual(["800", "450"]);
    }
    const img = picture.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/media/hero-home.jpg/m/800x450/filters:focal(960x400:961x401)");
    expect(img.getAttribute("srcset")).toContain("/media/hero-home.jpg/m/640x360/filters:focal(960x400:961x401) 640w");
  });
  it("is a plain <img> for SVG icons and with the service off", () => {
    const icon = parse(renderStatic(<ResponsiveImage asset={{ filename: "/media/icon.svg" }} width={48} height={48} alt="" />));
    expect(icon.querySelector("picture")).toBeNull();
    expect(icon.querySelector("img")!.getAttribute("src")).toBe("/media/icon.svg");
    process.env.IMAGE_SERVICE = "off";
    const off = parse(renderStatic(<ResponsiveImage asset={hero} width={800} height={450} />));
    delete process.env.IMAGE_SERVICE;
    expect(off.querySelector("picture")).toBeNull();
    expect(off.querySelector("img")!.getAttribute("src")).toBe("/media/hero-home.jpg");
  });
  it("art-directs a mobile image below md, its sources first", () => {
    const html = renderStatic(
      <Picture asset={hero} width={1920} height={1080} mobile={{ filename: "/media/tile.jpg" }} mobileWidth={768} mobileHeight={960} priority />,
    );
    const sources = [...parse(html).querySelectorAll("picture > source")];
    expect(sources.map((s) => [s.getAttribute("media"), s.getAttribute("type")])).toEqual([
      ["(max-width: 767.98px)", "image/avif"],
      ["(max-width: 767.98px)", "image/webp"],
      ["(max-width: 767.98px)", null],
      [null, "image/avif"],
      [null, "image/webp"],
    ]);
    expect(sources[0]!.getAttribute("srcset")!.split(", ")[0]).toBe("/media/tile.jpg/m/320x400/filters:format(avif) 320w");
    expect(sources[2]!.getAttribute("width")).toBe("768");
    const img = parse(html).querySelector("picture > img")!;
    expect([img.getAttribute("loading"), img.getAttribute("fetchpriority"), img.getAttribute("width")]).toEqual(["eager", "high", "1920"]);
  });
});

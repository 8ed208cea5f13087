import { afterEach, describe, expect, it } from "vitest";
import { renderStatic, parse } from "./render";
import { Picture, ResponsiveImage } from "~/components/image";
import { candidateWidths, embedUrl, imageSrcSet, imageUrl, mediaKind } from "~/components/image-url";

const hero = { filename: "/media/hero-home.jpg", alt: "A coastal road", focus: "960x400:961x401" };

describe("imageUrl", () => {
  afterEach(() => {
    delete process.env.IMAGE_SERVICE;
  });
  it("is the plain filename while there is no image service", () => {
    expect(imageUrl(hero, { width: 1920, height: 1080 })).toBe("/media/hero-home.jpg");
    expect(imageSrcSet(hero, { width: 1920, height: 1080 })).toBeUndefined();
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
  it("art-directs a mobile image below md", () => {
    const html = renderStatic(
      <Picture asset={hero} width={1920} height={1080} mobile={{ filename: "/media/tile.jpg" }} mobileWidth={768} mobileHeight={960} />,
    );
    const source = parse(html).querySelector("picture > source")!;
    expect(source.getAttribute("media")).toBe("(max-width: 767.98px)");
    expect(source.getAttribute("srcset")).toBe("/media/tile.jpg");
    expect(source.getAttribute("width")).toBe("768");
  });
});

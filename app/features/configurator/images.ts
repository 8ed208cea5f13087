/**
 * The configurator's image carousel (spec transactional.md sections 2 and 9): the colour's images
 * on the exterior steps, the trim's on the interior step, with the spec's no-image messages; and
 * the responsive sizes 768, 992 and 1220 px at x1 and x2.
 */
import { MODERN_FORMATS, imageServiceEnabled, imageUrl, throughService } from "~/lib/image-url";
import type { ResolvedBuild } from "./build";
import type { ConfigImage } from "./types";

export const NO_IMAGES = "No images available";
export const NO_TRIM_IMAGES = "No images are available for the selected interior.";
export const NO_INTERIOR_IMAGES = "No interior images are available.";
export const NO_COLOUR_IMAGES = "No images available for the selected colour.";

export interface CarouselContent {
  images: ConfigImage[];
  /** Shown instead of the carousel when there is no image. */
  emptyMessage: string;
}

/** What the carousel shows: trim images on the interior step, else colour images. */
export function carouselContent(build: ResolvedBuild, step: "exterior" | "interior"): CarouselContent {
  if (step === "interior") {
    if (!build.trim) return { images: [], emptyMessage: NO_INTERIOR_IMAGES };
    return { images: build.trim.images, emptyMessage: NO_TRIM_IMAGES };
  }
  if (!build.colour) return { images: [], emptyMessage: NO_IMAGES };
  return { images: build.colour.images, emptyMessage: NO_COLOUR_IMAGES };
}

/** Slide widths of the spec, with the viewport from which each is used. */
export const CAROUSEL_SIZES = [
  { width: 1220, minViewport: 992 },
  { width: 992, minViewport: 768 },
  { width: 768, minViewport: 0 },
] as const;
export const CAROUSEL_ASPECT = 9 / 16;

export interface ImageSource {
  media: string | null;
  srcSet: string;
  /** The same candidates in AVIF, then WebP, through the image service (none without it). */
  modern: { type: string; srcSet: string }[];
  width: number;
  height: number;
}

/**
 * One source per size, each with x1 and x2 candidates ("<url> 1x, <url> 2x") in the original's
 * format and, through the image service, in AVIF and WebP (a PNG with transparency is many times
 * their size: the first image is the page's largest paint).
 */
export function carouselSources(image: ConfigImage, service = imageServiceEnabled()): ImageSource[] {
  const modernFormats = throughService(image.filename, service) ? MODERN_FORMATS : [];
  return CAROUSEL_SIZES.map(({ width, minViewport }) => {
    const height = Math.round(width * CAROUSEL_ASPECT);
    const srcSet = (format?: (typeof MODERN_FORMATS)[number]) =>
      `${imageUrl(image, { width, height, service, format })} 1x, ${imageUrl(image, { width: width * 2, height: height * 2, service, format })} 2x`;
    return {
      media: minViewport > 0 ? `(min-width: ${minViewport}px)` : null,
      srcSet: srcSet(),
      modern: modernFormats.map((format) => ({ type: `image/${format}`, srcSet: srcSet(format) })),
      width,
      height,
    };
  });
}

/** 'Navigate to image N of M'. */
export function pageLabel(n: number, total: number): string {
  return `Navigate to image ${n} of ${total}`;
}

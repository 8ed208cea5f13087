import path from "node:path";
import sharp from "sharp";

/**
 * Raster images Storyblok's image service resizes. Their upload carries `size` (`<w>x<h>`), so the
 * asset URL keeps the `/<w>x<h>/` segment the site reads the original's size from.
 */
const SIZED_EXTENSIONS = new Set([".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif"]);

export interface ImageSize {
  width: number;
  height: number;
}

/** The pixel size of an image file read with sharp; undefined for anything not a raster image. */
export async function imageSize(file: string, bytes: Buffer | string): Promise<ImageSize | undefined> {
  if (!SIZED_EXTENSIONS.has(path.extname(file).toLowerCase())) return undefined;
  const { width, height } = await sharp(bytes).metadata();
  return width && height ? { width, height } : undefined;
}

/** The Management API's `size` of an upload, `<width>x<height>`. */
export const sizeParam = (size: ImageSize): string => `${size.width}x${size.height}`;

import type { CSSProperties } from "react";
import { imageSrcSet, imageUrl, type ImageAssetLike } from "./image-url";

export interface ResponsiveImageProps {
  asset: ImageAssetLike | null | undefined;
  /** The box the image is shown in (px at 1x): sets width/height attributes and the crop. */
  width: number;
  height: number;
  /** `sizes` for the srcset (how wide the image is shown); default the full viewport. */
  sizes?: string;
  /** Overrides the asset's alt text; "" marks the image decorative. */
  alt?: string;
  /** Above the fold and important (the first hero): eager, high fetch priority. */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** Attributes for loading: lazy below the fold, eager and high priority for the first hero. */
export function loadingAttributes(priority: boolean | undefined): Record<string, string> {
  // React 18 does not know `fetchPriority`; the lowercase attribute is passed through as is.
  return priority ? { loading: "eager", fetchpriority: "high", decoding: "async" } : { loading: "lazy", decoding: "async" };
}

/**
 * A responsive image through the image service (`/m/<w>x<h>`, focal point) with a srcset for the
 * spec's screens at densities 1 and 2; width and height are always set (no layout shift).
 */
export function ResponsiveImage({ asset, width, height, sizes = "100vw", alt, priority, className, style }: ResponsiveImageProps) {
  if (!asset?.filename) return null;
  const srcSet = imageSrcSet(asset, { width, height });
  return (
    <img
      src={imageUrl(asset, { width, height })}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt ?? asset.alt ?? ""}
      className={className}
      style={style}
      {...loadingAttributes(priority)}
    />
  );
}

export interface PictureProps extends ResponsiveImageProps {
  /** Art direction below the md breakpoint (768 px). */
  mobile?: ImageAssetLike | null;
  mobileWidth?: number;
  mobileHeight?: number;
  mobileSizes?: string;
}

export const MOBILE_MEDIA = "(max-width: 767.98px)";

/** A `<picture>` with an optional mobile source (art direction) around a ResponsiveImage. */
export function Picture({ mobile, mobileWidth, mobileHeight, mobileSizes = "100vw", className, ...image }: PictureProps) {
  if (!image.asset?.filename) return null;
  const hasMobile = Boolean(mobile?.filename);
  const mw = mobileWidth ?? image.width;
  const mh = mobileHeight ?? image.height;
  const mobileSrcSet = hasMobile ? imageSrcSet(mobile, { width: mw, height: mh }) : undefined;
  return (
    <picture className={className}>
      {hasMobile ? (
        <source
          media={MOBILE_MEDIA}
          srcSet={mobileSrcSet ?? imageUrl(mobile, { width: mw, height: mh })}
          sizes={mobileSrcSet ? mobileSizes : undefined}
          width={mw}
          height={mh}
        />
      ) : null}
      <ResponsiveImage {...image} />
    </picture>
  );
}

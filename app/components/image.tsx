import type { CSSProperties } from "react";
import {
  imageSrcSet,
  imageUrl,
  MODERN_FORMATS,
  throughService,
  type ImageAssetLike,
} from "../lib/image-url";

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
export function loadingAttributes(
  priority: boolean | undefined
): Record<string, string> {
  // React 18 does not know `fetchPriority`; the lowercase attribute is passed through as is.
  return priority
    ? { loading: "eager", fetchpriority: "high", decoding: "async" }
    : { loading: "lazy", decoding: "async" };
}

interface SourceSetProps {
  asset: ImageAssetLike;
  width: number;
  height: number;
  sizes: string;
  media?: string;
}

/** One `<source>` per modern format (AVIF, then WebP), each with the full srcset. */
function ModernSources({ asset, width, height, sizes, media }: SourceSetProps) {
  return (
    <>
      {MODERN_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          media={media}
          srcSet={imageSrcSet(asset, { width, height, format })}
          sizes={sizes}
          width={width}
          height={height}
        />
      ))}
    </>
  );
}

function usesService(
  asset: ImageAssetLike | null | undefined
): asset is ImageAssetLike & { filename: string } {
  return Boolean(asset?.filename && throughService(asset.filename));
}

/** The `<img>`: original format (srcset through the service), width and height always set. */
function Img({
  asset,
  width,
  height,
  sizes = "100vw",
  alt,
  priority,
  className,
  style,
}: ResponsiveImageProps & { asset: ImageAssetLike }) {
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

/**
 * A responsive image through the image service (`/m/<w>x<h>`, focal point): a `<picture>` with
 * AVIF and WebP sources and the original format as the `<img>`, each with a srcset for the spec's
 * screens at densities 1 and 2; width and height are always set (no layout shift). The picture
 * box is `display: contents`, so the image lays out as if it stood alone. Without the image
 * service (IMAGE_SERVICE=off, SVG icons) it is a plain `<img>`.
 */
export function ResponsiveImage(props: ResponsiveImageProps) {
  const { asset, width, height, sizes = "100vw" } = props;
  if (!asset?.filename) return null;
  if (!usesService(asset)) return <Img {...props} asset={asset} />;
  return (
    <picture className="picture--contents">
      <ModernSources
        asset={asset}
        width={width}
        height={height}
        sizes={sizes}
      />
      <Img {...props} asset={asset} />
    </picture>
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

/**
 * A `<picture>` (a block box) with an optional mobile image (art direction), AVIF and WebP
 * sources for each, and the `<img>`. Source order matters: the first match wins, so the mobile
 * sources come first.
 */
export function Picture({
  mobile,
  mobileWidth,
  mobileHeight,
  mobileSizes = "100vw",
  className,
  ...image
}: PictureProps) {
  if (!image.asset?.filename) return null;
  const asset = image.asset;
  const hasMobile = Boolean(mobile?.filename);
  const mw = mobileWidth ?? image.width;
  const mh = mobileHeight ?? image.height;
  const sizes = image.sizes ?? "100vw";
  return (
    <picture className={["picture", className].filter(Boolean).join(" ")}>
      {hasMobile && mobile && usesService(mobile) ? (
        <ModernSources
          asset={mobile}
          width={mw}
          height={mh}
          sizes={mobileSizes}
          media={MOBILE_MEDIA}
        />
      ) : null}
      {hasMobile && mobile ? (
        <source
          media={MOBILE_MEDIA}
          srcSet={
            imageSrcSet(mobile, { width: mw, height: mh }) ??
            imageUrl(mobile, { width: mw, height: mh })
          }
          sizes={
            imageSrcSet(mobile, { width: mw, height: mh })
              ? mobileSizes
              : undefined
          }
          width={mw}
          height={mh}
        />
      ) : null}
      {usesService(asset) ? (
        <ModernSources
          asset={asset}
          width={image.width}
          height={image.height}
          sizes={sizes}
        />
      ) : null}
      <Img {...image} asset={asset} />
    </picture>
  );
}

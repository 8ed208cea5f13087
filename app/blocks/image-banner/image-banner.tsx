import { Picture } from "~/components/image";
import { anchorId, cx } from "~/components/section";
import { ResolvedAnchor } from "~/components/smart-link";
import { resolveLink } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import { useOpensPage } from "~/components/block-hooks";
import type { ImageBannerBlok } from "./image-banner.schema";

/** A full-width (or contained) image, optionally a link, with an optional caption. */
export function ImageBanner({ blok }: { blok: ImageBannerBlok }) {
  const { country } = useSite();
  const first = useOpensPage();
  if (!blok.image?.filename) return null;
  const link = resolveLink(blok.link, country);
  const picture = (
    <Picture
      className="image-banner__media"
      asset={blok.image}
      width={1920}
      height={800}
      sizes={blok.contained ? "(min-width: 1200px) 1200px, 100vw" : "100vw"}
      mobile={blok.mobileImage}
      mobileWidth={768}
      mobileHeight={768}
      priority={first}
      // A linked image is the link's name: it needs alt text (the caption when the image has none).
      alt={link ? blok.image.alt || blok.caption || "" : undefined}
    />
  );
  return (
    <figure id={anchorId(blok.scroll_to_id)} className={cx("block image-banner", blok.contained && "container image-banner--contained")}>
      {link ? (
        <ResolvedAnchor resolved={link} className="image-banner__link">
          {picture}
        </ResolvedAnchor>
      ) : (
        picture
      )}
      {blok.caption ? <figcaption className="image-banner__caption container">{blok.caption}</figcaption> : null}
    </figure>
  );
}

export default ImageBanner;

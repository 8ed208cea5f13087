import { useId, useState, type FormEvent } from "react";
import { Carousel } from "~/components/carousel";
import { ResponsiveImage } from "~/components/image";
import { DOWNLOAD_ZIP_URL, downloadImagesZip } from "~/features/downloads/download-client";
import { Section, SectionHeader } from "~/components/section-block";
import { useOpensPage } from "~/components/block-hooks";
import type { ImageCarouselBlok } from "./image-carousel.schema";

/** Image carousel speed (spec site.md section 9). */
export const IMAGE_CAROUSEL_SPEED = 800;

/**
 * Images in a carousel (speed 800) with an optional download of them all as images.zip. The
 * download is a form post to /api/download/index, so it works without JavaScript; with it, the
 * zip is fetched and saved in place, and a failure is only logged.
 */
export function ImageCarousel({ blok }: { blok: ImageCarouselBlok }) {
  const headingId = useId();
  const first = useOpensPage();
  const [busy, setBusy] = useState(false);
  const images = (blok.images ?? []).filter((a) => a.filename);
  if (images.length === 0) return null;
  const files = images.map((a) => a.filename ?? "");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void downloadImagesZip(files).finally(() => setBusy(false));
  };

  return (
    <Section blok={blok} className="image-carousel" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <Carousel label={blok.heading || "Images"} speed={IMAGE_CAROUSEL_SPEED} loop={images.length > 1}>
        {images.map((image, i) => (
          <figure key={`${image.id ?? ""}-${i}`} className="image-carousel__figure">
            <ResponsiveImage asset={image} width={1200} height={675} sizes="(min-width: 1200px) 1200px, 100vw" priority={first && i === 0} />
            {blok.show_captions && image.title ? <figcaption className="image-carousel__caption">{image.title}</figcaption> : null}
          </figure>
        ))}
      </Carousel>
      {blok.allow_download ? (
        <form method="post" action={DOWNLOAD_ZIP_URL} className="image-carousel__download" onSubmit={onSubmit}>
          {files.map((file) => (
            <input key={file} type="hidden" name="images" value={file} />
          ))}
          <button type="submit" className="button button--sm button--outline" aria-busy={busy || undefined}>
            {blok.download_label || "Download images"}
          </button>
        </form>
      ) : null}
    </Section>
  );
}

export default ImageCarousel;

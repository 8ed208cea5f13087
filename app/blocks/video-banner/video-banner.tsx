import { useId } from "react";
import { cx } from "~/components/section";
import { TextOrRichText } from "~/components/text-or-rich";
import { VideoPlayer } from "~/features/media/components/video-player";
import { Section, SectionButtons } from "~/components/section-block";
import type { VideoBannerBlok } from "./video-banner.schema";

/** A full-width video with a heading, text and buttons beside or over it. */
export function VideoBanner({ blok }: { blok: VideoBannerBlok }) {
  const headingId = useId();
  if (!blok.video?.filename) return null;
  return (
    <Section
      blok={blok}
      container={false}
      className={cx("video-banner", blok.text_color === "dark" ? "video-banner--dark" : "video-banner--light")}
      labelledBy={blok.heading ? headingId : undefined}
    >
      <VideoPlayer
        className="video-banner__video"
        video={blok.video}
        poster={blok.poster}
        captions={blok.captions}
        label={blok.heading || blok.video.alt || "Video"}
        background={Boolean(blok.autoplay)}
        width={1920}
        height={1080}
      />
      {blok.heading || blok.intro || blok.buttons?.length ? (
        <div className="container video-banner__content">
          {blok.heading ? (
            <h2 className="video-banner__heading" id={headingId}>
              {blok.heading}
            </h2>
          ) : null}
          <TextOrRichText value={blok.intro} className="richtext video-banner__intro" />
          <SectionButtons blok={blok} />
        </div>
      ) : null}
    </Section>
  );
}

export default VideoBanner;

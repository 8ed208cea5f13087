import { useId } from "react";
import { Carousel } from "~/components/carousel";
import { TextOrRichText } from "~/components/text-or-rich";
import { VideoPlayer } from "~/features/media/components/video-player";
import { VIDEO_GRID_MIN_HEIGHT } from "~/features/media/video";
import { Section, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { VideoGridBlok } from "./video-grid.schema";
import { editable } from "~/components/editable";

/** Videos with a heading and text each, in a carousel whose slides are at least 550 px high. */
export function VideoGrid({ blok }: { blok: VideoGridBlok }) {
  const headingId = useId();
  const items = useVisibleItems(blok.items).filter((item) => item.video?.filename);
  if (items.length === 0) return null;
  return (
    <Section blok={blok} className="video-grid" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <Carousel label={blok.heading || "Videos"} perView={{ base: 1.1, md: 2 }} spacing={{ base: 16, md: 24 }} speed={800}>
        {items.map((item) => (
          <article key={item._uid} {...editable(item, "video-grid__slide")} style={{ minHeight: VIDEO_GRID_MIN_HEIGHT }}>
            <VideoPlayer video={item.video} poster={item.poster} captions={item.captions} label={item.heading || "Video"} />
            <div className="video-grid__text">
              {item.heading ? <h3 className="video-grid__heading">{item.heading}</h3> : null}
              <TextOrRichText value={item.description} className="richtext video-grid__description" />
            </div>
          </article>
        ))}
      </Carousel>
    </Section>
  );
}

export default VideoGrid;

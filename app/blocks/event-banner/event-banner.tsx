import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/image";
import { mediaKind } from "~/lib/media-kind";
import { cx } from "~/components/section";
import type { Asset } from "~/content/schema";
import { formatEventDate } from "~/features/news/event-date";
import { VideoPlayer } from "~/features/media/components/video-player";
import { useOpensPage } from "~/components/block-hooks";
import type { EventBannerBlok } from "./event-banner.schema";

export interface EventBannerViewProps {
  heading?: string;
  media?: Asset | null;
  captions?: Asset | null;
  date?: string;
  place?: string;
  /** The page's main heading (h1) or a section's (h2). */
  level?: 1 | 2;
  priority?: boolean;
  children?: ReactNode;
}

/** An event's banner: its image (or video) with the heading, date and place below it. */
export function EventBannerView({ heading, media, captions, date, place, level = 2, priority, children }: EventBannerViewProps) {
  const Heading = level === 1 ? "h1" : "h2";
  const kind = mediaKind(media?.filename);
  return (
    <header className={cx("event-banner", !kind && "event-banner--plain")}>
      {kind === "image" ? (
        <ResponsiveImage className="event-banner__media" asset={media} width={1920} height={800} priority={priority} />
      ) : kind === "video" ? (
        <VideoPlayer className="event-banner__media" video={media} captions={captions} label={media?.alt || heading || "Video"} width={1920} height={800} />
      ) : null}
      <div className="container event-banner__text">
        {children}
        {heading ? <Heading className="event-banner__heading">{heading}</Heading> : null}
        {date || place ? (
          <p className="event-banner__meta">
            {date ? <span className="event-banner__date">{date}</span> : null}
            {place ? <span className="event-banner__place">{place}</span> : null}
          </p>
        ) : null}
      </div>
    </header>
  );
}

/** event-banner block: the banner on any page (an event's own page builds it from its fields). */
export function EventBanner({ blok }: { blok: EventBannerBlok }) {
  const first = useOpensPage();
  return (
    <section className="block event-banner-block">
      <EventBannerView
        heading={blok.heading}
        media={blok.media}
        captions={blok.captions}
        date={formatEventDate(blok.event_date)}
        place={blok.location || blok.state || ""}
        priority={first}
      />
    </section>
  );
}

export default EventBanner;

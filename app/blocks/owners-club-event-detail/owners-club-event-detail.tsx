import { countryPath } from "~/content/links";
import { useStoryMeta } from "~/content/story-context";
import { Gallery } from "~/features/downloads/components/gallery";
import { formatEventDate, parentSlug } from "~/features/news/event-date";
import { useSite } from "~/features/site-state/site-context";
import { Blocks } from "../blocks";
import { EventBannerView } from "../event-banner/event-banner";
import type { OwnersClubEventDetailBlok } from "./owners-club-event-detail.schema";

/** Spec text (site.md section 2), letter for letter. */
export const BACK_TO_EVENTS = "Back to events";

/**
 * An owners-club event: the event banner (featured media, heading, date and place) with Back to
 * events (the parent path), the body, and the image gallery with a download per image.
 */
export function OwnersClubEventDetail({ blok }: { blok: OwnersClubEventDetailBlok }) {
  const { country } = useSite();
  const story = useStoryMeta();
  const back = countryPath(country, parentSlug(story?.full_slug ?? "owners-club/events/x"));
  const media = blok.featured_media?.filename ? blok.featured_media : null;
  const captions = blok.captions?.filename ? blok.captions : null;
  const extra = blok as { gallery_download_label?: string; gallery_label?: string };
  return (
    <article className="event-detail">
      <EventBannerView
        heading={blok.heading}
        media={media}
        captions={captions}
        date={formatEventDate(blok.event_date)}
        place={[blok.location, blok.state].filter(Boolean).join(" · ")}
        level={1}
        priority
      >
        <p className="event-detail__back-row">
          <a href={back} className="event-detail__back">
            {BACK_TO_EVENTS}
          </a>
        </p>
      </EventBannerView>
      <Blocks bloks={blok.body} />
      <div className="container event-detail__gallery-wrap">
        <Gallery
          images={blok.image_gallery ?? []}
          label={extra.gallery_label || `${blok.heading ?? ""} photos`.trim()}
          downloadLabel={extra.gallery_download_label || "Download"}
        />
      </div>
    </article>
  );
}

export default OwnersClubEventDetail;

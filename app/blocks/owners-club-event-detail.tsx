import { Link } from "@remix-run/react";
import type { z } from "zod";
import { ownersClubEventDetailSchema } from "~/content/content-types";
import { countryPath } from "~/content/links";
import { useStoryMeta } from "~/content/story-context";
import { formatEventDate, parentSlug } from "~/features/news/event-date";
import { useSite } from "~/features/site-state/site-context";
import { Blocks } from "./blocks";
import { defineBlock } from "./types";

/** The content type and the block are one: the schema lives with the other content types. */
export const schema = ownersClubEventDetailSchema;
export type OwnersClubEventDetailBlok = z.infer<typeof schema>;

const VIDEO = /\.(mp4|webm|ogg|mov)(\?|#|$)/i;

/** The WebVTT captions of a video asset: the same file name with a .vtt extension. */
export function captionsUrl(videoUrl: string): string {
  return videoUrl.replace(/\.(mp4|webm|ogg|mov)(?=(\?|#|$))/i, ".vtt");
}

/** An owners-club event: Back to events, heading, date and place, featured media, body and gallery. */
export function OwnersClubEventDetail({ blok }: { blok: OwnersClubEventDetailBlok }) {
  const { country } = useSite();
  const story = useStoryMeta();
  const back = countryPath(country, parentSlug(story?.full_slug ?? "owners-club/events/x"));
  const date = formatEventDate(blok.event_date);
  const media = blok.featured_media?.filename ? blok.featured_media : null;
  const gallery = (blok.image_gallery ?? []).filter((a) => a.filename);
  return (
    <article className="event-detail">
      <div className="container">
        <p>
          <Link to={back} className="event-detail__back">
            Back to events
          </Link>
        </p>
        <h1>{blok.heading}</h1>
        <p className="event-detail__meta">
          {date ? <span>{date}</span> : null}
          {blok.location ? <span>{blok.location}</span> : null}
        </p>
      </div>
      {media ? (
        <div className="container event-detail__media">
          {VIDEO.test(media.filename ?? "") ? (
            <video src={media.filename ?? ""} controls preload="metadata" aria-label={media.alt ?? blok.heading ?? ""}>
              {/* Captions sit beside a video asset as WebVTT with the same name. */}
              <track kind="captions" srcLang="en" label="English" src={captionsUrl(media.filename ?? "")} default />
            </video>
          ) : (
            <img src={media.filename ?? ""} alt={media.alt ?? ""} width={1920} height={1080} />
          )}
        </div>
      ) : null}
      <Blocks bloks={blok.body} />
      {gallery.length > 0 ? (
        <ul className="container event-detail__gallery">
          {gallery.map((image) => (
            <li key={image.id ?? image.filename}>
              <img src={image.filename ?? ""} alt={image.alt ?? ""} width={800} height={450} loading="lazy" />
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

export const ownersClubEventDetail = defineBlock(schema, OwnersClubEventDetail);

import { usePageLocation } from "~/islands/page-location";
import { useEffect, useId, useMemo, useState, type MouseEvent } from "react";
import { ResponsiveImage } from "~/components/image";
import { cx } from "~/components/section";
import { TextOrRichText } from "~/components/text-or-rich";
import { useHydrated } from "~/islands/use-hydrated";
import { VideoPlayer } from "~/features/media/components/video-player";
import { slugify } from "~/features/media/video";
import { selectVideo, videoListingSearch } from "~/features/media/video-listing";
import { Section, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { ListingVideo, VideoListingBlok, VideoListingItem } from "./video-listing.schema";
import { isPlainClick } from "~/islands/plain-click";
import { editable } from "~/components/editable";

/**
 * Video listing (spec site.md section 2): category cards (one per model), or a model's view with
 * its selected video in a player above the model's videos by category. `?model=` and `?video=`
 * hold slugified headings, so every view is a link that works without JavaScript; with it,
 * selecting updates the query in place and scrolls to the player.
 */
export function VideoListing({ blok }: { blok: VideoListingBlok }) {
  const headingId = useId();
  const playerId = `video-listing-player-${blok._uid}`;
  const location = usePageLocation();
  const hydrated = useHydrated();
  const models = useVisibleItems(blok.videoListingItems);
  const [query, setQuery] = useState(() => {
    const params = new URLSearchParams(location.search);
    return { model: params.get("model"), video: params.get("video") };
  });
  // A navigation (back, a link) brings the URL's query.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    setQuery({ model: params.get("model"), video: params.get("video") });
  }, [location.search]);
  const [scrollPending, setScrollPending] = useState(false);
  const selection = useMemo(() => selectVideo<ListingVideo, VideoListingItem>(models, query), [models, query]);

  useEffect(() => {
    if (!scrollPending) return;
    setScrollPending(false);
    const player = document.getElementById(playerId);
    if (!player) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    player.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    player.focus({ preventScroll: true });
  }, [scrollPending, playerId, selection]);

  if (models.length === 0) return null;
  const base = new URLSearchParams(location.search);
  const href = (modelSlug: string, videoSlug: string, hash = "") => `${location.pathname}${videoListingSearch(modelSlug, videoSlug, base)}${hash}`;

  const choose = (event: MouseEvent, model: string, video: string, scroll: boolean) => {
    if (!hydrated || !isPlainClick(event)) return;
    event.preventDefault();
    setQuery({ model: model || null, video: video || null });
    // The router's history entry is kept; only the query changes (no data to load: it is all here).
    window.history.replaceState(window.history.state, "", href(model, video));
    setScrollPending(scroll);
  };

  const { model, video } = selection;
  return (
    <Section blok={blok} className="video-listing" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      {!model ? (
        <ul className="video-listing__cards">
          {models.map((m) => (
            <li key={m._uid} {...editable(m, "video-listing__card")}>
              <ResponsiveImage asset={m.image} alt="" width={640} height={400} sizes="(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw" />
              <h3 className="video-listing__card-heading">
                <a href={href(slugify(m.heading), "", `#${playerId}`)} onClick={(e) => choose(e, slugify(m.heading), "", true)}>
                  {m.heading}
                </a>
              </h3>
              {m.subHeading ? <p className="video-listing__card-sub">{m.subHeading}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <div className="video-listing__model">
          <p>
            <a href={href("", "")} className="video-listing__back" onClick={(e) => choose(e, "", "", false)}>
              {blok.back_label || "All videos"}
            </a>
          </p>
          <div className="video-listing__player" id={playerId} tabIndex={-1}>
            <h3 className="video-listing__model-heading">{video?.heading || model.heading}</h3>
            <VideoPlayer
              video={video ? video.video : model.heroVideo}
              poster={video ? video.image : model.image}
              captions={video ? video.captions : model.heroCaptions}
              label={video?.heading || model.heading || "Video"}
            />
            {video ? <TextOrRichText value={video.additionalInformation} className="richtext video-listing__info" /> : null}
          </div>
          {(model.videoCategories ?? []).map((category) => {
            const videos = (category.videos ?? []).filter((v) => v.video?.filename);
            if (videos.length === 0) return null;
            return (
              <section key={category._uid} {...editable(category, "video-listing__category")} aria-label={category.heading || undefined}>
                {category.heading ? <h4 className="video-listing__category-heading">{category.heading}</h4> : null}
                <ul className="video-listing__videos">
                  {videos.map((v) => {
                    const current = video?._uid === v._uid;
                    return (
                      <li key={v._uid} {...editable(v, cx("video-listing__video", current && "video-listing__video--current"))}>
                        <a
                          href={href(selection.modelSlug, slugify(v.heading), `#${playerId}`)}
                          aria-current={current ? "true" : undefined}
                          onClick={(e) => choose(e, selection.modelSlug, slugify(v.heading), true)}
                        >
                          <ResponsiveImage asset={v.image} alt="" width={400} height={225} sizes="(min-width: 768px) 25vw, 50vw" />
                          <span className="video-listing__video-heading">{v.heading}</span>
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </Section>
  );
}

export default VideoListing;

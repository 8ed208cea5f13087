import { useId, useState, type MouseEvent } from "react";
import { ResponsiveImage } from "~/components/image";
import { mediaKind } from "~/lib/media-kind";
import { safeHref } from "~/content/links";
import { Modal } from "~/components/modal";
import { cx } from "~/components/section";
import { TextOrRichText } from "~/components/text-or-rich";
import { useHydrated } from "~/islands/use-hydrated";
import { VideoPlayer } from "~/features/media/components/video-player";
import { firstTiles, tileVisibilityClasses } from "~/features/media/video";
import { Section, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { VideoTile, VideoTilesBlok } from "./video-tiles.schema";
import { editable } from "~/components/editable";

function TilePicture({ tile }: { tile: VideoTile }) {
  const thumb = tile.videoThumbnail?.filename ? tile.videoThumbnail : null;
  if (thumb && mediaKind(thumb.filename) === "video") {
    // A silent looping preview: decorative (the tile's text names it); no controls, no sound.
    return (
      <video
        className="video-tile__picture"
        src={thumb.filename ?? ""}
        poster={tile.videoThumbnailPlaceholder?.filename ?? undefined}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        width={640}
        height={800}
      />
    );
  }
  const image = thumb ?? tile.videoThumbnailPlaceholder ?? tile.videoPlaceholder;
  return image?.filename ? <ResponsiveImage className="video-tile__picture" asset={image} alt="" width={640} height={800} sizes="(min-width: 768px) 20vw, 50vw" /> : null;
}

/**
 * Up to 5 video tiles (showDesktop and showMobile hide a tile on large or small screens); a tile
 * opens its video in a full-screen modal. Without JavaScript a tile links to the video file.
 */
export function VideoTiles({ blok }: { blok: VideoTilesBlok }) {
  const headingId = useId();
  const hydrated = useHydrated();
  const [open, setOpen] = useState<VideoTile | null>(null);
  const tiles = firstTiles(useVisibleItems(blok.tiles)).filter((t) => t.video?.filename);
  if (tiles.length === 0) return null;
  const onOpen = (event: MouseEvent, tile: VideoTile) => {
    if (!hydrated || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setOpen(tile);
  };
  return (
    <Section blok={blok} className="video-tiles" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <ul className="video-tiles__list">
        {tiles.map((tile) => (
          <li key={tile._uid} {...editable(tile, cx("video-tile", ...tileVisibilityClasses(tile)))}>
            <a href={safeHref(tile.video?.filename) ?? undefined} className="video-tile__link" aria-haspopup="dialog" onClick={(e) => onOpen(e, tile)}>
              <TilePicture tile={tile} />
              <span className="video-tile__text">
                <span className="video-tile__heading">{tile.heading}</span>
                <span className="video-tile__play" aria-hidden="true">
                  ▶
                </span>
              </span>
            </a>
            <TextOrRichText value={tile.description} className="richtext video-tile__description" />
          </li>
        ))}
      </ul>
      {open ? (
        <Modal open onClose={() => setOpen(null)} size="full-screen" label={open.heading || "Video"} className="video-tiles__modal">
          <VideoPlayer
            className="video-tiles__player"
            video={open.video}
            poster={open.videoPlaceholder}
            captions={open.captions}
            label={open.heading || "Video"}
            playOnMount
          />
        </Modal>
      ) : null}
    </Section>
  );
}

export default VideoTiles;

import { useState } from "react";
import type { Asset } from "~/content/schema";
import { safeHref } from "~/content/links";
import { ResponsiveImage } from "./image";
import { embedUrl, mediaKind } from "../lib/media-kind";
import { LABELS } from "./labels";
import { useHydrated } from "~/islands/use-hydrated";

export interface MediaProps {
  asset: Asset | null | undefined;
  width: number;
  height: number;
  sizes?: string;
  priority?: boolean;
  /** WebVTT captions for a video file. */
  captions?: Asset | null;
  /** Name of the video when the asset has no alt text. */
  title?: string;
  className?: string;
}

/**
 * An asset as image, video file or embedded video (a watch link), chosen by its extension as the
 * spec says. Video files play muted in a loop with controls; an embedded video loads its player
 * only when asked (without JavaScript the poster is a link to the watch page).
 */
export function Media({
  asset,
  width,
  height,
  sizes,
  priority,
  captions,
  title,
  className,
}: MediaProps) {
  const url = asset?.filename ?? "";
  const kind = mediaKind(url);
  if (!asset || !kind) return null;
  if (kind === "image") {
    return (
      <ResponsiveImage
        asset={asset}
        width={width}
        height={height}
        sizes={sizes}
        priority={priority}
        className={className}
      />
    );
  }
  if (kind === "video") {
    return (
      <video
        className={className}
        src={url}
        width={width}
        height={height}
        muted
        loop
        playsInline
        controls
        preload="metadata"
        aria-label={asset.alt || title || undefined}
      >
        {captions?.filename ? (
          <track
            kind="captions"
            src={captions.filename}
            srcLang="en"
            label="English"
            default
          />
        ) : null}
      </video>
    );
  }
  return (
    <EmbeddedVideo
      url={url}
      title={asset.alt || asset.title || title || LABELS.video}
      width={width}
      height={height}
      className={className}
    />
  );
}

function EmbeddedVideo({
  url,
  title,
  width,
  height,
  className,
}: {
  url: string;
  title: string;
  width: number;
  height: number;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(false);
  const embed = embedUrl(url);
  if (playing && embed) {
    return (
      <iframe
        className={className}
        src={`${embed}?autoplay=1`}
        title={title}
        width={width}
        height={height}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    <a
      href={safeHref(url) ?? undefined}
      className={["media-embed", className ?? ""].filter(Boolean).join(" ")}
      style={{ aspectRatio: `${width} / ${height}` }}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        if (!hydrated || !embed) return;
        event.preventDefault();
        setPlaying(true);
      }}
    >
      <span className="media-embed__play" aria-hidden="true">
        ▶
      </span>
      <span className="visually-hidden">
        {LABELS.playVideo}: {title}
      </span>
    </a>
  );
}

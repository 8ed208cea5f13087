import { useEffect, useRef } from "react";
import type { Asset } from "~/content/schema";
import { useAutoPause } from "../use-auto-pause";

export interface VideoPlayerProps {
  video: Asset | null | undefined;
  poster?: Asset | null;
  /** WebVTT captions. */
  captions?: Asset | null;
  /** Accessible name (the video's heading when the asset has no alt text). */
  label: string;
  /**
   * Background playback: starts by itself, always muted and looping (never autoplay with sound),
   * and not for visitors who prefer reduced motion.
   */
  background?: boolean;
  /** Starts playing when shown (after the visitor asked for it, e.g. opened a modal). */
  playOnMount?: boolean;
  className?: string;
  width?: number;
  height?: number;
}

/**
 * A video file with native controls, captions and a name. It pauses when the tab is hidden or
 * under 30 percent of it is visible (useAutoPause).
 */
export function VideoPlayer({ video, poster, captions, label, background, playOnMount, className, width = 1280, height = 720 }: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useAutoPause(ref, { resume: background });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const reduce = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (background && !reduce) {
      el.muted = true;
      void el.play().catch(() => undefined);
    } else if (playOnMount) {
      void el.play().catch(() => undefined);
    }
  }, [background, playOnMount, video?.filename]);

  if (!video?.filename) return null;
  return (
    // Captions come from the content (a WebVTT asset) and the track is rendered whenever there
    // is one; a clip without speech has none to give.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={ref}
      key={video.filename}
      className={className}
      src={video.filename}
      poster={poster?.filename ?? undefined}
      width={width}
      height={height}
      controls
      playsInline
      preload="metadata"
      // A background video is muted and loops; the server markup never autoplays (no sound
      // without the visitor asking, and no motion before the reduced-motion check).
      muted={background}
      loop={background}
      aria-label={video.alt || label}
    >
      {captions?.filename ? <track kind="captions" src={captions.filename} srcLang="en" label="English" default /> : null}
    </video>
  );
}

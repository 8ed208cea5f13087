import { useEffect, type RefObject } from "react";
import { VISIBLE_THRESHOLD, shouldPause } from "./video";

/**
 * Pauses the video when the tab is hidden or when under 30 percent of it is visible. A muted
 * autoplaying (background) video resumes when it is back in view; one the visitor started stays
 * paused until they play it again.
 */
export function useAutoPause(ref: RefObject<HTMLVideoElement | null>, opts: { resume?: boolean } = {}): void {
  const resume = Boolean(opts.resume);
  useEffect(() => {
    const video = ref.current;
    if (!video || typeof document === "undefined") return;
    let ratio = 1;
    let pausedByUs = false;
    const reduceMotion = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

    const apply = () => {
      if (shouldPause({ hidden: document.visibilityState === "hidden", visibleRatio: ratio })) {
        if (!video.paused) {
          video.pause();
          pausedByUs = true;
        }
      } else if (pausedByUs && resume && !reduceMotion && video.muted) {
        pausedByUs = false;
        void video.play().catch(() => undefined);
      }
    };

    const onVisibility = () => apply();
    document.addEventListener("visibilitychange", onVisibility);
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver !== "undefined") {
      observer = new IntersectionObserver(
        (entries) => {
          const entry = entries[entries.length - 1];
          if (entry) ratio = entry.isIntersecting ? entry.intersectionRatio : 0;
          apply();
        },
        { threshold: [0, VISIBLE_THRESHOLD, 0.6, 1] },
      );
      observer.observe(video);
    }
    // The visitor's own play clears our flag: we never fight them.
    const onPlay = () => {
      pausedByUs = false;
    };
    video.addEventListener("play", onPlay);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      observer?.disconnect();
      video.removeEventListener("play", onPlay);
    };
  }, [ref, resume]);
}

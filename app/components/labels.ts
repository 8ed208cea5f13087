/**
 * Accessible names of controls whose wording neither the content nor the specification gives
 * (icon-only buttons). Kept in one place so they can be reworded or moved to content.
 * Visible strings that the specification fixes ('Read More', 'Read Less') live with their blocks.
 */
export const LABELS = {
  previous: "Previous slide",
  next: "Next slide",
  goToSlide: (n: number, total: number) => `Go to slide ${n} of ${total}`,
  slide: (n: number, total: number) => `${n} of ${total}`,
  pause: "Pause slideshow",
  play: "Play slideshow",
  close: "Close",
  moreInformation: "More information",
  flip: "Show more",
  flipBack: "Back",
  playVideo: "Play video",
  video: "Video",
} as const;

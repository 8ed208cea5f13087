/**
 * A plain left click that the page may handle itself: not a new tab or window (a modifier key) and
 * not another button. For React's and the DOM's mouse events alike.
 */
export function isPlainClick(event: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

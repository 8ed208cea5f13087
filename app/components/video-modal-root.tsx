import { createRoot, type Root } from "react-dom/client";
import { VideoModal } from "./video-modal";

let root: Root | null = null;

/**
 * Shows the video modal in a React root of its own (document-actions.ts loads this module on the
 * first video link clicked): no island has to be running for a video link to play. The root stays
 * for the next video; closing renders nothing in it.
 */
export function showVideoModal(video: { src: string; title: string; captions: string | null }): void {
  root ??= createRoot(document.body.appendChild(document.createElement("div")));
  const shown = root;
  shown.render(<VideoModal src={video.src} title={video.title} captions={video.captions} onClose={() => shown.render(null)} />);
}

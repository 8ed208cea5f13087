import { useId } from "react";
import { embedUrl } from "../lib/media-kind";
import { LABELS } from "./labels";
import { Modal } from "./modal";

export interface VideoModalProps {
  src: string;
  title?: string;
  /** WebVTT captions. */
  captions?: string | null;
  onClose: () => void;
}

/** A video (file, or the embedded player of a watch link) in a large modal; it plays when opened. */
export function VideoModal({ src, title, captions, onClose }: VideoModalProps) {
  const titleId = useId();
  const embed = embedUrl(src);
  const name = title || LABELS.video;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      labelledBy={titleId}
      className="video-modal"
    >
      <h2 id={titleId} className="visually-hidden">
        {name}
      </h2>
      <div className="video-modal__frame">
        {embed ? (
          <iframe
            src={`${embed}?autoplay=1`}
            title={name}
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
          />
        ) : (
          // Captions come with the content when the video has speech (the brand clip is silent).
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <video src={src} controls autoPlay playsInline data-autofocus="">
            {captions ? (
              <track
                kind="captions"
                src={captions}
                srcLang="en"
                label="English"
                default
              />
            ) : null}
          </video>
        )}
      </div>
    </Modal>
  );
}

import { usePageLocation } from "~/islands/page-location";
import { isVideoUrl, resolveLink } from "~/content/links";
import { buttonTrackingId } from "~/components/button-id";
import { useSite } from "~/components/site-country";
import { videoLinkAttributes } from "./document-actions";
import { editable } from "./editable";
import { modalId } from "./modal-state";
import { ResolvedAnchor } from "./smart-link";
import type { ButtonBlok } from "./button.schema";

export type { ButtonBlok } from "./button.schema";

/**
 * A call-to-action button: a link (external, internal with the country, anchor, asset, email), or
 * the opener of a named modal (`modalAction`). A click on a link to a video file (mp4, avi, mkv,
 * mov, wmv, flv, webm) does not navigate: the video plays in a modal. Without JavaScript the link
 * goes to the file, and a modal button to the modal's `#modal-<name>` anchor. On finance and
 * configurator paths it carries its tracking identifier (`data-button-id`, buttonTrackingId).
 */
export function Button({ blok, className: extraClass }: { blok: ButtonBlok; className?: string }) {
  const { country } = useSite();
  const { pathname } = usePageLocation();
  const label = blok.label ?? "";
  const tracking = { "data-button-id": buttonTrackingId(pathname, label) };
  const className = [`button button--${blok.size ?? "sm"} button--${blok.variant ?? "primary"}`, extraClass ?? ""].filter(Boolean).join(" ");
  const modalName = blok.modalAction?.trim();
  if (modalName) {
    // The document's actions (document-actions.ts) open the modal on click; without JavaScript the href shows it (:target).
    return (
      <a href={`#${modalId(modalName)}`} data-modal-action={modalName} aria-haspopup="dialog" {...tracking} {...editable(blok, className)}>
        {label}
      </a>
    );
  }
  const resolved = resolveLink(blok.link, country);
  if (!resolved) return null;
  // A video link plays in the video modal (document-actions.ts); without JavaScript it goes to the file.
  const video = isVideoUrl(resolved.href) ? videoLinkAttributes(label, blok.captions?.filename) : {};
  return (
    <ResolvedAnchor resolved={resolved} {...video} {...tracking} {...editable(blok, className)}>
      {label}
    </ResolvedAnchor>
  );
}

/** A row of buttons; nothing when there are none. */
export function ButtonGroup({
  buttons,
  className,
}: {
  buttons: readonly ButtonBlok[] | null | undefined;
  className?: string;
}) {
  if (!buttons || buttons.length === 0) return null;
  return (
    <div
      className={["button-group", className ?? ""].filter(Boolean).join(" ")}
    >
      {buttons.map((b) => (
        <Button key={b._uid} blok={b} />
      ))}
    </div>
  );
}

import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { track } from "./analytics-push";
import { useDocumentClick } from "~/islands/document-clicks";
import { openModal } from "./modal-state";

export const FAQ_EXPANDED = "faq_clicks_expanded";
export const FAQ_COLLAPSED = "faq_clicks_collapsed";

const VideoModal = lazy(() => import("./video-modal").then((m) => ({ default: m.VideoModal })));

/**
 * The attributes of a link that plays its video in a modal instead of navigating (Button, Card).
 * The click is handled once for the whole document (DocumentActions), so a block with such a link
 * needs no JavaScript of its own and can keep its server HTML. Without JavaScript the
 * link goes to the video.
 */
export interface VideoLinkAttributes {
  "data-video-modal": "";
  "data-video-title": string;
  "data-video-captions"?: string;
  "aria-haspopup": "dialog";
}

export function videoLinkAttributes(title: string, captions?: string | null): VideoLinkAttributes {
  return {
    "data-video-modal": "",
    "data-video-title": title,
    ...(captions ? { "data-video-captions": captions } : {}),
    "aria-haspopup": "dialog",
  };
}

/** Popovers (app/components/popover.tsx) close on a click outside them (and on Escape, below). */
function closePopovers(event: MouseEvent) {
  for (const open of document.querySelectorAll<HTMLDetailsElement>("details[data-popover][open]")) {
    if (!open.contains(event.target as Node)) open.open = false;
  }
}

/** A country switch link (app/features/shell/country-switch.tsx) was followed. */
function reportCountrySwitch(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.("a[data-country-switch-to]");
  if (!link) return;
  track("country_switch", { from_country: link.getAttribute("data-country-switch-from") ?? "", to_country: link.getAttribute("data-country-switch-to") ?? "" });
}

interface OpenVideo {
  src: string;
  title: string;
  captions: string | null;
}

/**
 * Document-wide behaviour of content, so that blocks need no JavaScript of their own for it: a
 * link with `data-modal-action` opens the named modal (its `#modal-<name>` href is the
 * no-JavaScript fallback); a video link (videoLinkAttributes) opens the video modal, whose code
 * loads on the first such click; popovers close on Escape and on a click outside; FAQ questions
 * report their opening and closing to analytics; a country switch is reported. The clicks go
 * through the document's click delegator (app/islands/document-clicks.ts), which fixes their order.
 */
export function DocumentActions() {
  const [video, setVideo] = useState<OpenVideo | null>(null);
  const onClick = useCallback((event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest?.("[data-modal-action], a[data-video-modal]");
    if (!(target instanceof HTMLElement)) return;
    const modal = target.getAttribute("data-modal-action");
    event.preventDefault();
    if (modal) {
      openModal(modal);
      return;
    }
    setVideo({
      src: target.getAttribute("href") ?? "",
      title: target.getAttribute("data-video-title") ?? "",
      captions: target.getAttribute("data-video-captions"),
    });
  }, []);
  useDocumentClick("modal-and-video", onClick);
  useDocumentClick("country-switch", reportCountrySwitch);
  useDocumentClick("popovers", closePopovers);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      const open = (event.target as Element | null)?.closest?.("details[data-popover][open]");
      if (!(open instanceof HTMLDetailsElement)) return;
      open.open = false;
      open.querySelector("summary")?.focus();
    }
    // FAQ questions (accordion, `details[data-faq-question]`) send faq_clicks_expanded and
    // faq_clicks_collapsed. `toggle` does not bubble: it is caught on the way down. The toggle an
    // initially open question fires on load is not a visitor's click.
    function onToggle(event: Event) {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.hasAttribute("data-faq-question")) return;
      if (details.open === details.hasAttribute("data-faq-open") && !details.dataset.touched) return;
      details.dataset.touched = "true";
      track(details.open ? FAQ_EXPANDED : FAQ_COLLAPSED, { faq_question: details.getAttribute("data-faq-question") ?? "" });
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("toggle", onToggle, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("toggle", onToggle, true);
    };
  }, []);
  if (!video) return null;
  return (
    <Suspense fallback={null}>
      <VideoModal src={video.src} title={video.title} captions={video.captions} onClose={() => setVideo(null)} />
    </Suspense>
  );
}

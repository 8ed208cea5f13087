import { onDocumentClick } from "~/islands/document-clicks";
import { wakeIsland, waitingIsland } from "~/islands/start";
import { track } from "./analytics-push";
import { modalId, openModal } from "./modal-state";

export const FAQ_EXPANDED = "faq_clicks_expanded";
export const FAQ_COLLAPSED = "faq_clicks_collapsed";

/**
 * The attributes of a link that plays its video in a modal instead of navigating (Button, Card).
 * The click is handled once for the whole document (`startDocumentActions`), so a block with such
 * a link needs no JavaScript of its own and can keep its server HTML. Without JavaScript the link
 * goes to the video.
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

/**
 * Links reported as they are followed: the header's logo (site-header.tsx) and a country switch
 * (country-switch.tsx). Here rather than in the header's island, which may not have loaded yet.
 */
function reportLinks(country: string) {
  return (event: MouseEvent) => {
    const target = event.target as Element | null;
    const logo = target?.closest?.("a.site-header__logo");
    if (logo) {
      track("logo_click", { country, link_url: logo.getAttribute("href") ?? "" });
      return;
    }
    const link = target?.closest?.("a[data-country-switch-to]");
    if (!link) return;
    track("country_switch", { from_country: link.getAttribute("data-country-switch-from") ?? "", to_country: link.getAttribute("data-country-switch-to") ?? "" });
  };
}

/**
 * `[data-modal-action]` opens the named modal; the island that holds it (a modal form) hydrates
 * first if it has not yet. A video link opens the video modal, whose code (and React) loads then.
 */
function openModalOrVideo(event: MouseEvent) {
  const target = (event.target as Element | null)?.closest?.("[data-modal-action], a[data-video-modal]");
  if (!(target instanceof HTMLElement)) return;
  const modal = target.getAttribute("data-modal-action");
  event.preventDefault();
  if (modal) {
    const island = waitingIsland(document.getElementById(modalId(modal)));
    if (island) void wakeIsland(island).then(() => openModal(modal));
    else openModal(modal);
    return;
  }
  const video = { src: target.getAttribute("href") ?? "", title: target.getAttribute("data-video-title") ?? "", captions: target.getAttribute("data-video-captions") };
  void import("./video-modal-root").then(({ showVideoModal }) => showVideoModal(video));
}

/** Escape closes the open popover it is in, and focus returns to its toggle. */
function onKeyDown(event: KeyboardEvent) {
  if (event.key !== "Escape") return;
  const open = (event.target as Element | null)?.closest?.("details[data-popover][open]");
  if (!(open instanceof HTMLDetailsElement)) return;
  open.open = false;
  open.querySelector("summary")?.focus();
}

/**
 * FAQ questions (accordion, `details[data-faq-question]`) send faq_clicks_expanded and
 * faq_clicks_collapsed. `toggle` does not bubble: it is caught on the way down. The toggle an
 * initially open question fires on load is not a visitor's click.
 */
function onToggle(event: Event) {
  const details = event.target;
  if (!(details instanceof HTMLDetailsElement) || !details.hasAttribute("data-faq-question")) return;
  if (details.open === details.hasAttribute("data-faq-open") && !details.dataset.touched) return;
  details.dataset.touched = "true";
  track(details.open ? FAQ_EXPANDED : FAQ_COLLAPSED, { faq_question: details.getAttribute("data-faq-question") ?? "" });
}

/**
 * Document-wide behaviour of content, so that blocks need no JavaScript of their own for it: a
 * link with `data-modal-action` opens the named modal (its `#modal-<name>` href is the
 * no-JavaScript fallback); a video link (videoLinkAttributes) opens the video modal; popovers
 * close on Escape and on a click outside; FAQ questions report their opening and closing; the
 * logo and a country switch are reported. Plain DOM code, started with the page: none of it waits
 * for React. The clicks go through the document's click delegator (app/islands/document-clicks.ts),
 * which fixes their order. Returns the removal of it all.
 */
export function startDocumentActions({ country }: { country: string }): () => void {
  const removals = [
    onDocumentClick("modal-and-video", openModalOrVideo),
    onDocumentClick("link-analytics", reportLinks(country)),
    onDocumentClick("popovers", closePopovers),
  ];
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("toggle", onToggle, true);
  return () => {
    for (const remove of removals) remove();
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("toggle", onToggle, true);
  };
}

import { useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { useDocumentClick } from "~/blocks/runtime/document-clicks";

/** Paths served by resource routes or as files: a document load, never a client navigation. */
const DOCUMENT_ONLY = /^\/(api|media|assets|_content|preview)\/|\.[a-z0-9]{2,5}$/i;

/**
 * Links inside a block that kept its server HTML (an island, `data-island`: no React there) are
 * plain anchors. A click on one navigates on the client, as a `<Link>` would, so leaving such a
 * block keeps the app's fast navigation. New tabs, downloads, other origins, files and in-page
 * anchors behave as usual. Its place among the document's click handlers: blocks/runtime/document-clicks.ts.
 */
export function useIslandLinks(): void {
  const navigate = useNavigate();
  const onClick = useCallback(
    (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || !anchor.closest("[data-island]")) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.hasAttribute("data-reload-document")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || DOCUMENT_ONLY.test(url.pathname)) return;
      // An anchor on the same page scrolls as usual.
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    },
    [navigate],
  );
  useDocumentClick("island-links", onClick);
}

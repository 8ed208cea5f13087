import { defineIsland } from "~/islands/island";
import { useEffect, useRef } from "react";
import { withCountry } from "~/content/links";
import { useSite, useSiteState } from "~/features/site-state/site-context";
import type { PageSettings } from "./globals";

const DEFAULT_PATHS: Record<string, string> = {
  current_offers: "offers",
  find_a_dealer: "dealer-locator",
  book_a_test_drive: "test-drive",
};

/** Where a sticky CTA goes: its own link, else the default path of its type, with the country kept or added. */
export function stickyCtaHref(country: "au" | "nz", link: PageSettings["stickyCta"][number]): string {
  const path = link.link?.trim() || DEFAULT_PATHS[link.link_type] || "";
  return withCountry(country, path);
}

/**
 * The sticky bottom bar: shown once the page is scrolled more than 20 px (store.scroll). Without
 * JavaScript it is always shown (CSS `scripting: none`). Its height is `--sticky-bar-height` on
 * the document.
 */
export function StickyBottomBar({ links }: { links: PageSettings["stickyCta"] }) {
  const { country } = useSite();
  const { scroll } = useSiteState();
  const bar = useRef<HTMLElement>(null);
  // The page keeps room for the bar when the browser scrolls a focused element into view
  // (scroll-padding-bottom, shell.css): its real height, one row whatever the labels wrap to.
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--sticky-bar-height", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--sticky-bar-height");
    };
  }, []);
  return (
    <nav ref={bar} className="sticky-bottom-bar" aria-label="Quick links" data-visible={scroll.stickyBarVisible ? "" : undefined}>
      <ul>
        {links.map((link) => (
          <li key={link._uid}>
            <a href={stickyCtaHref(country, link)} className="button button--sm button--primary">
              {link.label || link.link_type}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const stickyBarIsland = defineIsland("sticky-bottom-bar", ({ links }: { links: PageSettings["stickyCta"] }) => <StickyBottomBar links={links} />);

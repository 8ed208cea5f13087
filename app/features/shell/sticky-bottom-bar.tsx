import { withCountry } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import type { PageSettings } from "./globals";
import { editable } from "~/components/editable";

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
 * The sticky bottom bar: links, server HTML with no code of its own. It shows once the page is
 * scrolled more than 20 px (`data-visible`, set by the page's scroll state, page-scroll.ts, which
 * also keeps its height in `--sticky-bar-height`). Without JavaScript it is always shown (CSS
 * `scripting: none`).
 */
export function StickyBottomBar({ links }: { links: PageSettings["stickyCta"] }) {
  const { country } = useSite();
  return (
    <nav className="sticky-bottom-bar" aria-label="Quick links">
      <ul>
        {links.map((link) => (
          <li key={link._uid} {...editable(link)}>
            <a href={stickyCtaHref(country, link)} className="button button--sm button--primary">
              {link.label || link.link_type}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { Blok } from "~/content/schema";
import type { PageSettings } from "~/features/shell/globals";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";

/** Story content types the catch-all may render as a page. */
export const PAGE_COMPONENTS = new Set(["page", "news-detail", "owners-club-event-detail"]);

/** The shell settings a page story carries (spec site.md sections 2 and 3). */
export function pageSettingsFrom(content: Blok & Record<string, unknown>, defaults: Partial<PageSettings> = {}): PageSettings {
  const base = { ...DEFAULT_PAGE_SETTINGS, ...defaults };
  const bool = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);
  const color = typeof content.menu_button_color === "string" && content.menu_button_color.trim() ? content.menu_button_color.trim() : base.menuButtonColor;
  const sticky = Array.isArray(content.sticky_bottom_cta) ? (content.sticky_bottom_cta as PageSettings["stickyCta"]) : [];
  return {
    hideHeaderFooter: bool(content.hide_header_footer, base.hideHeaderFooter),
    navbarSolid: bool(content.navbar_solid, base.navbarSolid),
    menuButtonColor: color,
    invertLogo: bool(content.invert_logo, base.invertLogo),
    financeLogo: bool(content.finance_logo, base.financeLogo),
    stickyCta: sticky.filter((s) => s && typeof s.link_type === "string"),
  };
}

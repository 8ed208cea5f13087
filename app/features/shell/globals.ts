import type { FinanceSettings, Footer, Header, Navigation } from "~/content/content-types";

/** Content of the global stories (global/header, navigation, footer, finance), any of which may be missing. */
export interface Globals {
  header: Header | null;
  navigation: Navigation | null;
  footer: Footer | null;
  finance: FinanceSettings | null;
}

/** Per-page settings of the shell, taken from the page story (spec site.md section 2). */
export interface PageSettings {
  hideHeaderFooter: boolean;
  navbarSolid: boolean;
  menuButtonColor: string;
  invertLogo: boolean;
  financeLogo: boolean;
  stickyCta: { _uid: string; link_type: string; label?: string; link?: string }[];
}

export const DEFAULT_PAGE_SETTINGS: PageSettings = {
  hideHeaderFooter: false,
  navbarSolid: false,
  menuButtonColor: "black",
  invertLogo: false,
  financeLogo: false,
  stickyCta: [],
};

import type { Blok } from "~/content/schema";

/** Content of the global stories; fields are read defensively by the shell components. */
export interface Globals {
  header: (Blok & Record<string, unknown>) | null;
  navigation: (Blok & Record<string, unknown>) | null;
  footer: (Blok & Record<string, unknown>) | null;
  finance: (Blok & Record<string, unknown>) | null;
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

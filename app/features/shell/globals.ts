import type { Footer, Header } from "~/content/content-types";
import type { MegaMenuModel } from "./mega-menu-model";

/**
 * What the layout needs of the global stories (global/header, navigation, footer, finance), any of
 * which may be missing. It is in every page's data, so the server sends the shell's view of them,
 * not the stories: the mega menu already built for the country, one flag of the finance settings.
 */
export interface Globals {
  header: Header | null;
  /** The mega menu from global/navigation, for the country (mega-menu-model.ts). */
  menu: MegaMenuModel;
  footer: Footer | null;
  /** global/finance's use_angle_api: the calculator quotes through Angle's API. */
  useAngleAPI: boolean;
}

/** Per-page settings of the shell, taken from the page story (spec site.md section 2). */
export interface PageSettings {
  hideHeaderFooter: boolean;
  navbarSolid: boolean;
  menuButtonColor: string;
  invertLogo: boolean;
  financeLogo: boolean;
  stickyCta: { _uid: string; _editable?: string; link_type: string; label?: string; link?: string }[];
}

export const DEFAULT_PAGE_SETTINGS: PageSettings = {
  hideHeaderFooter: false,
  navbarSolid: false,
  menuButtonColor: "black",
  invertLogo: false,
  financeLogo: false,
  stickyCta: [],
};

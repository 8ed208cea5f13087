import { defineIsland } from "~/islands/island";
import { useRef, useState } from "react";
import { ResolvedAnchor } from "~/components/smart-link";
import { countryPath, resolveLink } from "~/content/links";
import { useSite, useSiteState } from "~/features/site-state/site-context";
import type { Globals } from "./globals";
import { MegaMenu } from "./mega-menu";

/** Logo heights (spec site.md section 2): 66 px, and 28 px for the secondary (finance) logo. */
export const LOGO_HEIGHT = 66;
export const SECONDARY_LOGO_HEIGHT = 28;

/**
 * The width for a height when the asset's URL carries its size (Storyblok's
 * `/f/<space>/<w>x<h>/...`); else undefined and CSS keeps the aspect ratio.
 */
export function widthForHeight(filename: string, height: number): number | undefined {
  const match = /\/(\d+)x(\d+)\//.exec(filename);
  if (!match) return undefined;
  const [w, h] = [Number(match[1]), Number(match[2])];
  return w > 0 && h > 0 ? Math.round((height * w) / h) : undefined;
}

const LIGHT_COLOURS = new Set(["white", "#fff", "#ffffff", "rgb(255,255,255)", "rgb(255, 255, 255)"]);

/** True when the menu button colour is light, so the transparent header needs a dark scrim. */
export function isLightColour(colour: string): boolean {
  return LIGHT_COLOURS.has(colour.trim().toLowerCase());
}

/**
 * Site header: logo (normal or inverted; finance logo on or off), Enquire Now and the mega menu
 * button. Solid or transparent per story; floating after 340 px, pinned when scrolling up after
 * 175 px. The scroll state is the page's (`data-floating`, `data-pinned`, set by page-scroll.ts
 * whether or not this island has loaded): what it changes here is drawn by CSS (shell.css), so
 * the header renders the same whatever the scroll position. Over the page it may show the
 * inverted logo, detached the normal one: both are then in the HTML, CSS shows one (the other
 * loads only once shown). The logo's click is reported document-wide (document-actions.ts).
 */
export function SiteHeader({ globals }: { globals: Pick<Globals, "header" | "menu" | "footer"> }) {
  const { country } = useSite();
  const state = useSiteState();
  const headerRef = useRef<HTMLElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const header = globals.header;
  const menu = globals.menu;
  const enquireLink = header?.enquire_label ? resolveLink(header.enquire_link, country) : null;
  const enquire = enquireLink && header?.enquire_label ? { label: header.enquire_label, link: enquireLink } : null;

  const open = state.isMegaMenuOpen;
  const activeEntry = open ? [...menu.primary, ...menu.modelLines].find((e) => e.id === activeId) : undefined;
  // Over the page (transparent, in place) the story's colours apply; detached (CSS) or over the
  // open menu the header is solid, and dark only behind an entry that inverts the logo.
  const overPage = !open && !state.isSiteHeaderSolid;
  const inverted = open ? Boolean(activeEntry?.invertLogo) : overPage && state.isLogoInverted;
  const buttonColour = overPage ? state.menuButtonColor : inverted ? "white" : "black";
  const theme = inverted || (overPage && isLightColour(buttonColour)) ? "dark" : "light";

  const brand = header?.brand_name ?? "";
  const logo = inverted ? (header?.logo_inverted ?? header?.logo) : header?.logo;
  // Detached from the page the header is solid and light: the normal logo.
  const detachedLogo = overPage && logo?.filename !== header?.logo?.filename ? header?.logo : null;
  const financeLogo = state.isFinanceLogo ? header?.finance_logo : null;
  const home = countryPath(country);

  return (
    <div className="site-header-slot" data-solid={state.isSiteHeaderSolid ? "" : undefined}>
      <header
        ref={headerRef}
        className="site-header"
        data-solid={state.isSiteHeaderSolid ? "" : undefined}
        data-menu-open={open ? "" : undefined}
        data-theme={theme}
      >
        <div className="container site-header__bar">
          <div className="site-header__brand">
            <a href={home} className="site-header__logo">
              {logo?.filename ? (
                <img
                  className={detachedLogo?.filename ? "site-header__logo-over-page" : undefined}
                  src={logo.filename}
                  alt={`${brand} home`}
                  height={LOGO_HEIGHT}
                  width={widthForHeight(logo.filename, LOGO_HEIGHT)}
                />
              ) : (
                <span>{brand}</span>
              )}
              {logo?.filename && detachedLogo?.filename ? (
                <img
                  className="site-header__logo-detached"
                  src={detachedLogo.filename}
                  alt={`${brand} home`}
                  height={LOGO_HEIGHT}
                  width={widthForHeight(detachedLogo.filename, LOGO_HEIGHT)}
                  loading="lazy"
                />
              ) : null}
            </a>
            {financeLogo?.filename ? (
              <img
                className="site-header__finance-logo"
                src={financeLogo.filename}
                alt={financeLogo.alt ?? ""}
                height={SECONDARY_LOGO_HEIGHT}
                width={widthForHeight(financeLogo.filename, SECONDARY_LOGO_HEIGHT)}
              />
            ) : null}
          </div>
          <div className="site-header__actions">
            {enquire ? (
              <ResolvedAnchor resolved={enquire.link} className="button button--sm button--primary site-header__enquire">
                {enquire.label}
              </ResolvedAnchor>
            ) : null}
            <MegaMenu
              menu={menu}
              menuLabel={header?.menu_label || "Menu"}
              closeLabel={header?.menu_close_label ?? ""}
              buttonColour={buttonColour}
              enquire={enquire}
              countrySwitchLabel={header?.country_switch_label ?? ""}
              footer={globals.footer}
              activeId={activeId}
              setActiveId={setActiveId}
              containerRef={headerRef}
            />
          </div>
        </div>
      </header>
    </div>
  );
}

/**
 * The header as an island: it reads the header, the menu, and the footer's country switch. It
 * hydrates when the visitor heads for it (pointer over it, a touch, focus); until then its links
 * work, the menu is a details disclosure, and a tap on Menu is replayed once it has hydrated.
 */
export const headerIsland = defineIsland(
  "site-header",
  ({ globals }: { globals: Pick<Globals, "header" | "menu" | "footer"> }) => <SiteHeader globals={globals} />,
  { when: "interaction" },
);

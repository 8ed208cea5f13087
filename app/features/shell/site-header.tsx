import { Link } from "@remix-run/react";
import { countryPath, resolveLink } from "~/content/links";
import type { Asset, Link as SbLink } from "~/content/schema";
import { useSite } from "~/features/site-state/site-context";
import type { Globals, PageSettings } from "./globals";

interface NavItem {
  _uid: string;
  title?: string;
  link?: SbLink | string;
  locale?: string;
}

function navItems(value: unknown, country: string): NavItem[] {
  if (!Array.isArray(value)) return [];
  return (value as NavItem[]).filter((i) => i && (!i.locale || i.locale === "both" || i.locale === country));
}

/** Site header (plain; the shell issue adds the mega menu and scroll behaviour). */
export function SiteHeader({ globals, settings }: { globals: Globals; settings: PageSettings }) {
  const { country } = useSite();
  const header = globals.header ?? ({} as Record<string, unknown>);
  const brand = typeof header.brand_name === "string" ? header.brand_name : "";
  const logo = (settings.invertLogo ? header.logo_inverted : header.logo) as Asset | undefined;
  const items = navItems(globals.navigation?.primary_nav, country);
  return (
    <header className={`site-header${settings.navbarSolid ? " site-header--solid" : ""}`}>
      <div className="container site-header__inner">
        <Link to={countryPath(country)} className="site-header__logo" aria-label={`${brand} home`}>
          {logo?.filename ? <img src={logo.filename} alt="" height={28} width={140} /> : <span>{brand}</span>}
        </Link>
        {items.length > 0 ? (
          <nav aria-label="Main">
            <ul className="site-header__nav">
              {items.map((item) => {
                const href = resolveLink(item.link, country);
                return href ? (
                  <li key={item._uid}>
                    <Link to={href.href}>{item.title}</Link>
                  </li>
                ) : null;
              })}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}

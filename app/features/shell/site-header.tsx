import { Link } from "@remix-run/react";
import { SmartLink } from "~/components/smart-link";
import { isVisibleIn } from "~/blocks/blocks";
import { countryPath } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import type { Globals, PageSettings } from "./globals";

/** Site header (plain: logo, primary navigation, Enquire Now; the shell issue adds the mega menu). */
export function SiteHeader({ globals, settings }: { globals: Globals; settings: PageSettings }) {
  const { country } = useSite();
  const header = globals.header;
  const brand = header?.brand_name ?? "";
  const logo = settings.invertLogo ? header?.logo_inverted : header?.logo;
  const items = (globals.navigation?.primary_nav ?? []).filter((i) => isVisibleIn(i.locale, country));
  return (
    <header className={`site-header${settings.navbarSolid ? " site-header--solid" : ""}`}>
      <div className="container site-header__inner">
        <Link to={countryPath(country)} className="site-header__logo">
          {logo?.filename ? <img src={logo.filename} alt={`${brand} home`} height={28} width={140} /> : <span>{brand}</span>}
        </Link>
        {items.length > 0 ? (
          <nav aria-label="Main">
            <ul className="site-header__nav">
              {items.map((item) => (
                <li key={item._uid}>
                  <SmartLink link={item.link}>{item.title}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {header?.enquire_label ? (
          <SmartLink link={header.enquire_link} className="button button--sm button--primary">
            {header.enquire_label}
          </SmartLink>
        ) : null}
      </div>
    </header>
  );
}

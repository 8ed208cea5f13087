import { SmartLink } from "~/components/smart-link";
import { StaticRichText } from "~/components/static-rich-text";
import { localeAllows } from "~/content/locale";
import { useSite } from "~/features/site-state/site-context";
import { CountrySwitch } from "./country-switch";
import type { Globals } from "./globals";

/** Site footer: navigation columns, social links, Cookies and Privacy, the country switch, legal text. */
export function SiteFooter({ globals }: { globals: Globals }) {
  const { country } = useSite();
  const footer = globals.footer;
  if (!footer) return null;
  const columns = (footer.columns ?? []).filter((c) => localeAllows(c.locale, country));
  const social = (footer.social_links ?? []).filter((s) => localeAllows(s.locale, country));
  return (
    <footer className="site-footer">
      <div className="container">
        {columns.length > 0 ? (
          <nav className="site-footer__columns" aria-label="Footer">
            {columns.map((column) => (
              <div key={column._uid} className="site-footer__column">
                {column.heading ? <h2 className="site-footer__heading">{column.heading}</h2> : null}
                <ul>
                  {(column.links ?? [])
                    .filter((l) => localeAllows(l.locale, country))
                    .map((l) => (
                      <li key={l._uid}>
                        <SmartLink link={l.link}>{l.label}</SmartLink>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </nav>
        ) : null}
        {social.length > 0 ? (
          <ul className="site-footer__social" aria-label="Social media">
            {social.map((s) => (
              <li key={s._uid}>
                <SmartLink link={s.link} className={`social-link social-link--${s.platform ?? "other"}`}>
                  {s.label || s.platform}
                </SmartLink>
              </li>
            ))}
          </ul>
        ) : null}
        <ul className="site-footer__legal">
          {footer.cookies_label ? (
            <li>
              <SmartLink link={footer.cookies_link}>{footer.cookies_label}</SmartLink>
            </li>
          ) : null}
          {footer.privacy_label ? (
            <li>
              <SmartLink link={footer.privacy_link}>{footer.privacy_label}</SmartLink>
            </li>
          ) : null}
          {globals.header?.country_switch_label ? (
            <li>
              <CountrySwitch label={globals.header.country_switch_label} />
            </li>
          ) : null}
        </ul>
        {footer.acknowledgement ? <p className="site-footer__acknowledgement">{footer.acknowledgement}</p> : null}
        <StaticRichText doc={footer.legal_text} className="site-footer__legal-text" />
        {footer.copyright ? <p className="site-footer__copyright">{footer.copyright}</p> : null}
      </div>
    </footer>
  );
}

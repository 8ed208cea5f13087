import { Link } from "@remix-run/react";
import { countryPath } from "~/content/links";
import { useSite } from "~/features/site-state/site-context";
import type { Globals } from "./globals";

/** Site footer (plain; the shell issue completes it). */
export function SiteFooter({ globals }: { globals: Globals }) {
  const { country } = useSite();
  const footer = globals.footer ?? ({} as Record<string, unknown>);
  const copyright = typeof footer.copyright === "string" ? footer.copyright : "";
  return (
    <footer className="site-footer">
      <div className="container">
        <ul className="site-footer__legal">
          <li>
            <Link to={countryPath(country, "cookies")}>Cookies</Link>
          </li>
          <li>
            <Link to={countryPath(country, "privacy")}>Privacy</Link>
          </li>
        </ul>
        {copyright ? <p className="site-footer__copyright">{copyright}</p> : null}
      </div>
    </footer>
  );
}

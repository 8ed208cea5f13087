import { usePageLocation } from "~/islands/page-location";
import { useSite } from "~/features/site-state/site-context";
import { countrySwitchHref, otherCountry } from "./country-switch-path";

const LANGUAGE = { au: "en-AU", nz: "en-NZ" } as const;

/**
 * The country switch: a link to the endpoint (GET /api/set-location/{country}) that stores the
 * other country and redirects to the same page there, or to the nearest page the other country
 * has when it has no such page.
 */
export function CountrySwitch({ label, className }: { label: string; className?: string }) {
  const { country } = useSite();
  const location = usePageLocation();
  const target = otherCountry(country);
  const current = `${location.pathname}${location.search}`;
  // A document navigation through the endpoint, which stores the country and redirects; the
  // click is reported once, document-wide (app/components/document-actions.tsx).
  return (
    <a
      href={countrySwitchHref(current, target)}
      hrefLang={LANGUAGE[target]}
      rel="nofollow"
      className={className}
      data-country-switch-from={country}
      data-country-switch-to={target}
    >
      {label}
    </a>
  );
}

import { useLocation, useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { track } from "~/features/analytics/track";
import { useSite } from "~/features/site-state/site-context";
import { countrySwitchHref, otherCountry, swapCountryInPath } from "./country-switch-path";
import { isPlainClick } from "~/components/plain-click";

const LANGUAGE = { au: "en-AU", nz: "en-NZ" } as const;

/**
 * The country switch: stores the other country (GET /api/set-location/{country}) and goes to
 * the same page there, or to the nearest page the other country has when it has no such page.
 * Without JavaScript the link itself is the endpoint, which redirects.
 */
export function CountrySwitch({ label, className }: { label: string; className?: string }) {
  const { country } = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const target = otherCountry(country);
  const current = `${location.pathname}${location.search}`;

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    const href = countrySwitchHref(current, target);
    const samePage = swapCountryInPath(current, target);
    let destination = swapCountryInPath(`${current}${location.hash}`, target);
    try {
      // The endpoint stores the country and says where to land: the same page, or the nearest
      // one the other country has when it has no such page.
      const response = await fetch(href, { headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const landing = ((await response.json()) as { location?: unknown }).location;
      if (typeof landing === "string" && landing !== samePage && /^\/(?![/\\])/.test(landing)) destination = landing;
    } catch (error) {
      // The switch still happens, to the same path; only the remembered country may be missing.
      console.warn("[shell] Could not store the country:", error instanceof Error ? error.message : error);
    }
    track("country_switch", { from_country: country, to_country: target });
    navigate(destination);
  };

  return (
    <a href={countrySwitchHref(current, target)} hrefLang={LANGUAGE[target]} rel="nofollow" className={className} onClick={onClick}>
      {label}
    </a>
  );
}

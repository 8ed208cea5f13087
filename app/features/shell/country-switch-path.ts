import type { Country } from "~/content/schema";

/** The other country of the site. */
export function otherCountry(country: Country): Country {
  return country === "au" ? "nz" : "au";
}

/**
 * The same page under another country: the first path segment is replaced (or added when the
 * path has no country), query and hash kept. "/au/offers?x=1#top" → "/nz/offers?x=1#top".
 */
export function swapCountryInPath(path: string, target: Country): string {
  const match = /^([^?#]*)([?#].*)?$/.exec(path) ?? ["", path, ""];
  const pathname = match[1] || "/";
  const rest = match[2] ?? "";
  const segments = pathname.split("/").filter(Boolean);
  if (segments[0] === "au" || segments[0] === "nz") segments.shift();
  return `/${[target, ...segments].join("/")}${pathname.endsWith("/") && segments.length > 0 ? "/" : ""}${rest}`;
}

/**
 * The no-JavaScript href of the country switch: the set-location endpoint, which sets the
 * country cookie and redirects to the same page under the target country.
 */
export function countrySwitchHref(currentPath: string, target: Country): string {
  return `/api/set-location/${target}?returnTo=${encodeURIComponent(swapCountryInPath(currentPath, target))}`;
}

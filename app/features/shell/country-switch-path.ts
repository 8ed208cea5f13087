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

/** The site paths of the content pages each country has ("/au", "/au/news", "/au/news/x"). */
export type CountryPages = Readonly<Record<Country, ReadonlySet<string>>>;

/** A path without query, hash, trailing or repeated slashes: "/au/news/" → "/au/news". */
function pagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  return trimmed || "/";
}

/**
 * Where the country switch lands for `wanted`, the current page's path under the target country
 * (swapCountryInPath). It is kept when the target country has that page, and when the page is
 * not a content page of the current country either (the configurator, the block gallery, a 404:
 * their routes answer for themselves). A content page the other country does not have (a story
 * with the current country's locale) lands on the nearest page above it that the target has
 * (the parent listing), else the target's home; the query and hash belonged to the page left.
 */
export function countrySwitchLanding(wanted: string, pages: CountryPages): string {
  const match = /^([^?#]*)/.exec(wanted);
  const path = pagePath(match?.[1] ?? "");
  const segments = path.split("/").filter(Boolean);
  const target = segments[0];
  if (target !== "au" && target !== "nz") return wanted;
  if (pages[target].has(path)) return wanted;
  const here = otherCountry(target);
  if (!pages[here].has(`/${[here, ...segments.slice(1)].join("/")}`)) return wanted;
  for (let depth = segments.length - 1; depth > 1; depth--) {
    const ancestor = `/${segments.slice(0, depth).join("/")}`;
    if (pages[target].has(ancestor)) return ancestor;
  }
  return `/${target}`;
}

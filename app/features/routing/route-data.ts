import type { Globals, PageSettings } from "~/features/shell/globals";

/**
 * What a route says about itself in its `handle` (Remix's documented place for static route
 * facts), and typed readers of the route data other routes need (meta functions, the layout).
 * Routes are found by what they declare, not by their id strings, which follow file names.
 */
export interface PageHandle {
  /** The route's role: the root, or the country layout whose data has the globals. */
  role?: "root" | "country-layout";
  /** Static shell settings of a page that has no story to carry them (the block gallery). */
  pageSettings?: PageSettings;
  /** "app": the page is one application, hydrated whole instead of as islands (app/root.tsx). */
  hydrate?: "app";
}

interface MatchLike {
  handle?: unknown;
  data?: unknown;
}

/** The root loader's data as other routes read it. */
export interface RootRouteData {
  ENV?: { SITE_URL?: string };
  preview?: unknown;
}

/** The country layout's data as other routes read it. */
export interface LayoutRouteData {
  country?: string;
  globals?: Globals;
}

function handleOf(match: MatchLike | undefined): PageHandle | undefined {
  const handle = match?.handle;
  return typeof handle === "object" && handle !== null ? (handle as PageHandle) : undefined;
}

function dataOfRole(matches: readonly MatchLike[], role: NonNullable<PageHandle["role"]>): unknown {
  const match = matches.find((m) => handleOf(m)?.role === role);
  return typeof match?.data === "object" && match.data !== null ? match.data : undefined;
}

/** The root's data among the matches (its handle says `role: "root"`). */
export function rootDataIn(matches: readonly MatchLike[]): RootRouteData | undefined {
  return dataOfRole(matches, "root") as RootRouteData | undefined;
}

/** The country layout's data among the matches (its handle says `role: "country-layout"`). */
export function layoutDataIn(matches: readonly MatchLike[]): LayoutRouteData | undefined {
  return dataOfRole(matches, "country-layout") as LayoutRouteData | undefined;
}

/** Loaders build `pageSettings` whole (pageSettingsFrom, or the defaults with overrides). */
function isPageSettings(value: unknown): value is PageSettings {
  return typeof value === "object" && value !== null;
}

/**
 * The page's shell settings: those of the deepest route that has some, static in its `handle` or
 * in its loader data (`pageSettings`, from its story); null when none has.
 */
export function pageSettingsIn(matches: readonly MatchLike[]): PageSettings | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const fromHandle = handleOf(matches[i])?.pageSettings;
    if (fromHandle) return fromHandle;
    const fromData = (matches[i]?.data as { pageSettings?: unknown } | undefined)?.pageSettings;
    if (isPageSettings(fromData)) return fromData;
  }
  return null;
}

import { createContext, useContext, useMemo } from "react";

/**
 * The address of the page being shown, as the parts that render from it read it. The server and
 * an app-mode document (app/root.tsx) provide it from the router; an island, from its page's
 * values. Pages change by document navigation, so within a page it never changes.
 */
export interface PageLocation {
  pathname: string;
  search: string;
}

const PageLocationContext = createContext<PageLocation>({ pathname: "/", search: "" });

export const PageLocationProvider = PageLocationContext.Provider;

export function usePageLocation(): PageLocation {
  return useContext(PageLocationContext);
}

/** The page's query parameters (read only). */
export function usePageSearchParams(): URLSearchParams {
  const { search } = usePageLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Goes to another page (or the same page with other parameters) as a document navigation. */
export function navigateTo(href: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.location.replace(href);
  else window.location.assign(href);
}

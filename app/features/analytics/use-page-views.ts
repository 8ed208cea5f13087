import { usePageLocation } from "~/islands/page-location";
import { useEffect } from "react";
import { track } from "./track";

/**
 * Pushes a page_view for the first page and after every navigation to another path or query
 * (a hash change on the same page is not a new page).
 */
export function usePageViews(country: string): void {
  const { pathname, search } = usePageLocation();
  useEffect(() => {
    track("page_view", {
      page_path: `${pathname}${search}`,
      page_location: window.location.href,
      page_title: document.title,
      country,
    });
  }, [pathname, search, country]);
}

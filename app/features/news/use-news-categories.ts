import { useMatches } from "@remix-run/react";
import type { DatasourceEntry } from "~/content/stories.server";

/** The news-categories datasource loaded by the current route, if any. */
export function useNewsCategories(): DatasourceEntry[] {
  const matches = useMatches();
  for (const match of matches) {
    const entries = (match.data as { newsCategories?: DatasourceEntry[] } | undefined)?.newsCategories;
    if (entries) return entries;
  }
  return [];
}

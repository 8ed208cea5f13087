import { data, redirect } from "@remix-run/node";
import type { Country, Story } from "~/content/schema";
import { MODEL_RELATIONS } from "~/content/relations";
import { contentVersion, getStory } from "~/content/stories.server";
import { PREVIEW_HEADERS } from "~/features/preview/preview.server";
import type { BlockDataMap } from "~/blocks/runtime/block-data";
import { loadBlockData } from "~/blocks/loaders.server";
import type { Blok } from "~/content/schema";
import type { PageSettings } from "~/features/shell/globals";
import { throwNotFound } from "~/features/errors/not-found.server";
import type { JsonLdNode } from "~/features/seo/json-ld";
import { pageStructuredData } from "~/features/seo/structured-data.server";
import { localeAllows } from "~/content/locale";
import { PAGE_COMPONENTS, pageSettingsFrom } from "./page-settings";
import { pageDataForRequest } from "./page-view.server";
import { CacheControl } from "~/features/http/cache-control";

export type PageStory = Story<Blok & Record<string, unknown>>;

export interface ContentPageData {
  country: Country;
  story: PageStory;
  pageSettings: PageSettings;
  /** JSON-LD of the page (breadcrumbs, news article, car, offers); the layout renders it. */
  structuredData: JsonLdNode[];
  /** Server data of the body's blocks, by blok _uid (app/blocks/loaders.server.ts; read with useBlockData). */
  blockData: BlockDataMap;
}

/** Published pages may be cached briefly by shared caches; the content cache does the rest. */
export const PAGE_CACHE_CONTROL = CacheControl.page;

/**
 * Headers of a published page. The HTML depends on the visitor's cookies (consent banner, AU
 * state and buyer type for prices), so shared caches must key on them.
 */
export const PAGE_HEADERS = { "Cache-Control": PAGE_CACHE_CONTROL, Vary: "Cookie" } as const;

/** Headers of a page in a content version: drafts (previews) are never cached nor indexed. */
export function pageHeadersFor(version: "draft" | "published"): Record<string, string> {
  return version === "draft" ? { ...PREVIEW_HEADERS } : { ...PAGE_HEADERS };
}

/**
 * Loads the story for a content page and applies the catch-all rules: the story must exist, be a
 * page type, and have a locale that is empty, both, or the URL's country; otherwise a 404 with the
 * error story.
 */
export async function loadContentPage(
  request: Request,
  country: Country,
  slug: string,
  opts: { relations?: readonly string[]; settings?: Partial<PageSettings>; components?: ReadonlySet<string> } = {},
) {
  const clean = slug.replace(/^\/+|\/+$/g, "");
  if (clean === "home") throw redirect(`/${country}`, 301);
  // Draft in development or in a verified visual-editor preview, else published.
  const version = contentVersion(request);
  const storyRead = getStory<PageStory["content"]>(clean || "home", {
    country,
    version,
    resolveRelations: opts.relations ?? MODEL_RELATIONS,
  });
  // The structured data's reads depend on the path alone: they run alongside the story's read,
  // so the page costs one content round trip (block loaders, which need the story, a second).
  const structuredRead = pageStructuredData(country, clean || "home", storyRead);
  const story = await storyRead;
  const allowed = opts.components ?? PAGE_COMPONENTS;
  if (!story || !allowed.has(story.content.component) || !localeAllows(story.content.locale, country)) {
    return throwNotFound(request, { country, reason: "missing-content" });
  }
  const [structuredData, blockData] = await Promise.all([structuredRead, loadBlockData(story.content.body, country, request)]);
  const payload: ContentPageData = {
    country,
    story,
    pageSettings: pageSettingsFrom(story.content, opts.settings),
    structuredData,
    blockData,
  };
  // A document's data leaves out the content of the body's islands (ADR 031).
  return data(pageDataForRequest(payload), { headers: pageHeadersFor(version) });
}

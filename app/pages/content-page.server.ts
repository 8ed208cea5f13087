import { data } from "@remix-run/node";
import type { Country, Story } from "~/content/schema";
import { MODEL_RELATIONS } from "~/content/relations";
import { readStory } from "~/content/stories.server";
import { ContentUnavailableError } from "~/content/errors";
import { contentVersion } from "~/features/preview/preview.server";
import type { BlockDataMap } from "~/components/block-data";
import { loadBlockData } from "~/blocks/loaders.server";
import { queryParamsOf } from "~/blocks/query-params";
import { QUERY_PARAMS_HEADER, queryParamsHeaderValue } from "~/features/page-keys/page-keys";
import type { Blok } from "~/content/schema";
import type { PageSettings } from "~/features/shell/globals";
import { contentUnavailableResponse, throwNotFound } from "~/features/routing/not-found.server";
import type { JsonLdNode } from "~/features/seo/json-ld";
import { pageStructuredData } from "~/features/seo/structured-data.server";
import { localeAllows } from "~/content/locale";
import { isSitePath } from "~/content/slug";
import { homeRedirect, pageHeadersFor } from "~/features/routing/page-headers";
import { PAGE_COMPONENTS, pageSettingsFrom } from "~/features/shell/page-settings";

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

/** What a page route asks of `loadPage`, beyond its slug. */
export interface LoadPageOptions<E extends Record<string, unknown>> {
  /** Relations resolved in the story (default MODEL_RELATIONS). */
  relations?: readonly string[];
  /** The route's defaults under the story's own settings (the finance logo on /finance). */
  settings?: Partial<PageSettings>;
  /** Settings the route imposes whatever the story says (news articles' header, site.md section 2). */
  forcedSettings?: Partial<PageSettings>;
  /** Root components the story may have (default PAGE_COMPONENTS); `null`: any. */
  components?: ReadonlySet<string> | null;
  /** Build the page's JSON-LD (default true). */
  structuredData?: boolean;
  /** Run the body's block loaders (default true). */
  blockData?: boolean;
  /**
   * More reads of the page, started alongside the story's (one content round trip): their
   * result is merged into the page data; `null` makes the page a 404 (spec site.md section 8).
   */
  extra?: () => Promise<E | null>;
}

/** The typed data of a page route: the story, its settings, JSON-LD, block data and the route's extra reads. */
export type PageView<E extends Record<string, unknown> = Record<never, never>> = ContentPageData & E;

/**
 * The one loader of content pages (the catch-all, home, finance, the news listing and articles).
 * Reads the story (draft in a verified preview or in development, else published) and, alongside
 * it, the structured data's reads and the route's extra reads; applies the page rules (the story
 * exists, has an allowed root component and a locale that is empty, both or the URL's country,
 * else the 404 page with the error story); then runs the body's block loaders. A document's data
 * leaves out the content of the body's islands.
 */
export async function loadPage<E extends Record<string, unknown> = Record<never, never>>(
  request: Request,
  country: Country,
  slug: string,
  opts: LoadPageOptions<E> = {},
) {
  const clean = slug.replace(/^\/+|\/+$/g, "");
  // A path no story can have (`%2F`, `%3F`, `..`, whitespace) is a 404 before the content is asked.
  if (!isSitePath(new URL(request.url).pathname)) return throwNotFound(request, { country, reason: "missing-content" });
  if (clean === "home") throw homeRedirect(request, country);
  const version = contentVersion(request);
  const storyRead = readStory<PageStory["content"]>(clean || "home", {
    country,
    version,
    resolveRelations: opts.relations ?? MODEL_RELATIONS,
  });
  // The structured data's reads depend on the path alone: they run alongside the story's read,
  // so the page costs one content round trip (block loaders, which need the story, a second).
  const structuredRead =
    opts.structuredData === false ? Promise.resolve([]) : pageStructuredData(country, clean || "home", storyRead.catch(() => null));
  const extraRead = opts.extra ? opts.extra() : Promise.resolve({} as E);
  const [story, extra] = await Promise.all([storyRead, extraRead]).catch((error: unknown) => {
    // The story could not be read: the page is unavailable for now, not missing.
    if (error instanceof ContentUnavailableError) throw contentUnavailableResponse();
    throw error;
  });
  const allowed = opts.components === undefined ? PAGE_COMPONENTS : opts.components;
  if (!story || !extra || (allowed && !allowed.has(story.content.component)) || !localeAllows(story.content.locale, country)) {
    return throwNotFound(request, { country, reason: "missing-content" });
  }
  const [structuredData, blockData] = await Promise.all([
    structuredRead,
    opts.blockData === false ? Promise.resolve({}) : loadBlockData(story.content.body, country, request),
  ]);
  const payload: PageView<E> = {
    ...extra,
    country,
    story,
    pageSettings: { ...pageSettingsFrom(story.content, opts.settings), ...opts.forcedSettings },
    structuredData,
    blockData,
  };
  // The query parameters the story's blocks read: the page cache keys this path on these alone.
  const headers = { ...pageHeadersFor(version), [QUERY_PARAMS_HEADER]: queryParamsHeaderValue(queryParamsOf(story.content)) };
  return data(payload, { headers });
}

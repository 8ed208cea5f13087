import type { ISbStoriesParams } from "storyblok-js-client";
import type { Country, Story } from "./schema";
import { environmentContentVersion } from "~/server/env.server";
import { getContentClient } from "./client.server";
import { cacheKeyOf, getContentCache, policyForList, policyForStory, type Fetched } from "./cache.server";
import { CACHE_POLICIES, type CachePolicy } from "~/server/http/cache-policy";
import { parseStory } from "./story-parser";
import { ContentUnavailableError } from "./errors";
import { withContentTimeout } from "./timeout.server";
import { isStorySlug, storyApiPath } from "./slug";
import { currentRequestContext, noteContentFailure, noteContentKeys } from "~/server/observability/request-context.server";
import { datasourceKey, keysOfList, keysOfStory } from "~/server/page-cache/surrogate-keys";

export interface ContentOptions {
  country: Country;
  resolveRelations?: readonly string[];
  version?: "draft" | "published";
}

export interface DatasourceEntry {
  id: number;
  name: string;
  value: string;
  dimension_value: string | null;
}

function versionOf(opts: ContentOptions): "draft" | "published" {
  return opts.version ?? environmentContentVersion();
}

/** Drafts are read with the preview token (server-side only), published content with the public one. */
function clientFor(opts: ContentOptions) {
  return getContentClient({ preview: versionOf(opts) === "draft" });
}

function baseParams(opts: ContentOptions): ISbStoriesParams {
  // Story links come with their target's current full_slug (by uuid), so a moved story's links follow it.
  const params: ISbStoriesParams = { version: versionOf(opts), language: opts.country, resolve_links: "url" };
  if (opts.resolveRelations?.length) params.resolve_relations = opts.resolveRelations.join(",");
  // A preview of a release (the editor's release picker) reads the drafts as that release would publish them.
  const release = params.version === "draft" ? currentRequestContext()?.previewRelease : undefined;
  if (release) params.from_release = release;
  return params;
}

/**
 * Published reads go through the content cache (policies, coalescing, stale-if-error, cv: see
 * cache.server.ts) with the remembered cv; drafts go straight to the content service. Every call
 * has a deadline (CONTENT_TIMEOUT_MS, timeout.server.ts).
 */
function cachedRead<T>(
  policy: CachePolicy,
  key: string,
  params: ISbStoriesParams,
  fetch: (params: ISbStoriesParams) => Promise<Fetched<T>>,
): Promise<T> {
  if (params.version === "draft") return withContentTimeout(() => fetch({ ...params })).then((r) => r.value);
  const cache = getContentCache();
  // A call past its deadline fails like an outage: the cache then serves its stale entry.
  return cache.read(policy, key, () => withContentTimeout(() => fetch({ ...params, cv: cache.currentCv() })));
}

function parseStories<T>(stories: readonly T[]): T[] {
  return stories.map(parseStory);
}

function logFailure(what: string, error: unknown): void {
  // An unreachable content API turns this request's "not found" into a 503 (throwNotFound).
  noteContentFailure(error);
  const e = error as { status?: number; message?: string } | undefined;
  if (e?.status === 404) return;
  console.error(`[content] ${what} failed: ${e?.status ?? ""} ${e?.message ?? String(error)}`.trim());
}

/**
 * One story by full slug, with the country as language; null when it does not exist. Throws
 * ContentUnavailableError (logged) when the content service could not answer.
 */
export async function readStory<C = Story["content"]>(slug: string, opts: ContentOptions): Promise<Story<C> | null> {
  // A slug no story can have is nothing, without a call or a cache entry.
  if (!isStorySlug(slug)) return null;
  try {
    const params = baseParams(opts);
    const story = await cachedRead(policyForStory(slug), cacheKeyOf("story", slug, params), params, async (p) => {
      try {
        const res = await clientFor(opts).getStory(storyApiPath(slug), p);
        return { value: parseStory(res.data.story ?? null), cv: res.data.cv };
      } catch (error) {
        // A missing story is an answer (cached like any other), not a failure.
        if ((error as { status?: number } | undefined)?.status === 404) return { value: null };
        throw error;
      }
    });
    if (params.version === "published") noteContentKeys(keysOfStory(story));
    return (story as unknown as Story<C>) ?? null;
  } catch (error) {
    logFailure(`story ${slug}`, error);
    throw new ContentUnavailableError(`story ${slug}`, { cause: error });
  }
}

/**
 * One story, as readStory, for the reads a page can do without (the shell, settings): a failure is
 * logged and reads as nothing (spec site.md section 8).
 */
export async function getStory<C = Story["content"]>(slug: string, opts: ContentOptions): Promise<Story<C> | null> {
  try {
    return await readStory<C>(slug, opts);
  } catch (error) {
    if (error instanceof ContentUnavailableError) return null;
    throw error;
  }
}

/** One page of stories with the total count from the `total` header. */
export async function getStoriesPage<C = Story["content"]>(
  params: ISbStoriesParams,
  opts: ContentOptions,
): Promise<{ stories: Story<C>[]; total: number } | null> {
  try {
    const all = { ...baseParams(opts), ...params };
    const page = await cachedRead(policyForList(all), cacheKeyOf("stories-page", "", all), all, async (p) => {
      const res = await clientFor(opts).getStories(p);
      const stories = parseStories(res.data.stories) as unknown as Story<C>[];
      const total = Number.isFinite(res.total) ? Number(res.total) : stories.length;
      return { value: { stories, total }, cv: res.data.cv };
    });
    if (all.version === "published") noteContentKeys(keysOfList(all, page.stories));
    return page;
  } catch (error) {
    logFailure(`stories ${JSON.stringify(params)}`, error);
    return null;
  }
}

/** Every story matching the query, all pages fetched (per_page 100). */
export async function getStories<C = Story["content"]>(params: ISbStoriesParams, opts: ContentOptions): Promise<Story<C>[]> {
  try {
    const all: ISbStoriesParams = { per_page: 100, ...baseParams(opts), ...params };
    const stories = await cachedRead(policyForList(all), cacheKeyOf("stories-all", "", all), all, async (p) => ({
      value: parseStories((await clientFor(opts).getAll("cdn/stories", p)) as unknown[]),
    }));
    if (all.version === "published") noteContentKeys(keysOfList(all, stories as unknown[]));
    return stories as unknown as Story<C>[];
  } catch (error) {
    logFailure(`all stories ${JSON.stringify(params)}`, error);
    return [];
  }
}

/** Entries of a datasource, e.g. news-categories. */
export async function getDatasourceEntries(datasource: string): Promise<DatasourceEntry[] | null> {
  try {
    const params: ISbStoriesParams = { datasource, per_page: 1000 } as ISbStoriesParams;
    const key = cacheKeyOf("datasource", datasource, params);
    noteContentKeys([datasourceKey(datasource)]);
    const entries = await cachedRead(CACHE_POLICIES.globals, key, params, async (p) => ({
      value: await getContentClient().getAll("cdn/datasource_entries", p),
    }));
    return entries as unknown as DatasourceEntry[];
  } catch (error) {
    logFailure(`datasource ${datasource}`, error);
    return null;
  }
}

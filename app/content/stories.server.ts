import type { ISbStoriesParams } from "storyblok-js-client";
import type { Country, Story } from "./schema";
import { getEnv } from "~/env.server";
import { getContentClient } from "./client.server";
import { noteContentFailure } from "~/features/observability/request-context.server";


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

/** Draft when the environment is development, else published (spec site.md section 4). */
export function contentVersion(): "draft" | "published" {
  return getEnv().NODE_ENV === "development" ? "draft" : "published";
}

function baseParams(opts: ContentOptions): ISbStoriesParams {
  const params: ISbStoriesParams = { version: opts.version ?? contentVersion(), language: opts.country };
  if (opts.resolveRelations?.length) params.resolve_relations = opts.resolveRelations.join(",");
  return params;
}

function logFailure(what: string, error: unknown): void {
  // An unreachable content API turns this request's "not found" into a 503 (throwNotFound).
  noteContentFailure(error);
  const e = error as { status?: number; message?: string } | undefined;
  if (e?.status === 404) return;
  console.error(`[content] ${what} failed: ${e?.status ?? ""} ${e?.message ?? String(error)}`.trim());
}

/**
 * One story by full slug, with the country as language. Content fetch failures are logged and
 * return nothing (spec site.md section 8); a missing story is simply null.
 */
export async function getStory<C = Story["content"]>(slug: string, opts: ContentOptions): Promise<Story<C> | null> {
  try {
    const res = await getContentClient().getStory(slug, baseParams(opts));
    return (res.data.story as unknown as Story<C>) ?? null;
  } catch (error) {
    logFailure(`story ${slug}`, error);
    return null;
  }
}

/** One page of stories with the total count from the `total` header. */
export async function getStoriesPage<C = Story["content"]>(
  params: ISbStoriesParams,
  opts: ContentOptions,
): Promise<{ stories: Story<C>[]; total: number } | null> {
  try {
    const res = await getContentClient().getStories({ ...baseParams(opts), ...params });
    const stories = res.data.stories as unknown as Story<C>[];
    const total = Number.isFinite(res.total) ? Number(res.total) : stories.length;
    return { stories, total };
  } catch (error) {
    logFailure(`stories ${JSON.stringify(params)}`, error);
    return null;
  }
}

/** Every story matching the query, all pages fetched (per_page 100). */
export async function getStories<C = Story["content"]>(params: ISbStoriesParams, opts: ContentOptions): Promise<Story<C>[]> {
  try {
    const stories = await getContentClient().getAll("cdn/stories", { per_page: 100, ...baseParams(opts), ...params });
    return stories as unknown as Story<C>[];
  } catch (error) {
    logFailure(`all stories ${JSON.stringify(params)}`, error);
    return [];
  }
}

/** Entries of a datasource, e.g. news-categories. */
export async function getDatasourceEntries(datasource: string): Promise<DatasourceEntry[] | null> {
  try {
    const entries = await getContentClient().getAll("cdn/datasource_entries", { datasource, per_page: 1000 });
    return entries as unknown as DatasourceEntry[];
  } catch (error) {
    logFailure(`datasource ${datasource}`, error);
    return null;
  }
}

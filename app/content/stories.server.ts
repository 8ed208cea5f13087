import type { ISbStoriesParams } from "storyblok-js-client";
import type { Country, Story } from "./schema";
import { getEnv } from "~/env.server";
import { isPreviewRequest } from "~/features/preview/preview.server";
import { getContentClient } from "./client.server";


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

/**
 * The content version of a request (spec site.md section 4): draft in development or in a verified
 * visual-editor preview (app/features/preview), else published. Without a request: the
 * environment's version.
 */
export function contentVersion(request?: Request): "draft" | "published" {
  if (getEnv().NODE_ENV === "development") return "draft";
  return request && isPreviewRequest(request) ? "draft" : "published";
}

function versionOf(opts: ContentOptions): "draft" | "published" {
  return opts.version ?? contentVersion();
}

/** Drafts are read with the preview token (server-side only), published content with the public one. */
function clientFor(opts: ContentOptions) {
  return getContentClient({ preview: versionOf(opts) === "draft" });
}

function baseParams(opts: ContentOptions): ISbStoriesParams {
  const params: ISbStoriesParams = { version: versionOf(opts), language: opts.country };
  if (opts.resolveRelations?.length) params.resolve_relations = opts.resolveRelations.join(",");
  return params;
}

function logFailure(what: string, error: unknown): void {
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
    const res = await clientFor(opts).getStory(slug, baseParams(opts));
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
    const res = await clientFor(opts).getStories({ ...baseParams(opts), ...params });
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
    const stories = await clientFor(opts).getAll("cdn/stories", { per_page: 100, ...baseParams(opts), ...params });
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

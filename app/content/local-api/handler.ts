/**
 * Fetch-API handler answering like Storyblok's Content Delivery API v2 over a ContentSource.
 * No Node APIs here: the file-backed source lives in `store.server.ts`.
 */
import { ParamError } from "./errors";
import {
  paginate,
  parseEntriesQuery,
  parseLinksQuery,
  parseSingleStoryQuery,
  parseStoriesQuery,
  type StoryRenderQuery,
} from "./query";
import { resolveLinkTargets } from "./links";
import { cdnFullSlug, languageFullSlug } from "./language-slugs";
import { resolveRels } from "./relations";
import { matchRoute, type Route } from "./routes";
import { selectStories } from "./select";
import { createView, isVisible, renderStory, type ViewOptions } from "./story-view";
import { isJsonObject, type ContentSnapshot, type ContentSource, type DatasourceEntry, type JsonObject, type JsonValue, type StoryRecord } from "./types";

export interface ContentHandlerOptions {
  readonly spaceId: number;
  /**
   * The preview token: as on Storyblok, `version=draft` is answered only when the `token` query
   * parameter is this token (else 401). Unset: drafts are answered to anyone (a test stand-in).
   */
  readonly previewToken?: string;
  readonly spaceName?: string;
  readonly languageCodes?: readonly string[];
}

export type ContentHandler = (request: Request) => Promise<Response>;

export const NOT_FOUND_BODY: readonly string[] = ["This record could not be found"];
export const DRAFT_NEEDS_PREVIEW_TOKEN = "Unauthorized: version=draft needs the preview token";

/** Whether the given token is the expected one; every character is compared, whatever the first difference. */
function sameToken(given: string | null, expected: string): boolean {
  if (!given || !expected) return false;
  const [a, b] = [given, expected];
  const length = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

const BASE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "application/json; charset=utf-8",
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "total, per-page",
};

function json(body: JsonValue, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } });
}

function notFound(): Response {
  return json([...NOT_FOUND_BODY], 404);
}

function pageHeaders(total: number, perPage: number): Record<string, string> {
  return { total: String(total), "per-page": String(perPage) };
}

function viewOptions(query: StoryRenderQuery, spaceId: number): ViewOptions {
  return { ...query, spaceId };
}

function findStory(snapshot: ContentSnapshot, identifier: string, findBy: "slug" | "uuid"): StoryRecord | null {
  if (findBy === "uuid") return snapshot.byUuid.get(identifier) ?? null;
  if (/^\d+$/.test(identifier)) {
    const byId = snapshot.byId.get(Number(identifier));
    if (byId) return byId;
  }
  return snapshot.bySlug.get(identifier) ?? snapshot.bySlug.get(identifier.toLowerCase()) ?? null;
}

/** A story link's target as `resolve_links` asks: a link object with the current full_slug, or the story. */
function linkTarget(snapshot: ContentSnapshot, uuid: string, query: StoryRenderQuery, options: ViewOptions): JsonObject | null {
  const record = snapshot.byUuid.get(uuid);
  if (!record || !isVisible(record.story, query.version)) return null;
  if (query.resolveLinks === "story") return renderStory(createView(record, query), options);
  const { story } = record;
  // Under a language the linked story's slug carries it, as the story's own full_slug does.
  const fullSlug = languageFullSlug(story, query.language);
  // `url` is the small form (what a page needs to link); `link` the links endpoint's whole object.
  if (query.resolveLinks === "url") return { id: story.id, uuid: story.uuid, name: story.name ?? story.slug, slug: story.slug, full_slug: fullSlug, url: fullSlug };
  return { ...linkOf(record), slug: fullSlug, full_slug: fullSlug, url: fullSlug };
}

/** Renders `roots` and their relations into the common stories envelope fields. */
function storiesEnvelope(
  snapshot: ContentSnapshot,
  roots: readonly JsonObject[],
  query: StoryRenderQuery,
  options: ViewOptions,
): JsonObject {
  const load = (uuid: string): JsonObject | null => {
    const record = snapshot.byUuid.get(uuid);
    if (!record || !isVisible(record.story, query.version)) return null;
    return renderStory(createView(record, query), options);
  };
  const result = resolveRels(roots, query.relations, load);
  const linked = query.resolveLinks ? resolveLinkTargets(roots, (uuid) => linkTarget(snapshot, uuid, query, options)) : null;
  const envelope: JsonObject = {
    cv: snapshot.cv,
    rels: result.kind === "rels" ? [...result.rels] : [],
    links: linked?.kind === "links" ? [...linked.links] : [],
  };
  if (result.kind === "rel_uuids") envelope.rel_uuids = [...result.relUuids];
  if (linked?.kind === "link_uuids") envelope.link_uuids = [...linked.linkUuids];
  return envelope;
}

async function handleStory(source: ContentSource, identifier: string, params: URLSearchParams, spaceId: number): Promise<Response> {
  const query = parseSingleStoryQuery(params);
  const snapshot = await source.snapshot();
  const record = findStory(snapshot, identifier, query.findBy);
  if (!record || !isVisible(record.story, query.version)) return notFound();
  const options = viewOptions(query, spaceId);
  const story = renderStory(createView(record, query), options);
  return json({ story, ...storiesEnvelope(snapshot, [story], query, options) });
}

async function handleStories(source: ContentSource, params: URLSearchParams, spaceId: number): Promise<Response> {
  const query = parseStoriesQuery(params);
  const snapshot = await source.snapshot();
  const views = snapshot.stories.filter((r) => isVisible(r.story, query.version)).map((r) => createView(r, query));
  const selected = selectStories(views, query);
  const options = viewOptions(query, spaceId);
  const stories = paginate(selected, query).map((view) => renderStory(view, options));
  return json(
    { stories, ...storiesEnvelope(snapshot, stories, query, options) },
    200,
    pageHeaders(selected.length, query.perPage),
  );
}

/** `dimension_value` of an entry for the requested dimension (file value may be a string or a per-dimension map). */
function dimensionValue(entry: DatasourceEntry, dimension: string | null): JsonValue {
  if (dimension === null) return null;
  const stored = entry.dimension_value;
  if (isJsonObject(stored)) return stored[dimension] ?? null;
  return stored ?? null;
}

async function handleDatasourceEntries(source: ContentSource, params: URLSearchParams): Promise<Response> {
  const query = parseEntriesQuery(params);
  const snapshot = await source.snapshot();
  let entries: readonly DatasourceEntry[];
  if (query.datasource !== null) {
    const found = snapshot.datasources.get(query.datasource);
    if (!found) return notFound();
    entries = found;
  } else {
    entries = [...snapshot.datasources.keys()].sort().flatMap((slug) => snapshot.datasources.get(slug) ?? []);
  }
  const page = paginate(entries, query).map((entry) => ({
    id: entry.id,
    name: entry.name,
    value: entry.value,
    dimension_value: dimensionValue(entry, query.dimension),
  }));
  return json({ datasource_entries: page, cv: snapshot.cv }, 200, pageHeaders(entries.length, query.perPage));
}

function linkOf(record: StoryRecord): JsonObject {
  const { story } = record;
  const path = typeof story.path === "string" && story.path !== "" ? story.path : null;
  const fullSlug = cdnFullSlug(story);
  return {
    id: story.id,
    uuid: story.uuid,
    slug: fullSlug,
    path,
    parent_id: story.parent_id ?? null,
    name: story.name ?? story.slug,
    is_folder: false,
    published: story.published_at !== null && story.published_at !== undefined,
    is_startpage: story.is_startpage === true,
    position: story.position ?? 0,
    real_path: `/${path ?? fullSlug}`,
  };
}

async function handleLinks(source: ContentSource, params: URLSearchParams): Promise<Response> {
  const query = parseLinksQuery(params);
  const snapshot = await source.snapshot();
  const startsWith = query.startsWith;
  const records = snapshot.stories.filter(
    (r) => isVisible(r.story, query.version) && (startsWith === null || cdnFullSlug(r.story).startsWith(startsWith)),
  );
  const links: JsonObject = {};
  for (const record of paginate(records, query)) links[record.story.uuid] = linkOf(record);
  return json({ links, cv: snapshot.cv }, 200, pageHeaders(records.length, query.perPage));
}

async function handleLink(source: ContentSource, uuid: string, params: URLSearchParams): Promise<Response> {
  const query = parseLinksQuery(params);
  const snapshot = await source.snapshot();
  const record = snapshot.byUuid.get(uuid);
  if (!record || !isVisible(record.story, query.version)) return notFound();
  return json({ link: linkOf(record), cv: snapshot.cv });
}

async function handleSpace(source: ContentSource, url: URL, options: ContentHandlerOptions): Promise<Response> {
  const snapshot = await source.snapshot();
  return json({
    space: {
      id: options.spaceId,
      name: options.spaceName ?? "Local content",
      domain: `${url.origin}/`,
      version: snapshot.cv,
      language_codes: [...(options.languageCodes ?? ["au", "nz"])],
    },
  });
}

function dispatch(source: ContentSource, route: Route, url: URL, options: ContentHandlerOptions): Promise<Response> {
  const params = url.searchParams;
  switch (route.kind) {
    case "story":
      return handleStory(source, route.identifier, params, options.spaceId);
    case "stories":
      return handleStories(source, params, options.spaceId);
    case "datasource_entries":
      return handleDatasourceEntries(source, params);
    case "links":
      return handleLinks(source, params);
    case "link":
      return handleLink(source, route.uuid, params);
    case "spaces_me":
      return handleSpace(source, url, options);
    case "not_found":
      return Promise.resolve(notFound());
  }
}

export function createContentHandler(source: ContentSource, options: ContentHandlerOptions): ContentHandler {
  return async (request) => {
    try {
      if (request.method !== "GET") {
        return json({ error: `Method ${request.method} not allowed (only GET)` }, 405, { Allow: "GET" });
      }
      const url = new URL(request.url);
      if (options.previewToken !== undefined && url.searchParams.get("version") === "draft" && !sameToken(url.searchParams.get("token"), options.previewToken)) {
        return json({ error: DRAFT_NEEDS_PREVIEW_TOKEN }, 401);
      }
      return await dispatch(source, matchRoute(url.pathname), url, options);
    } catch (error) {
      if (error instanceof ParamError) return json({ error: error.message }, 400);
      console.error("[local-content-api] unexpected error", error);
      return json({ error: "Internal error" }, 500);
    }
  };
}

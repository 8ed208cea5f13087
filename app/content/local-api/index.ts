/**
 * Local stand-in for Storyblok's Content Delivery API v2, backed by a content directory:
 *   stories/<full_slug>.json   (folder start page: stories/<folder>/index.json)
 *   datasources/<slug>.json
 * Use in-process through storyblok-js-client's `fetch` option, or mount under any path
 * (everything after `/v2/cdn/` is routed).
 */
import { createContentHandler, type ContentHandler } from "./handler";
import { createContentStore } from "./store.server";

export interface LocalContentApiOptions {
  contentDir: string;
  /** Space id used in `_editable` markers and `spaces/me` (default 1). */
  spaceId?: number;
  /** Minimum time between two scans of the content directory (default 1000 ms). */
  refreshIntervalMs?: number;
  /** Drafts only with this token (`token` parameter), as on Storyblok; unset: drafts for anyone (tests). */
  previewToken?: string;
}

export const DEFAULT_SPACE_ID = 1;

export function createLocalContentApi(opts: LocalContentApiOptions): (request: Request) => Promise<Response> {
  const store = createContentStore({ contentDir: opts.contentDir, refreshIntervalMs: opts.refreshIntervalMs });
  const handler: ContentHandler = createContentHandler(store, { spaceId: opts.spaceId ?? DEFAULT_SPACE_ID, previewToken: opts.previewToken });
  return handler;
}

export { createContentHandler, DRAFT_NEEDS_PREVIEW_TOKEN, NOT_FOUND_BODY, type ContentHandler, type ContentHandlerOptions } from "./handler";
export { createContentStore, type ContentStore, type ContentStoreOptions, type ContentStoreStats } from "./store.server";
export type { ContentSnapshot, ContentSource, DatasourceEntry, JsonObject, JsonValue, StoryFile } from "./types";

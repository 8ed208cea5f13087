import { isRecord } from "~/lib/object";

/** JSON value types shared by the local content API (no I/O here). */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue | undefined;
}

/** A story exactly as stored in `stories/<full_slug>.json` (the CDN's "story" object plus an optional `draft`). */
export interface StoryFile extends JsonObject {
  id: number;
  uuid: string;
  name?: string;
  slug: string;
  full_slug: string;
  content: JsonObject;
  published_at?: string | null;
  position?: number;
  is_startpage?: boolean;
  tag_list?: JsonValue[];
  draft?: JsonObject;
}

/** A loaded story plus facts derived from its location on disk. */
export interface StoryRecord {
  /** Path relative to `stories/` without `.json`, e.g. `news/index`. */
  readonly path: string;
  /** Slug derived from the path (`news/index` → `news`). */
  readonly pathSlug: string;
  readonly story: StoryFile;
}

export interface DatasourceEntry extends JsonObject {
  id: number;
  name: string;
  value: string;
  dimension_value?: JsonValue;
}

/** Immutable view of the content directory at one point in time. */
export interface ContentSnapshot {
  /** All stories in the default order (position asc, then full_slug asc). */
  readonly stories: readonly StoryRecord[];
  readonly byUuid: ReadonlyMap<string, StoryRecord>;
  readonly byId: ReadonlyMap<number, StoryRecord>;
  /** Keyed by path slug and by full_slug without trailing slash. */
  readonly bySlug: ReadonlyMap<string, StoryRecord>;
  readonly datasources: ReadonlyMap<string, readonly DatasourceEntry[]>;
  /** Newest modification time (unix seconds) of anything in the content directory. */
  readonly cv: number;
}

export interface ContentSource {
  snapshot(): Promise<ContentSnapshot>;
}

export type Version = "draft" | "published";

/** The record guard (app/lib/object.ts), typed for stored JSON. */
export const isJsonObject: (value: unknown) => value is JsonObject = isRecord;

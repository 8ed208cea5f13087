/** Helpers for the local content API tests: temp content dirs and request shortcuts. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createLocalContentApi } from "~/content/local-api";

export interface StoryInput {
  id: number;
  full_slug: string;
  content?: Record<string, unknown>;
  uuid?: string;
  name?: string;
  published?: boolean;
  position?: number;
  is_startpage?: boolean;
  [key: string]: unknown;
}

/** A story object shaped like the CDN's, with sensible defaults. */
export function makeStory(input: StoryInput): Record<string, unknown> {
  const { published = true, content, ...rest } = input;
  const slug = input.full_slug.replace(/\/$/, "").split("/").pop() ?? input.full_slug;
  const date = `2024-01-${String((input.id % 28) + 1).padStart(2, "0")}T10:00:00.000Z`;
  return {
    name: `Story ${input.id}`,
    created_at: date,
    published_at: published ? date : null,
    uuid: `uuid-${input.id}`,
    slug,
    sort_by_date: null,
    position: 0,
    tag_list: [],
    is_startpage: false,
    parent_id: 0,
    meta_data: null,
    group_id: `group-${input.id}`,
    first_published_at: published ? date : null,
    release_id: null,
    lang: "default",
    path: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
    ...rest,
    content: { _uid: `root-${input.id}`, component: "page", ...content },
  };
}

/** Creates a content dir; keys are paths relative to it (e.g. `stories/home.json`), values JSON-serialised. */
export function makeContentDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "local-api-"));
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, unknown>): void {
  for (const [rel, value] of Object.entries(files)) {
    const file = join(dir, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
  }
}

/** Sets the mtime (unix seconds) of a file or directory. */
export function setMtime(path: string, seconds: number): void {
  utimesSync(path, seconds, seconds);
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface ApiResult {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test convenience for deep JSON access
  body: any;
}

export type Handler = (request: Request) => Promise<Response>;

/** GET `http://local/v2/cdn/<path>` (path may carry a query string). */
export async function get(handler: Handler, path: string, init?: RequestInit): Promise<ApiResult> {
  const response = await handler(new Request(`http://local/v2/cdn/${path}`, init));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown };
}

/** Handler over a fresh content dir (rescans on every request). */
export function apiFor(files: Record<string, unknown>, spaceId = 4242): { handler: Handler; dir: string } {
  const dir = makeContentDir(files);
  return { handler: createLocalContentApi({ contentDir: dir, spaceId, refreshIntervalMs: 0 }), dir };
}

/** `stories/<full_slug>.json` → story map from inputs (start pages must pass `file`). */
export function storyFiles(...stories: (StoryInput & { file?: string })[]): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const { file, ...input } of stories) {
    files[`stories/${file ?? input.full_slug}.json`] = makeStory(input);
  }
  return files;
}

export function slugsOf(body: { stories: { full_slug: string }[] }): string[] {
  return body.stories.map((s) => s.full_slug);
}

import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createManagementApiClient, normalizeAssetUrl } from "@storyblok/management-api-client";
import { isRecord } from "~/lib/object";
import { imageSize, sizeParam } from "./image-size";
import type { Seed, SeedStory } from "./seed-export";
import type { SpaceSchemaFiles } from "./seed-files";
import { emptyCounts, rewriteRefs } from "./seed-refs";

/**
 * `npm run space:push`: puts the seed (scripts/space/seed-export.ts) and the space schema into a
 * Storyblok space through the Management API, in dependency order: component groups, components,
 * datasources and their entries, assets (signed two-step upload), folders and stories (created
 * level by level as placeholders, then filled with their references translated and published
 * where the fixture is published), and pending drafts on top. Every created object is appended
 * to a manifest (JSON lines) the moment the API confirms it, so a rerun skips what exists.
 */

/** Storyblok's Management API allows 3 requests/s on the Starter plan, 6 on Growth and above. */
export const DEFAULT_RATE_LIMIT = 3;

type Client = ReturnType<typeof createManagementApiClient>;

export interface PushOptions {
  spaceId: string;
  /** A personal access token (sent as is) or an OAuth token (sent as Bearer). */
  token: string;
  tokenKind?: "personal" | "oauth";
  region?: "eu" | "us" | "ap" | "ca" | "cn";
  /** For tests: the stand-in's URL instead of the region's host. */
  baseUrl?: string;
  /** Requests per second; false only in tests against the stand-in. */
  rateLimit?: number | false;
  /** Manifest file (JSON lines); created when missing. */
  manifestFile: string;
  seed: Seed;
  schema: SpaceSchemaFiles;
  assetBytes: (file: string) => Buffer;
  log?: (line: string) => void;
}

export interface ManifestEntry {
  kind: "group" | "component" | "datasource" | "entry" | "asset" | "story" | "content" | "draft";
  old: string | number;
  new?: string | number;
  new_uuid?: string;
  new_filename?: string;
}

export function readManifest(file: string): ManifestEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ManifestEntry);
}

/** The CLI's manifest (JSON lines, `{ old_id, new_id, ... }`); an absent file is empty. */
export function readCliManifest(file: string): CliManifestLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CliManifestLine);
}

export interface PushSummary {
  created: Record<ManifestEntry["kind"], number>;
  skipped: Record<ManifestEntry["kind"], number>;
  /** Components the space had with another schema or settings, and which were updated. */
  updated: { component: number };
}

/** The Management API client of every push and post-push request: region host, 429 retries, throttle. */
export function makeClient(o: Pick<PushOptions, "spaceId" | "token" | "tokenKind" | "region" | "baseUrl" | "rateLimit">): Client {
  const auth = o.tokenKind === "oauth" ? { oauthToken: o.token } : { personalAccessToken: o.token };
  return createManagementApiClient({
    ...auth,
    spaceId: Number(o.spaceId),
    region: o.region ?? "eu",
    ...(o.baseUrl ? { baseUrl: o.baseUrl } : {}),
    rateLimit: o.rateLimit ?? DEFAULT_RATE_LIMIT,
    throwOnError: true,
  });
}

async function call<T>(promise: Promise<unknown>): Promise<T> {
  const result = (await promise) as { data?: unknown };
  return result.data as T;
}

/** All pages of a list endpoint. */
async function listAll<T>(client: Client, url: string, key: string): Promise<T[]> {
  const out: T[] = [];
  for (let pageNo = 1; pageNo < 1000; pageNo++) {
    const result = (await client.get(url, { query: { per_page: 100, page: pageNo } } as never)) as {
      data: Record<string, T[]>;
      response: Response;
    };
    const items = result.data[key] ?? [];
    out.push(...items);
    const total = Number(result.response.headers.get("Total") ?? items.length);
    if (items.length === 0 || out.length >= total) break;
  }
  return out;
}

/** The fields a component push sends (as Storyblok's CLI does); the rest is the space's own. */
const COMPONENT_FIELDS = ["display_name", "schema", "is_root", "is_nestable", "component_group_uuid", "color", "icon", "preview_field"];

const blank = (v: unknown) => v === undefined || v === null || v === "" || v === false;

/** Whether `expected` (ours) holds every key/value `actual` must have; extra keys of the space are fine. */
function covers(expected: unknown, actual: unknown): boolean {
  if (blank(expected)) return blank(actual);
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.length === actual.length && expected.every((v, i) => covers(v, actual[i]));
  if (isRecord(expected)) return isRecord(actual) && Object.entries(expected).every(([k, v]) => covers(v, actual[k]));
  return expected === actual;
}

/**
 * Whether the space's component differs from ours: a field of ours missing or different, a field
 * the space has that ours lacks, or a different setting.
 */
export function componentDiffers(wanted: Record<string, unknown>, remote: Record<string, unknown>): boolean {
  const ours = isRecord(wanted.schema) ? wanted.schema : {};
  const theirs = isRecord(remote.schema) ? remote.schema : {};
  if (Object.keys(ours).sort().join() !== Object.keys(theirs).sort().join()) return true;
  return COMPONENT_FIELDS.some((field) => field in wanted && !covers(wanted[field], remote[field]));
}

/** Component groups' local uuids -> the space's, for a component's group and its whitelists. */
function remapComponent(component: Record<string, unknown>, groupUuid: (uuid: string) => string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...component };
  delete out.id;
  delete out.created_at;
  delete out.updated_at;
  if (typeof out.component_group_uuid === "string") out.component_group_uuid = groupUuid(out.component_group_uuid) ?? null;
  if (isRecord(out.schema)) {
    out.schema = Object.fromEntries(
      Object.entries(out.schema).map(([name, field]) => {
        if (!isRecord(field) || !Array.isArray(field.component_group_whitelist)) return [name, field];
        return [name, { ...field, component_group_whitelist: field.component_group_whitelist.map((u) => groupUuid(String(u)) ?? u) }];
      }),
    );
  }
  return out;
}

function depthOf(story: SeedStory): number {
  return story.full_slug.split("/").length + (story.is_startpage ? 1 : 0);
}

export async function pushSpace(o: PushOptions): Promise<PushSummary> {
  const log = o.log ?? (() => {});
  const client = makeClient(o);
  const base = `/v1/spaces/${o.spaceId}`;
  mkdirSync(path.dirname(o.manifestFile), { recursive: true });
  const manifest = readManifest(o.manifestFile);
  const kinds: ManifestEntry["kind"][] = ["group", "component", "datasource", "entry", "asset", "story", "content", "draft"];
  const summary: PushSummary = {
    created: Object.fromEntries(kinds.map((k) => [k, 0])) as PushSummary["created"],
    skipped: Object.fromEntries(kinds.map((k) => [k, 0])) as PushSummary["skipped"],
    updated: { component: 0 },
  };
  const done = new Map<string, ManifestEntry>();
  const key = (kind: string, old: string | number) => `${kind}:${old}`;
  for (const entry of manifest) done.set(key(entry.kind, entry.old), entry);
  const record = (entry: ManifestEntry, created = true) => {
    appendFileSync(o.manifestFile, `${JSON.stringify(entry)}\n`);
    done.set(key(entry.kind, entry.old), entry);
    if (created) summary.created[entry.kind]++;
    else summary.skipped[entry.kind]++;
  };
  const known = (kind: ManifestEntry["kind"], old: string | number) => {
    const entry = done.get(key(kind, old));
    if (entry) summary.skipped[kind]++;
    return entry;
  };

  // Groups, matched by name (a rerun, or a space that has them already).
  const groups = o.schema.groups.filter(isRecord);
  if (groups.length > 0) {
    const remote = await call<{ component_groups: { uuid: string; name: string }[] }>(client.get(`${base}/component_groups`, {} as never));
    for (const group of groups) {
      const old = String(group.uuid);
      if (known("group", old)) continue;
      const existing = remote.component_groups.find((g) => g.name === group.name);
      if (existing) {
        record({ kind: "group", old, new: existing.uuid }, false);
        continue;
      }
      const data = await call<{ component_group: { uuid: string } }>(
        client.post(`${base}/component_groups`, { body: { component_group: { name: group.name } } } as never),
      );
      record({ kind: "group", old, new: data.component_group.uuid });
    }
    log(`groups: ${groups.length}`);
  }
  const groupUuid = (uuid: string) => {
    const entry = done.get(key("group", uuid));
    return entry ? String(entry.new) : undefined;
  };

  // Components: created when missing, and updated whenever the space's differs from ours, on
  // every run: a blank space already has a `page` with only `body`, and a schema changes later.
  const remoteComponents = await call<{ components: (Record<string, unknown> & { id: number; name: string })[] }>(
    client.get(`${base}/components`, {} as never),
  );
  for (const component of o.schema.components.filter(isRecord)) {
    const name = String(component.name);
    const wanted = remapComponent(component, groupUuid);
    const existing = remoteComponents.components.find((c) => c.name === name);
    if (existing) {
      if (componentDiffers(wanted, existing)) {
        await call(client.put(`${base}/components/${existing.id}`, { body: { component: wanted } } as never));
        summary.updated.component++;
      }
      if (!done.has(key("component", name))) record({ kind: "component", old: name, new: existing.id }, false);
      else summary.skipped.component++;
      continue;
    }
    const data = await call<{ component: { id: number } }>(client.post(`${base}/components`, { body: { component: wanted } } as never));
    record({ kind: "component", old: name, new: data.component.id });
  }
  log(`components: ${o.schema.components.length}`);

  // Datasources and entries.
  const remoteDatasources = await call<{ datasources: { id: number; slug: string }[] }>(client.get(`${base}/datasources`, {} as never));
  for (const ds of o.seed.datasources) {
    let entry = known("datasource", ds.slug);
    if (!entry) {
      const existing = remoteDatasources.datasources.find((d) => d.slug === ds.slug);
      if (existing) record((entry = { kind: "datasource", old: ds.slug, new: existing.id }), false);
      else {
        const data = await call<{ datasource: { id: number } }>(
          client.post(`${base}/datasources`, { body: { datasource: { name: ds.name, slug: ds.slug } } } as never),
        );
        record((entry = { kind: "datasource", old: ds.slug, new: data.datasource.id }));
      }
    }
    const datasourceId = Number(entry.new);
    const pending = ds.entries.filter((e) => !known("entry", `${ds.slug}:${e.value}`));
    const remoteEntries =
      pending.length > 0
        ? await call<{ datasource_entries: { id: number; value: string }[] }>(
            client.get(`${base}/datasource_entries`, { query: { datasource_id: datasourceId, per_page: 1000 } } as never),
          )
        : { datasource_entries: [] };
    for (const e of pending) {
      const old = `${ds.slug}:${e.value}`;
      const existing = remoteEntries.datasource_entries.find((r) => r.value === e.value);
      if (existing) {
        record({ kind: "entry", old, new: existing.id }, false);
        continue;
      }
      const data = await call<{ datasource_entry: { id: number } }>(
        client.post(`${base}/datasource_entries`, {
          body: { datasource_entry: { name: e.name, value: e.value, datasource_id: datasourceId } },
        } as never),
      );
      record({ kind: "entry", old, new: data.datasource_entry.id });
    }
  }
  log(`datasources: ${o.seed.datasources.length}`);

  // Assets: sign, post the file to the signed URL, finish, then the metadata (the client's flow).
  // An upload the space finished but the manifest lacks (a run stopped after finish_upload) is
  // matched by file name rather than uploaded twice.
  const unrecordedAssets = o.seed.assets.filter((a) => !done.has(key("asset", a.sidecar.id)));
  const remoteAssets =
    unrecordedAssets.length > 0 ? await listAll<{ id: number; filename: string }>(client, `${base}/assets`, "assets") : [];
  for (const asset of o.seed.assets) {
    if (known("asset", asset.sidecar.id)) continue;
    const { alt, title, meta_data } = asset.sidecar;
    const existing = remoteAssets.find((r) => r.filename.endsWith(`/${asset.file}`));
    if (existing) {
      await client.patch(`${base}/assets/${existing.id}`, { body: { asset: { alt, title, meta_data } } } as never);
      record({ kind: "asset", old: asset.sidecar.id, new: existing.id, new_filename: normalizeAssetUrl(existing.filename) }, false);
      continue;
    }
    const bytes = o.assetBytes(asset.file);
    // Without `size` Storyblok's URL has no `/<w>x<h>/` segment, and the site cannot tell the size.
    const size = await imageSize(asset.file, bytes);
    const created = (await client.assets.create({
      body: { short_filename: asset.file, alt, title, meta_data, ...(size ? { size: sizeParam(size) } : {}) },
      file: new Uint8Array(bytes),
    } as never)) as { id: number; filename: string };
    record({ kind: "asset", old: asset.sidecar.id, new: created.id, new_filename: normalizeAssetUrl(created.filename) });
  }
  log(`assets: ${o.seed.assets.length}`);

  // Folders and stories, shallowest first so every parent exists; placeholders only, because
  // stories refer to each other in both directions.
  const stories = [...o.seed.stories].sort((a, b) => depthOf(a) - depthOf(b) || Number(b.is_folder) - Number(a.is_folder));
  // A story the space has but the manifest lacks (a run stopped between the API's answer and the
  // manifest line, or a space seeded before) is matched by full_slug and kind, not created twice.
  const unrecorded = stories.filter((s) => !done.has(key("story", s.id)));
  const remoteStories =
    unrecorded.length > 0 ? await listAll<{ id: number; uuid: string; full_slug: string; is_folder: boolean }>(client, `${base}/stories`, "stories") : [];
  for (const story of stories) {
    if (known("story", story.id)) continue;
    const existing = remoteStories.find(
      (r) => r.full_slug.replace(/\/$/, "") === story.full_slug && r.is_folder === story.is_folder,
    );
    if (existing) {
      record({ kind: "story", old: story.id, new: existing.id, new_uuid: existing.uuid }, false);
      continue;
    }
    const parent = story.parent_id === 0 ? undefined : done.get(key("story", story.parent_id));
    if (story.parent_id !== 0 && !parent) throw new Error(`space:push: the parent of ${story.full_slug} was not created`);
    const component = isRecord(story.content) ? story.content.component : undefined;
    const data = await call<{ story: { id: number; uuid: string } }>(
      client.post(`${base}/stories`, {
        body: {
          story: {
            name: story.name,
            slug: story.slug,
            parent_id: parent ? Number(parent.new) : 0,
            is_folder: story.is_folder,
            ...(story.is_startpage ? { is_startpage: true } : {}),
            ...(story.is_folder && typeof story.default_root === "string" ? { default_root: story.default_root } : {}),
            ...(typeof component === "string" ? { content: { component, _uid: String((story.content as { _uid?: unknown })._uid ?? "") } } : {}),
          },
          publish: 0,
        },
      } as never),
    );
    record({ kind: "story", old: story.id, new: data.story.id, new_uuid: data.story.uuid });
  }
  log(`folders and stories created: ${stories.length}`);

  const maps = mapsFromManifest([...done.values()], o.seed);
  const assetsToLocal = maps.asset;
  for (const story of stories) {
    if (story.is_folder || known("content", story.id)) continue;
    const target = done.get(key("story", story.id));
    if (!target) throw new Error(`space:push: ${story.full_slug} was not created`);
    await client.put(`${base}/stories/${Number(target.new)}`, {
      body: {
        story: {
          name: story.name,
          slug: story.slug,
          position: story.position,
          tag_list: story.tag_list,
          // News lists sort by it; the Management API takes it on update.
          ...(typeof story.first_published_at === "string" ? { first_published_at: story.first_published_at } : {}),
          content: rewriteRefs(story.content, { story: maps.story, asset: assetsToLocal, assetUrl: maps.assetUrl }),
        },
        publish: story.published ? 1 : 0,
      },
    } as never);
    record({ kind: "content", old: story.id });
  }
  for (const draft of o.seed.drafts) {
    const story = o.seed.stories.find((s) => s.uuid === draft.uuid);
    if (!story || known("draft", story.id)) continue;
    const target = done.get(key("story", story.id));
    if (!target) throw new Error(`space:push: ${story.full_slug} was not created`);
    await client.put(`${base}/stories/${Number(target.new)}`, {
      body: { story: { content: rewriteRefs(draft.content, { story: maps.story, asset: assetsToLocal, assetUrl: maps.assetUrl }) }, publish: 0 },
    } as never);
    record({ kind: "draft", old: story.id });
  }
  log(`stories filled: ${stories.filter((s) => !s.is_folder).length}, drafts: ${o.seed.drafts.length}`);
  return summary;
}

/** Old -> new lookups for rewriteRefs, from manifest entries of space:push. */
function mapsFromManifest(entries: ManifestEntry[], seed: Seed) {
  const storyUuid = new Map<string, string>();
  const byStoryId = new Map(entries.filter((e) => e.kind === "story").map((e) => [Number(e.old), e]));
  for (const story of seed.stories) {
    const entry = byStoryId.get(story.id);
    if (entry?.new_uuid) storyUuid.set(story.uuid, entry.new_uuid);
  }
  const assetById = new Map<number, { id: number; filename: string }>();
  const assetByUrl = new Map<string, string>();
  const seedUrl = new Map(seed.assets.map((a) => [a.sidecar.id, a.sidecar.filename]));
  for (const e of entries) {
    if (e.kind !== "asset" || !e.new_filename) continue;
    assetById.set(Number(e.old), { id: Number(e.new), filename: e.new_filename });
    const url = seedUrl.get(Number(e.old));
    if (url) assetByUrl.set(url, e.new_filename);
  }
  return refMaps(storyUuid, assetById, assetByUrl);
}

function refMaps(
  storyUuid: Map<string, string>,
  assetById: Map<number, { id: number; filename: string }>,
  assetByUrl: Map<string, string>,
) {
  return {
    story: (uuid: string) => storyUuid.get(uuid),
    asset: ({ id }: { id: unknown }) => (typeof id === "number" ? assetById.get(id) : undefined),
    assetUrl: (url: string) => assetByUrl.get(url),
  };
}

/** One line of the CLI's `stories/<space>/manifest.jsonl` or `assets/<space>/manifest.jsonl`. */
export interface CliManifestLine {
  old_id: string | number;
  new_id: string | number;
  old_filename?: string;
  new_filename?: string;
}

export interface PostPushUpdate {
  /** The story's id in the space. */
  id: number;
  name: string;
  slug: string;
  full_slug: string;
  content: unknown;
  publish: boolean;
}

/**
 * The post-push pass after Storyblok's CLI: `stories push` remaps story references in
 * multilinks, `options` fields and rich text, and asset objects by id, but not the single
 * `option` references (uuid strings: `model_line`, `driveaway_state_prices`) nor asset links
 * (a multilink or rich-text link to a file). From the CLI's two manifests this plans one update
 * per story that holds either, with every reference translated, published as the fixture is;
 * then one unpublished update per pending draft.
 */
export function planPostPush(seed: Seed, storyManifest: CliManifestLine[], assetManifest: CliManifestLine[]): PostPushUpdate[] {
  const stories = new Map<string | number, string | number>(storyManifest.map((l) => [l.old_id, l.new_id]));
  const storyUuid = new Map<string, string>();
  for (const [old, next] of stories) if (typeof old === "string" && typeof next === "string") storyUuid.set(old, next);
  const assetById = new Map<number, { id: number; filename: string }>();
  const assetByUrl = new Map<string, string>();
  for (const line of assetManifest) {
    if (typeof line.old_id !== "number" || typeof line.new_id !== "number" || !line.new_filename) continue;
    const filename = normalizeAssetUrl(line.new_filename);
    assetById.set(line.old_id, { id: line.new_id, filename });
    if (line.old_filename) assetByUrl.set(line.old_filename, filename);
  }
  const maps = refMaps(storyUuid, assetById, assetByUrl);
  const updates: PostPushUpdate[] = [];
  const target = (story: SeedStory) => {
    const id = stories.get(story.id);
    if (id === undefined) throw new Error(`post-push: ${story.full_slug} (id ${story.id}) is not in the stories manifest; did stories push create it?`);
    return Number(id);
  };
  for (const story of seed.stories) {
    if (story.is_folder) continue;
    const counts = emptyCounts();
    const content = rewriteRefs(story.content, maps, counts);
    if (counts.singleRelations === 0 && counts.assetLinks === 0) continue;
    updates.push({ id: target(story), name: story.name, slug: story.slug, full_slug: story.full_slug, content, publish: story.published });
  }
  for (const draft of seed.drafts) {
    const story = seed.stories.find((s) => s.uuid === draft.uuid);
    if (!story) continue;
    updates.push({
      id: target(story),
      name: story.name,
      slug: story.slug,
      full_slug: story.full_slug,
      content: rewriteRefs(draft.content, maps),
      publish: false,
    });
  }
  return updates;
}

/** Applies planPostPush's updates through the Management API (same client, same throttle). */
export async function runPostPush(
  o: Pick<PushOptions, "spaceId" | "token" | "tokenKind" | "region" | "baseUrl" | "rateLimit" | "log">,
  updates: PostPushUpdate[],
): Promise<void> {
  const client = makeClient(o);
  for (const update of updates) {
    await client.put(`/v1/spaces/${o.spaceId}/stories/${update.id}`, {
      body: { story: { name: update.name, slug: update.slug, content: update.content }, publish: update.publish ? 1 : 0 },
    } as never);
    o.log?.(`post-push: ${update.full_slug}${update.publish ? " (published)" : ""}`);
  }
}

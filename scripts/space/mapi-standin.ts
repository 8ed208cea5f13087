import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { isRecord } from "~/lib/object";
import { rewriteRefs } from "./seed-refs";
import type { MapiStoryFields } from "./seed-export";

/**
 * An in-process stand-in of the Storyblok Management API endpoints `npm run space:push` uses,
 * bound to 127.0.0.1, for tests. It keeps what a real space keeps and refuses what a real
 * space refuses where the push could get it wrong: an unknown token or space, a story under a
 * parent that is no folder, a taken slug, a second start page, a content type or group that was
 * not created first, a datasource entry without its datasource, an asset finished before its
 * file was posted to the signed upload URL. Its store can be written back as a content folder
 * (shared/CONTENT_MODEL.md section 1) the site runs on. See ADR 037 for what it leaves out.
 */

export interface StandinStory extends MapiStoryFields {
  content: Record<string, unknown> | null;
  /** The content as last published, or null when never published. */
  published_content: Record<string, unknown> | null;
  published_at: string | null;
  first_published_at: string | null;
  created_at: string;
  updated_at: string;
  position: number;
  tag_list: string[];
  default_root?: string;
  sort_by_date?: string | null;
}

export interface StandinAsset {
  id: number;
  short_filename: string;
  filename: string;
  content_type: string;
  bytes: Buffer | null;
  finished: boolean;
  alt: string | null;
  title: string | null;
  meta_data: Record<string, unknown>;
}

export interface StandinStore {
  groups: { id: number; uuid: string; name: string; parent_id: number | null; parent_uuid: string | null }[];
  components: (Record<string, unknown> & { id: number; name: string })[];
  datasources: { id: number; name: string; slug: string; dimensions: unknown[] }[];
  entries: { id: number; name: string; value: string; datasource_id: number; dimension_value: string | null }[];
  assets: StandinAsset[];
  stories: StandinStory[];
}

export interface StandinRequest {
  method: string;
  path: string;
  /** Milliseconds since the stand-in started. */
  at: number;
  status: number;
}

export interface MapiStandin {
  /** Base URL for the client's `baseUrl` (`http://127.0.0.1:<port>`). */
  url: string;
  spaceId: string;
  token: string;
  store: StandinStore;
  requests: StandinRequest[];
  /** Answer 503 to every Management API request after this many (to test resuming). */
  failAfter: number | null;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".svg": "image/svg+xml", ".webp": "image/webp",
  ".gif": "image/gif", ".mp4": "video/mp4", ".webm": "video/webm", ".pdf": "application/pdf", ".vtt": "text/vtt",
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

function page<T>(items: T[], url: URL): { items: T[]; headers: Record<string, string> } {
  const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 25) || 25, 1000);
  const pageNo = Math.max(Number(url.searchParams.get("page") ?? 1) || 1, 1);
  return {
    items: items.slice((pageNo - 1) * perPage, pageNo * perPage),
    headers: { Total: String(items.length), "Per-Page": String(perPage) },
  };
}

export async function startMapiStandin(options: { spaceId?: string; token?: string } = {}): Promise<MapiStandin> {
  const spaceId = options.spaceId ?? "4242";
  const token = options.token ?? `standin-${randomUUID()}`;
  const store: StandinStore = { groups: [], components: [], datasources: [], entries: [], assets: [], stories: [] };
  const requests: StandinRequest[] = [];
  const started = Date.now();
  let nextId = 1000;
  const newId = () => ++nextId;
  const uploads = new Map<string, number>();
  let base = "";
  seedBlankSpace(store, newId);

  const standin: MapiStandin = {
    url: "",
    spaceId,
    token,
    store,
    requests,
    failAfter: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const fullSlugOf = (parentId: number, slug: string, isStartpage: boolean): string => {
    if (parentId === 0) return slug;
    const parent = store.stories.find((s) => s.id === parentId);
    if (!parent) throw new HttpError(422, "parent not found");
    return isStartpage ? `${parent.full_slug}/` : `${parent.full_slug}/${slug}`;
  };

  const publicStory = (s: StandinStory) => {
    const { published_content: _published, ...rest } = s;
    return rest;
  };

  const publicAsset = (a: StandinAsset) => {
    const { bytes: _bytes, finished: _finished, ...rest } = a;
    return rest;
  };

  const applyStory = (story: StandinStory, input: Record<string, unknown>, publish: boolean) => {
    const now = new Date().toISOString();
    if (typeof input.name === "string") story.name = input.name;
    if (typeof input.position === "number") story.position = input.position;
    if (Array.isArray(input.tag_list)) story.tag_list = input.tag_list.filter((t): t is string => typeof t === "string");
    if (typeof input.default_root === "string") story.default_root = input.default_root;
    if (typeof input.first_published_at === "string") story.first_published_at = input.first_published_at;
    if (isRecord(input.content)) {
      if (story.is_folder) throw new HttpError(422, "a folder has no content");
      const component = input.content.component;
      if (typeof component !== "string" || !store.components.some((c) => c.name === component)) {
        throw new HttpError(422, `content type ${String(component)} is no component of this space`);
      }
      story.content = input.content;
      if (story.published) story.unpublished_changes = true;
    }
    story.updated_at = now;
    if (publish && !story.is_folder) {
      story.published_content = story.content;
      story.published = true;
      story.unpublished_changes = false;
      story.published_at = now;
      story.first_published_at ??= now;
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (url.pathname.startsWith("/s3-upload/")) {
      const assetId = uploads.get(url.pathname.slice("/s3-upload/".length));
      if (req.method !== "POST" || assetId === undefined) throw new HttpError(403, "no such signed upload");
      const body = await readBody(req);
      const form = await new Request("http://s3.local/", {
        method: "POST",
        headers: { "content-type": String(req.headers["content-type"] ?? "") },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get("file");
      const asset = store.assets.find((a) => a.id === assetId);
      if (!asset || !(file instanceof Blob) || form.get("key") !== `f/${spaceId}/${asset.id}/${asset.short_filename}`) {
        throw new HttpError(400, "the signed fields or the file are missing");
      }
      asset.bytes = Buffer.from(await file.arrayBuffer());
      res.writeHead(204).end();
      return;
    }

    const auth = String(req.headers.authorization ?? "");
    if (auth !== token && auth !== `Bearer ${token}`) throw new HttpError(401, "Unauthorized");
    const match = /^\/v1\/spaces\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (!match) throw new HttpError(404, "not found");
    if (match[1] !== spaceId) throw new HttpError(404, "space not found");
    if (standin.failAfter !== null && requests.filter((r) => r.path.startsWith("/v1/")).length > standin.failAfter) {
      throw new HttpError(503, "stand-in told to fail");
    }
    const route = match[2];
    const method = req.method ?? "GET";
    const raw = method === "GET" ? Buffer.alloc(0) : await readBody(req);
    const body = raw.length > 0 ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {};

    if (route === "component_groups" && method === "GET") return send(res, 200, { component_groups: store.groups });
    if (route === "component_groups" && method === "POST") {
      const input = isRecord(body.component_group) ? body.component_group : {};
      if (typeof input.name !== "string" || !input.name) throw new HttpError(422, "name is required");
      if (store.groups.some((g) => g.name === input.name)) throw new HttpError(422, "Name has already been taken");
      const group = { id: newId(), uuid: randomUUID(), name: input.name, parent_id: null, parent_uuid: null };
      store.groups.push(group);
      return send(res, 201, { component_group: group });
    }
    if (route === "components" && method === "GET") return send(res, 200, { components: store.components });
    if (route === "components" && method === "POST") {
      const input = isRecord(body.component) ? body.component : {};
      if (typeof input.name !== "string" || !input.name) throw new HttpError(422, "name is required");
      if (store.components.some((c) => c.name === input.name)) throw new HttpError(422, "Name has already been taken");
      const groupUuid = input.component_group_uuid;
      if (groupUuid != null && !store.groups.some((g) => g.uuid === groupUuid)) throw new HttpError(422, "component group not found");
      for (const field of Object.values(isRecord(input.schema) ? input.schema : {})) {
        const list = isRecord(field) ? field.component_group_whitelist : undefined;
        if (Array.isArray(list) && list.some((uuid) => !store.groups.some((g) => g.uuid === uuid))) {
          throw new HttpError(422, "component_group_whitelist names a group of another space");
        }
      }
      const component = { ...input, id: newId(), name: input.name };
      store.components.push(component);
      return send(res, 201, { component });
    }
    const componentRoute = /^components\/(\d+)$/.exec(route);
    if (componentRoute && method === "PUT") {
      const component = store.components.find((c) => c.id === Number(componentRoute[1]));
      if (!component) throw new HttpError(404, "component not found");
      const input = isRecord(body.component) ? body.component : {};
      if (typeof input.name === "string" && input.name !== component.name && store.components.some((c) => c.name === input.name)) {
        throw new HttpError(422, "Name has already been taken");
      }
      Object.assign(component, input, { id: component.id });
      return send(res, 200, { component });
    }
    if (route === "datasources" && method === "GET") return send(res, 200, { datasources: store.datasources });
    if (route === "datasources" && method === "POST") {
      const input = isRecord(body.datasource) ? body.datasource : {};
      if (typeof input.slug !== "string" || typeof input.name !== "string") throw new HttpError(422, "name and slug are required");
      if (store.datasources.some((d) => d.slug === input.slug)) throw new HttpError(422, "Slug has already been taken");
      const datasource = { id: newId(), name: input.name, slug: input.slug, dimensions: [] };
      store.datasources.push(datasource);
      return send(res, 201, { datasource });
    }
    if (route === "datasource_entries" && method === "GET") {
      const id = Number(url.searchParams.get("datasource_id"));
      return send(res, 200, { datasource_entries: store.entries.filter((e) => e.datasource_id === id) });
    }
    if (route === "datasource_entries" && method === "POST") {
      const input = isRecord(body.datasource_entry) ? body.datasource_entry : {};
      const datasourceId = Number(input.datasource_id);
      if (!store.datasources.some((d) => d.id === datasourceId)) throw new HttpError(422, "datasource not found");
      if (typeof input.name !== "string" || typeof input.value !== "string") throw new HttpError(422, "name and value are required");
      const entry = { id: newId(), name: input.name, value: input.value, datasource_id: datasourceId, dimension_value: null };
      store.entries.push(entry);
      return send(res, 201, { datasource_entry: entry });
    }

    if (route === "assets" && method === "GET") {
      const { items, headers } = page(store.assets.filter((a) => a.finished).map(publicAsset), url);
      return send(res, 200, { assets: items }, headers);
    }
    if (route === "assets" && method === "POST") {
      const filename = url.searchParams.get("filename") ?? (typeof body.filename === "string" ? body.filename : "");
      if (!filename || filename.includes("/")) throw new HttpError(422, "filename is required");
      const id = newId();
      const ext = path.extname(filename).toLowerCase();
      const hash = createHash("sha1").update(`${id}`).digest("hex").slice(0, 10);
      // The docs write `size` as `<width>X<height>` and `400x500`; the URL keeps it lower-case.
      const sizeInput = url.searchParams.get("size") ?? (typeof body.size === "string" ? body.size : "");
      const size = /^(\d+)[xX](\d+)$/.exec(sizeInput);
      if (sizeInput && !size) throw new HttpError(422, "size must be <width>x<height>");
      const asset: StandinAsset = {
        id,
        short_filename: filename,
        filename: `https://s3.amazonaws.com/a.storyblok.com/f/${spaceId}/${size ? `${size[1]}x${size[2]}/` : ""}${hash}/${filename}`,
        content_type: CONTENT_TYPES[ext] ?? "application/octet-stream",
        bytes: null,
        finished: false,
        alt: null,
        title: null,
        meta_data: {},
      };
      store.assets.push(asset);
      const signature = randomUUID();
      uploads.set(signature, id);
      return send(res, 200, {
        id,
        post_url: `${base}/s3-upload/${signature}`,
        pretty_url: asset.filename.replace("https://s3.amazonaws.com/", "//"),
        public_url: asset.filename,
        locked: false,
        meta_data: {},
        fields: {
          key: `f/${spaceId}/${id}/${filename}`,
          acl: "public-read",
          Expires: "Sun, 31 Dec 2099 00:00:00 GMT",
          "Cache-Control": "public; max-age=31536000",
          "Content-Type": asset.content_type,
          policy: "stand-in",
          "x-amz-credential": "stand-in",
          "x-amz-algorithm": "AWS4-HMAC-SHA256",
          "x-amz-date": "20991231T000000Z",
          "x-amz-signature": signature,
        },
      });
    }
    const assetRoute = /^assets\/(\d+)(\/finish_upload)?$/.exec(route);
    if (assetRoute) {
      const asset = store.assets.find((a) => a.id === Number(assetRoute[1]));
      if (!asset) throw new HttpError(404, "asset not found");
      if (assetRoute[2] && method === "GET") {
        if (!asset.bytes) throw new HttpError(422, "the file was not uploaded to the signed URL");
        asset.finished = true;
        return send(res, 200, publicAsset(asset));
      }
      if (method === "GET") return send(res, 200, publicAsset(asset));
      if (method === "PATCH" || method === "PUT") {
        const input = isRecord(body.asset) ? body.asset : {};
        if (typeof input.alt === "string") asset.alt = input.alt;
        if (typeof input.title === "string") asset.title = input.title;
        if (isRecord(input.meta_data)) asset.meta_data = input.meta_data;
        return send(res, 200, { asset: publicAsset(asset) });
      }
    }

    if (route === "stories" && method === "GET") {
      let list = store.stories;
      const withSlug = url.searchParams.get("with_slug");
      if (withSlug !== null) list = list.filter((s) => s.full_slug.replace(/\/$/, "") === withSlug.replace(/\/$/, ""));
      const { items, headers } = page(list.map(publicStory), url);
      return send(res, 200, { stories: items }, headers);
    }
    if (route === "stories" && method === "POST") {
      const input = isRecord(body.story) ? body.story : {};
      const slug = typeof input.slug === "string" ? input.slug : "";
      if (!/^[a-z0-9][a-z0-9._-]*$/.test(slug) || typeof input.name !== "string") throw new HttpError(422, "name and a valid slug are required");
      const parentId = Number(input.parent_id ?? 0);
      if (parentId !== 0 && !store.stories.some((s) => s.id === parentId && s.is_folder)) throw new HttpError(422, "parent_id is no folder of this space");
      const isFolder = input.is_folder === true;
      const isStartpage = input.is_startpage === true;
      if (isStartpage && (parentId === 0 || isFolder)) throw new HttpError(422, "a start page needs a parent folder");
      if (isStartpage && store.stories.some((s) => s.parent_id === parentId && s.is_startpage)) throw new HttpError(422, "the folder has a start page");
      if (!isStartpage && store.stories.some((s) => s.parent_id === parentId && s.slug === slug && !s.is_startpage)) {
        throw new HttpError(422, "Slug has already been taken");
      }
      const now = new Date().toISOString();
      const story: StandinStory = {
        id: newId(),
        uuid: randomUUID(),
        name: input.name,
        slug,
        full_slug: fullSlugOf(parentId, slug, isStartpage),
        parent_id: parentId,
        is_folder: isFolder,
        is_startpage: isStartpage,
        content: null,
        published_content: null,
        published: false,
        unpublished_changes: false,
        published_at: null,
        first_published_at: null,
        created_at: now,
        updated_at: now,
        position: 0,
        tag_list: [],
      };
      applyStory(story, input, Number(body.publish ?? 0) === 1 || body.publish === true);
      if (!isFolder && !story.content) throw new HttpError(422, "a story needs content with a content type");
      store.stories.push(story);
      return send(res, 201, { story: publicStory(story) });
    }
    const storyRoute = /^stories\/(\d+)$/.exec(route);
    if (storyRoute) {
      const story = store.stories.find((s) => s.id === Number(storyRoute[1]));
      if (!story) throw new HttpError(404, "story not found");
      if (method === "GET") return send(res, 200, { story: publicStory(story) });
      if (method === "PUT") {
        const input = isRecord(body.story) ? body.story : {};
        applyStory(story, input, Number(body.publish ?? 0) === 1 || body.publish === true);
        return send(res, 200, { story: publicStory(story) });
      }
    }
    throw new HttpError(404, `no route ${method} ${route}`);
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    const entry: StandinRequest = { method: req.method ?? "GET", path: url.pathname, at: Date.now() - started, status: 0 };
    requests.push(entry);
    handle(req, res, url).then(
      () => {
        entry.status = res.statusCode;
      },
      (error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        entry.status = status;
        if (!res.headersSent) send(res, status, { error: error instanceof Error ? error.message : String(error) });
        else res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standin.url = base;
  return standin;
}

/**
 * What a blank space holds before anything is pushed: the `page` content type with only a
 * `body` field, and a published `home` story of that type (Storyblok docs, Concepts: Blocks).
 */
export function seedBlankSpace(store: StandinStore, newId: () => number): void {
  store.components.push({
    id: newId(),
    name: "page",
    display_name: null,
    is_root: true,
    is_nestable: false,
    component_group_uuid: null,
    schema: { body: { type: "bloks", pos: 0 } },
  });
  const now = new Date().toISOString();
  const content = { component: "page", _uid: randomUUID(), body: [] };
  store.stories.push({
    id: newId(),
    uuid: randomUUID(),
    name: "Home",
    slug: "home",
    full_slug: "home",
    parent_id: 0,
    is_folder: false,
    is_startpage: false,
    content,
    published_content: content,
    published: true,
    unpublished_changes: false,
    published_at: now,
    first_published_at: now,
    created_at: now,
    updated_at: now,
    position: 0,
    tag_list: [],
  });
}

function normalise(url: string): string {
  return url.replace(/^https?:\/\/s3\.amazonaws\.com\//, "https://");
}

/**
 * Writes the stand-in's store as a content folder: what the CDN API of this space would return
 * for each story (published content, a pending draft under `draft`), its datasources and its
 * asset files, with the space's asset URLs turned back into the local `/media/<file>` route.
 */
export function writeBackContentFolder(store: StandinStore, outDir: string): void {
  const media = new Map<string, string>();
  for (const asset of store.assets) if (asset.finished) media.set(normalise(asset.filename), `/media/${asset.short_filename}`);
  const local = (content: unknown) =>
    rewriteRefs(content, {
      asset: ({ id, filename }) => {
        const file = media.get(normalise(filename));
        return file && typeof id === "number" ? { id, filename: file } : undefined;
      },
      assetUrl: (url) => media.get(normalise(url)),
    });

  for (const story of store.stories) {
    if (story.is_folder || !story.content) continue;
    const fullSlug = story.full_slug.replace(/\/$/, "");
    const published = story.published_content !== null;
    const file = story.is_startpage ? `${fullSlug}/index.json` : `${fullSlug}.json`;
    const cdn = {
      name: story.name,
      created_at: story.created_at,
      published_at: story.published_at,
      updated_at: story.updated_at,
      id: story.id,
      uuid: story.uuid,
      content: local(published ? story.published_content : story.content),
      slug: story.slug,
      full_slug: fullSlug,
      sort_by_date: story.sort_by_date ?? null,
      position: story.position,
      tag_list: story.tag_list,
      is_startpage: story.is_startpage,
      parent_id: story.parent_id,
      meta_data: null,
      group_id: story.uuid,
      first_published_at: story.first_published_at,
      release_id: null,
      lang: "default",
      path: null,
      alternates: [],
      default_full_slug: null,
      translated_slugs: null,
      ...(published && story.unpublished_changes ? { draft: { content: local(story.content) } } : {}),
    };
    const target = path.join(outDir, "stories", file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${JSON.stringify(cdn, null, 2)}\n`);
  }
  mkdirSync(path.join(outDir, "datasources"), { recursive: true });
  for (const ds of store.datasources) {
    const entries = store.entries
      .filter((e) => e.datasource_id === ds.id)
      .map((e) => ({ id: e.id, name: e.name, value: e.value, dimension_value: e.dimension_value }));
    writeFileSync(path.join(outDir, "datasources", `${ds.slug}.json`), `${JSON.stringify(entries, null, 2)}\n`);
  }
  mkdirSync(path.join(outDir, "assets"), { recursive: true });
  for (const asset of store.assets) {
    if (asset.finished && asset.bytes) writeFileSync(path.join(outDir, "assets", asset.short_filename), asset.bytes);
  }
}

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runContentCheck } from "../../../scripts/content-check-lib";
import { makeClient, planPostPush, pushSpace, readManifest, runPostPush, type CliManifestLine } from "../../../scripts/space/mapi-push";
import { startMapiStandin, writeBackContentFolder, type MapiStandin } from "../../../scripts/space/mapi-standin";
import { buildSpaceSchema } from "../../../scripts/space/schema";
import { ALLOWED_UNKNOWN_BLOK_STORIES } from "~/content/check";
import { buildSeed, type Seed } from "../../../scripts/space/seed-export";
import { readFixtureSet, readSeed, writeSeed } from "../../../scripts/space/seed-files";

/**
 * `npm run space:push` against the in-process Management API stand-in: the whole fixture
 * content goes in through the real @storyblok/management-api-client, comes back out as a
 * content folder, and the site's own content check passes on it.
 */

const schema = buildSpaceSchema("seed");
let dir: string;
let seed: Seed;
let assetBytes: (file: string) => Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "space-push-"));
  writeSeed(dir, buildSeed(await readFixtureSet("content-fixtures"), { exclude: ALLOWED_UNKNOWN_BLOK_STORIES }), "content-fixtures", { components: schema.components, groups: schema.groups });
  ({ seed, assetBytes } = readSeed(dir));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (slug: string) =>
  JSON.parse(readFileSync(path.join("content-fixtures/stories", `${slug}.json`), "utf8")) as Record<string, unknown> & {
    content: Record<string, unknown>;
  };

describe("space:push into the Management API stand-in, written back as a content folder", () => {
  let standin: MapiStandin;
  let out: string;
  beforeAll(async () => {
    standin = await startMapiStandin();
    await pushSpace({
      spaceId: standin.spaceId,
      token: standin.token,
      baseUrl: standin.url,
      rateLimit: false,
      manifestFile: path.join(dir, "push", "full", "manifest.jsonl"),
      seed,
      schema: { components: schema.components, groups: schema.groups },
      assetBytes,
    });
    await standin.close();
    out = path.join(dir, "written-back");
    writeBackContentFolder(standin.store, out);
  }, 240_000);

  it("creates the groups, components, datasource entries, assets, folders and stories", () => {
    const { store } = standin;
    expect(store.groups.map((g) => g.name).sort()).toEqual(schema.groups.map((g) => (g as { name: string }).name).sort());
    expect(store.components).toHaveLength(schema.components.length);
    expect(store.entries.map((e) => e.value).sort()).toEqual(
      (JSON.parse(readFileSync("content-fixtures/datasources/news-categories.json", "utf8")) as { value: string }[]).map((e) => e.value).sort(),
    );
    expect(store.assets.filter((a) => a.finished)).toHaveLength(seed.assets.length);
    // As many folders and stories as the seed holds, whatever the fixtures number.
    expect(store.stories.filter((s) => s.is_folder)).toHaveLength(seed.stories.filter((s) => s.is_folder).length);
    expect(store.stories.filter((s) => !s.is_folder)).toHaveLength(seed.stories.filter((s) => !s.is_folder).length);
    // Every asset went through the signed upload: create, POST the file, finish.
    expect(standin.requests.filter((r) => r.path.startsWith("/s3-upload/") && r.status === 204)).toHaveLength(seed.assets.length);
  });

  it("passes the site's content check (schemas, relations, links, assets)", async () => {
    const { result } = await runContentCheck(out);
    expect(result.errors).toEqual([]);
    expect(result.missingAssets).toEqual([]);
    expect(result.stats.stories).toBe(seed.stories.filter((s) => !s.is_folder).length);
    expect(result.stats.mediaReferences).toBeGreaterThan(600);
  }, 60_000);

  it("translates single story references to the space's new uuids", () => {
    const original = fixture("car-configurator/models/kordan/au/sr5");
    const pushed = JSON.parse(readFileSync(path.join(out, "stories/car-configurator/models/kordan/au/sr5.json"), "utf8"));
    const line = standin.store.stories.find((s) => s.full_slug === "car-configurator/models/kordan/");
    expect(pushed.content.model_line).toBe(line?.uuid);
    expect(pushed.content.model_line).not.toBe(original.content.model_line);
    const price = standin.store.stories.find((s) => s.uuid === pushed.content.driveaway_state_prices);
    expect(price?.full_slug).toMatch(/^vehicle-prices\/kordan-sr5/);
  });

  it("keeps start pages, publish state, first publish dates and pending drafts", () => {
    const finance = JSON.parse(readFileSync(path.join(out, "stories/finance/index.json"), "utf8"));
    expect(finance).toMatchObject({ is_startpage: true, full_slug: "finance" });
    const never = JSON.parse(readFileSync(path.join(out, "stories/news/tarrak-my27-update.json"), "utf8"));
    expect(never.published_at).toBeNull();
    const drafted = JSON.parse(readFileSync(path.join(out, "stories/news/dealer-network-expands.json"), "utf8"));
    const original = fixture("news/dealer-network-expands") as { content: { title: string }; draft: { content: { title: string } }; first_published_at: string };
    expect(drafted.content.title).toBe(original.content.title);
    expect(drafted.draft.content.title).toBe(original.draft.content.title);
    expect(drafted.first_published_at).toBe(original.first_published_at);
  });

  it("uploads each image with its size, so its URL carries `/<w>x<h>/` as Storyblok's do", async () => {
    const uploads = standin.store.assets.filter((a) => a.finished && /\.(jpe?g|png)$/i.test(a.short_filename));
    expect(uploads.length).toBeGreaterThan(200);
    for (const asset of uploads) {
      const meta = await sharp(path.join("content-fixtures/assets", asset.short_filename)).metadata();
      expect(asset.filename, asset.short_filename).toMatch(new RegExp(`/f/${standin.spaceId}/${meta.width}x${meta.height}/[0-9a-f]{10}/`));
    }
    const pdf = standin.store.assets.find((a) => a.short_filename === "kestrel-brochure.pdf");
    expect(pdf?.filename).toMatch(new RegExp(`/f/${standin.spaceId}/[0-9a-f]{10}/kestrel-brochure\\.pdf$`));
  });

  it("serves every file under its own name with the bytes it was pushed with", () => {
    const asset = seed.assets.find((a) => a.file === "kestrel-brochure.pdf");
    expect(asset).toBeDefined();
    expect(readFileSync(path.join(out, "assets/kestrel-brochure.pdf")).equals(readFileSync("content-fixtures/assets/kestrel-brochure.pdf"))).toBe(true);
  });
});

describe("space:push resumes from its manifest", () => {
  it("after a failure part-way, a rerun creates only what is missing and nothing twice", async () => {
    const standin = await startMapiStandin();
    const manifestFile = path.join(dir, "push", "resume", "manifest.jsonl");
    const small: Seed = {
      ...seed,
      assets: seed.assets.slice(0, 3),
      stories: seed.stories.filter((s) => s.full_slug === "price-disclaimers" || s.full_slug.startsWith("price-disclaimers/")),
      drafts: [],
    };
    const options = {
      spaceId: standin.spaceId,
      token: standin.token,
      baseUrl: standin.url,
      rateLimit: false as const,
      manifestFile,
      seed: small,
      schema: { components: schema.components, groups: schema.groups },
      assetBytes,
    };
    try {
      standin.failAfter = schema.groups.length + schema.components.length + 12;
      await expect(pushSpace(options)).rejects.toThrow();
      const before = readManifest(manifestFile).length;
      expect(before).toBeGreaterThan(0);
      standin.failAfter = null;
      const summary = await pushSpace(options);
      expect(summary.created.component).toBe(0);
      expect(standin.store.components).toHaveLength(schema.components.length);
      // Plus the `home` story every new space starts with.
      expect(standin.store.stories).toHaveLength(small.stories.length + 1);
      expect(standin.store.assets.filter((a) => a.finished)).toHaveLength(3);
      expect(new Set(standin.store.stories.map((s) => s.full_slug)).size).toBe(small.stories.length + 1);
      // A third run has nothing left to do.
      const posts = standin.requests.filter((r) => r.method === "POST").length;
      const again = await pushSpace(options);
      expect(Object.values(again.created).every((n) => n === 0)).toBe(true);
      expect(standin.requests.filter((r) => r.method === "POST").length).toBe(posts);
    } finally {
      await standin.close();
    }
  }, 60_000);

  it("refuses a wrong token before creating anything", async () => {
    const standin = await startMapiStandin();
    const blank = standin.store.groups.length + standin.store.components.length + standin.store.stories.length;
    try {
      await expect(
        pushSpace({
          spaceId: standin.spaceId,
          token: "not-the-token",
          baseUrl: standin.url,
          rateLimit: false,
          manifestFile: path.join(dir, "push", "denied", "manifest.jsonl"),
          seed,
          schema: { components: schema.components, groups: schema.groups },
          assetBytes,
        }),
      ).rejects.toThrow();
      expect(standin.store.groups.length + standin.store.components.length + standin.store.stories.length).toBe(blank);
    } finally {
      await standin.close();
    }
  });
});

describe("space:push into a blank space", () => {
  const pageSchema = () => schema.components.find((c) => (c as { name: string }).name === "page") as { schema: Record<string, unknown> };

  it("starts as a new space does: a `page` with only `body`, and a published `home` of it", async () => {
    const standin = await startMapiStandin();
    await standin.close();
    expect(standin.store.components.map((c) => [c.name, Object.keys(c.schema as object)])).toEqual([["page", ["body"]]]);
    expect(standin.store.stories.map((s) => [s.full_slug, s.published, (s.content as { component: string }).component])).toEqual([["home", true, "page"]]);
  });

  it("updates the space's default `page` to ours on the first run, and a changed block on a later one", async () => {
    const standin = await startMapiStandin();
    const options = {
      spaceId: standin.spaceId,
      token: standin.token,
      baseUrl: standin.url,
      rateLimit: false as const,
      manifestFile: path.join(dir, "push", "blank", "manifest.jsonl"),
      seed: { ...seed, assets: [], stories: [], drafts: [], datasources: [] },
      schema: { components: schema.components, groups: schema.groups },
      assetBytes,
    };
    try {
      const first = await pushSpace(options);
      const page = () => standin.store.components.find((c) => c.name === "page") as unknown as { schema: Record<string, unknown> };
      expect(first.updated.component).toBe(1);
      expect(Object.keys(page().schema).sort()).toEqual(Object.keys(pageSchema().schema).sort());
      expect(standin.store.components).toHaveLength(schema.components.length);

      // Unchanged: nothing is sent again.
      const puts = () => standin.requests.filter((r) => r.method === "PUT" && r.path.includes("/components/")).length;
      const before = puts();
      expect((await pushSpace(options)).updated.component).toBe(0);
      expect(puts()).toBe(before);

      // Someone changed a field in the space (or ours changed): the next run puts ours back.
      const [field] = Object.keys(page().schema).filter((f) => f !== "body");
      page().schema[field] = { type: "text", pos: 99 };
      const again = await pushSpace(options);
      expect(again.updated.component).toBe(1);
      expect(page().schema[field]).toEqual(pageSchema().schema[field]);
    } finally {
      await standin.close();
    }
  }, 60_000);
});

describe("space:push stays under the Management API's rate limit", () => {
  it("lets at most 3 requests start in any one second by default, and at most 6 when told", async () => {
    const standin = await startMapiStandin();
    try {
      for (const rate of [undefined, 6] as const) {
        const limit = rate ?? 3;
        const client = makeClient({ spaceId: standin.spaceId, token: standin.token, baseUrl: standin.url, ...(rate ? { rateLimit: rate } : {}) });
        const from = standin.requests.length;
        // Fired all at once, as a burst would be: only the throttle spaces them out.
        const count = limit * 2 + 1;
        await Promise.all(Array.from({ length: count }, () => client.get(`/v1/spaces/${standin.spaceId}/components`, {} as never)));
        const times = standin.requests.slice(from).map((r) => r.at);
        expect(times).toHaveLength(count);
        // Request k may start no sooner than floor(k / limit) seconds after the first; measured
        // at the stand-in, so a quarter second of slack for a busy event loop (unthrottled,
        // they all arrive within some tens of milliseconds).
        expect(times[times.length - 1] - times[0]).toBeGreaterThanOrEqual(2000 - 250);
        expect(times[limit - 1] - times[0]).toBeLessThan(1000);
      }
    } finally {
      await standin.close();
    }
  }, 30_000);
});

describe("the pass after Storyblok's CLI (npm run space:push -- --after-cli)", () => {
  it("plans an update for each story with a single reference or an asset link, translated by the CLI's manifests", () => {
    // The CLI's manifests: every seed story and asset created anew.
    const storyManifest: CliManifestLine[] = seed.stories.flatMap((s, i) => [
      { old_id: s.uuid, new_id: `new-${s.uuid}` },
      { old_id: s.id, new_id: 9_000_000 + i },
    ]);
    const assetManifest: CliManifestLine[] = seed.assets.map((a, i) => ({
      old_id: a.sidecar.id,
      new_id: 7_000_000 + i,
      old_filename: a.sidecar.filename,
      new_filename: `https://s3.amazonaws.com/a-ap.storyblok.com/f/99/${i}/${a.file}`,
    }));
    const updates = planPostPush(seed, storyManifest, assetManifest);

    const model = seed.stories.find((s) => s.full_slug === "car-configurator/models/kordan/au/sr5");
    const update = updates.find((u) => u.full_slug === "car-configurator/models/kordan/au/sr5");
    const original = model?.content as { model_line: string; driveaway_state_prices: string };
    expect(update?.content).toMatchObject({
      model_line: `new-${original.model_line}`,
      driveaway_state_prices: `new-${original.driveaway_state_prices}`,
    });
    expect(update?.publish).toBe(true);
    expect(update?.id).toBe(9_000_000 + seed.stories.indexOf(model as never));

    const heroes = updates.find((u) => u.full_slug === "blocks/heroes");
    expect(JSON.stringify(heroes?.content)).toContain("https://a-ap.storyblok.com/f/99/");
    expect(JSON.stringify(heroes?.content)).not.toContain("a.storyblok.com/f/seed/");

    // Stories with neither are the CLI's own work and are left alone.
    expect(updates.some((u) => u.full_slug === "price-disclaimers/au-abn")).toBe(false);
    const draft = updates.filter((u) => u.full_slug === "news/dealer-network-expands");
    expect(draft.at(-1)?.publish).toBe(false);
  });

  it("puts the translated references into the space, published as before (run against the stand-in)", async () => {
    const standin = await startMapiStandin();
    const small: Seed = {
      ...seed,
      assets: [],
      drafts: [],
      stories: seed.stories.filter(
        (s) =>
          ["car-configurator", "car-configurator/models", "vehicle-prices"].includes(s.full_slug) ||
          s.full_slug === "car-configurator/models/kordan" ||
          s.full_slug.startsWith("car-configurator/models/kordan/au") ||
          /^vehicle-prices\/kordan-/.test(s.full_slug),
      ),
    };
    const connection = { spaceId: standin.spaceId, token: standin.token, baseUrl: standin.url, rateLimit: false as const };
    try {
      const manifestFile = path.join(dir, "push", "after-cli", "manifest.jsonl");
      await pushSpace({ ...connection, manifestFile, seed: small, schema: { components: schema.components, groups: schema.groups }, assetBytes });
      // What the CLI leaves behind: the single references still hold the seed's uuids.
      const model = standin.store.stories.find((s) => s.full_slug === "car-configurator/models/kordan/au/sr5");
      const seedModel = small.stories.find((s) => s.full_slug === "car-configurator/models/kordan/au/sr5");
      const stale = { ...(model?.content ?? {}), model_line: (seedModel?.content as { model_line: string }).model_line };
      if (model) model.content = model.published_content = stale;
      const cliManifest: CliManifestLine[] = readManifest(manifestFile)
        .filter((e) => e.kind === "story")
        .flatMap((e) => [
          { old_id: small.stories.find((s) => s.id === e.old)?.uuid ?? "", new_id: e.new_uuid ?? "" },
          { old_id: Number(e.old), new_id: Number(e.new) },
        ]);
      await runPostPush(connection, planPostPush(small, cliManifest, []));
      const line = standin.store.stories.find((s) => s.full_slug === "car-configurator/models/kordan/");
      expect(model?.published_content?.model_line).toBe(line?.uuid);
      expect(model?.unpublished_changes).toBe(false);
      expect(standin.requests.filter((r) => r.method === "PUT" && r.status === 200).length).toBeGreaterThan(small.stories.filter((s) => !s.is_folder).length);
    } finally {
      await standin.close();
    }
  }, 60_000);
});

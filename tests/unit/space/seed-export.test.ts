import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLOWED_UNKNOWN_BLOK_STORIES } from "~/content/check";
import { buildSeed, checkSeed, cliPreflight, fileOfSeedUrl, type Seed } from "../../../scripts/space/seed-export";
import { readFixtureSet, writeSeed } from "../../../scripts/space/seed-files";
import { assetsIn, storyUuidsIn } from "../../../scripts/space/seed-refs";
import { buildSpaceSchema, validateFixtureStory } from "../../../scripts/space/schema";

const fixtures = await readFixtureSet("content-fixtures");
const seed = buildSeed(fixtures, { exclude: ALLOWED_UNKNOWN_BLOK_STORIES });
const bySlug = (slug: string, folder = false) => seed.stories.find((s) => s.full_slug === slug && s.is_folder === folder);
// What the content holds, worked out from the fixture files: adding a story changes no assertion.
const kept = fixtures.stories.filter(({ story }) => !ALLOWED_UNKNOWN_BLOK_STORIES.includes(String(story.full_slug)));
const foldersAbove = new Set(
  kept.flatMap(({ story }) => {
    const parts = String(story.full_slug).split("/");
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join("/"));
  }),
);

describe("space:export: the story tree as Storyblok folders and stories", () => {
  it("synthesises the folders the tree needs and keeps every story but the deliberate unknown-block one", () => {
    expect(kept.length).toBe(fixtures.stories.length - 1);
    expect(seed.stories.filter((s) => !s.is_folder).map((s) => s.full_slug).sort()).toEqual(kept.map(({ story }) => String(story.full_slug)).sort());
    expect(seed.skippedStories).toEqual(["test/unknown-block"]);
    expect(seed.stories.filter((s) => s.is_folder).map((s) => s.full_slug).sort()).toEqual([...foldersAbove].sort());
    for (const folder of ["car-configurator", "car-configurator/models/kordan/au", "global", "news", "owners-club", "vehicle-prices"]) {
      expect(bySlug(folder, true), folder).toBeDefined();
    }
  });

  it("gives every story a parent_id that names the folder above it (the fixtures' ids named none)", () => {
    const folders = new Map(seed.stories.filter((s) => s.is_folder).map((s) => [s.id, s.full_slug]));
    const contact = bySlug("finance/contact");
    expect(folders.get(contact?.parent_id ?? -1)).toBe("finance");
    const model = seed.stories.find((s) => s.full_slug.startsWith("car-configurator/models/kordan/au/"));
    expect(folders.get(model?.parent_id ?? -1)).toBe("car-configurator/models/kordan/au");
    expect(bySlug("home")?.parent_id).toBe(0);
    expect(bySlug("car-configurator/models/kordan/au", true)?.parent_id).toBe(bySlug("car-configurator/models/kordan", true)?.id);
  });

  it("makes the stories that share a full_slug with a folder that folder's start page", () => {
    const startpages = seed.stories.filter((s) => s.is_startpage).map((s) => s.full_slug).sort();
    expect(startpages).toEqual([
      "car-configurator/models/corvale",
      "car-configurator/models/kordan",
      "car-configurator/models/mirra",
      "car-configurator/models/solenne",
      "car-configurator/models/tarrak",
      "finance",
      "news",
      "owners-club/events",
    ]);
    const finance = bySlug("finance");
    expect(finance?.parent_id).toBe(bySlug("finance", true)?.id);
    expect(finance?.slug).toBe("finance");
    expect(bySlug("car-configurator/models/kordan")?.content).toMatchObject({ component: "model-line" });
  });

  it("keeps published, never-published and pending-draft state", () => {
    expect(bySlug("news/tarrak-my27-update")).toMatchObject({ published: false, unpublished_changes: false });
    expect(bySlug("home")).toMatchObject({ published: true, unpublished_changes: false });
    const drafted = bySlug("news/dealer-network-expands");
    expect(drafted?.published).toBe(true);
    const draft = seed.drafts.find((d) => d.uuid === drafted?.uuid);
    const fixture = fixtures.stories.find((f) => f.story.full_slug === "news/dealer-network-expands")?.story as { draft: { content: { title?: string } } };
    expect((draft?.content as { title?: string }).title).toBe(fixture.draft.content.title);
    expect(drafted).not.toHaveProperty("draft");
  });

  it("is the same on every export (ids and uuids derive from paths)", async () => {
    const again = buildSeed(await readFixtureSet("content-fixtures"), { exclude: ALLOWED_UNKNOWN_BLOK_STORIES });
    expect(again.stories.map((s) => [s.id, s.uuid, s.parent_id])).toEqual(seed.stories.map((s) => [s.id, s.uuid, s.parent_id]));
    expect(again.assets.map((a) => a.sidecar.id)).toEqual(seed.assets.map((a) => a.sidecar.id));
  });
});

describe("space:export: one asset id per file, every reference rewritten", () => {
  it("references each file by one id, where the fixtures used several or none", () => {
    const idsPerFile = new Map<string, Set<unknown>>();
    for (const story of seed.stories) {
      for (const { id, filename } of assetsIn(story.content).objects) {
        const file = fileOfSeedUrl(filename);
        if (!file) continue;
        const ids = idsPerFile.get(file) ?? new Set();
        ids.add(id);
        idsPerFile.set(file, ids);
      }
    }
    expect(idsPerFile.size).toBeGreaterThan(200);
    for (const [file, ids] of idsPerFile) expect([...ids], file).toEqual([seed.assets.find((a) => a.file === file)?.sidecar.id]);
  });

  it("rewrites the /media/ strings outside asset objects (asset links in multilinks and rich text)", () => {
    const all = JSON.stringify(seed.stories.map((s) => s.content)) + JSON.stringify(seed.drafts);
    expect(all).not.toContain('"/media/');
    const heroes = bySlug("blocks/heroes");
    const urls = assetsIn(heroes?.content).urls;
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((u) => fileOfSeedUrl(u) !== undefined)).toBe(true);
  });

  it("gives every raster image a Storyblok-shaped URL with its size, as the CLI reads it for the upload", async () => {
    const images = seed.assets.filter((a) => /\.(jpe?g|png)$/i.test(a.file));
    expect(images.length).toBeGreaterThan(200);
    for (const asset of images) {
      const meta = await sharp(path.join("content-fixtures/assets", asset.file)).metadata();
      // The CLI's extractAssetSizeFromFilename: the one `<w>x<h>` path segment.
      const segment = new URL(asset.sidecar.filename).pathname.split("/").find((p) => /^\d+x\d+$/.test(p));
      expect(segment, asset.file).toBe(`${meta.width}x${meta.height}`);
    }
    const pdf = seed.assets.find((a) => a.file === "kestrel-brochure.pdf");
    expect(pdf?.sidecar.filename).not.toMatch(/\/\d+x\d+\//);
  });

  it("leaves out only files the CLI's asset push cannot take, and says so", () => {
    expect(seed.skippedFiles.sort()).toEqual(["dealers.csv", "pma.csv", "postcodes.csv"]);
  });
});

describe("space:export: structural invariants of the written seed", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "seed-export-"));
    writeSeed(dir, seed, "content-fixtures", { components: [], groups: [] });
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes one story file per story and folder, named <slug>_<uuid>.json as the CLI names them", () => {
    const files = readdirSync(path.join(dir, "stories/seed"));
    expect(files).toHaveLength(seed.stories.length);
    const folder = JSON.parse(readFileSync(path.join(dir, "stories/seed", `news_${bySlug("news", true)?.uuid}.json`), "utf8"));
    expect(folder).toMatchObject({ is_folder: true, full_slug: "news", parent_id: 0 });
  });

  it("every parent_id names an exported folder; every story uuid referenced names an exported story", () => {
    expect(checkSeed(seed)).toEqual([]);
    const uuids = new Set(seed.stories.map((s) => s.uuid));
    let refs = 0;
    for (const story of seed.stories) {
      for (const uuid of storyUuidsIn(story.content)) {
        refs++;
        expect(uuids.has(uuid), `${story.full_slug} -> ${uuid}`).toBe(true);
      }
    }
    expect(refs).toBeGreaterThan(500);
  });

  it("every asset id has a sidecar and a file beside it, the sidecar named as the CLI looks it up", () => {
    const assetDir = path.join(dir, "assets/seed");
    const referenced = new Set<number>();
    for (const story of seed.stories) for (const { id } of assetsIn(story.content).objects) if (typeof id === "number") referenced.add(id);
    for (const id of referenced) {
      const asset = seed.assets.find((a) => a.sidecar.id === id);
      expect(asset, String(id)).toBeDefined();
      if (!asset) continue;
      // The CLI reads <stem>.json beside <stem><ext> (assets/utils.ts getSidecarFilename).
      expect(asset.sidecarFile).toBe(asset.seedFile.replace(/\.[^.]+$/, ".json"));
      const sidecar = JSON.parse(readFileSync(path.join(assetDir, asset.sidecarFile), "utf8"));
      expect(sidecar).toMatchObject({ id, short_filename: asset.file });
      const same = readFileSync(path.join(assetDir, asset.seedFile)).equals(readFileSync(path.join("content-fixtures/assets", asset.file)));
      expect(same, asset.file).toBe(true);
    }
    expect(existsSync(path.join(dir, "datasources/seed/datasources.json"))).toBe(true);
  });
});

describe("space:export: Storyblok's own validator accepts the seed", () => {
  it("every exported story and pending draft passes validateStory() with no issue at all", () => {
    const schema = buildSpaceSchema("seed");
    const problems: string[] = [];
    const stories = seed.stories.filter((s) => !s.is_folder);
    for (const story of stories) {
      const draft = seed.drafts.find((d) => d.uuid === story.uuid);
      const issues = validateFixtureStory(draft ? { ...story, draft: { content: draft.content } } : story, schema);
      for (const issue of issues) problems.push(`${story.full_slug}: ${JSON.stringify(issue)}`);
    }
    expect(stories).toHaveLength(kept.length);
    expect(problems).toEqual([]);
  });

  it("passes the checks the CLI's stories push makes before its first request", () => {
    const components = buildSpaceSchema("seed").components;
    expect(cliPreflight(seed.stories, components)).toEqual([]);
    // With the unknown-block fixture the CLI would abort the whole push.
    const all = buildSeed(fixtures);
    expect(cliPreflight(all.stories, components)).toEqual(["test/unknown-block: component legacy-promo-strip is not in components.json"]);
  });

  it("rejects a story whose rewritten asset is not an asset object (the validator is not a no-op)", () => {
    const schema = buildSpaceSchema("seed");
    const home = structuredClone(seed.stories.find((s) => s.full_slug === "home"));
    (home?.content as Record<string, unknown>).meta_image = 42;
    expect(validateFixtureStory(home, schema).length).toBeGreaterThan(0);
  });
});

describe("checkSeed: catches what would break a push", () => {
  const mutate = (fn: (s: Seed) => void): Seed => {
    const copy = structuredClone(seed);
    fn(copy);
    return copy;
  };

  it("reports a parent_id that names no folder", () => {
    const broken = mutate((s) => {
      const story = s.stories.find((x) => x.full_slug === "finance/contact");
      if (story) story.parent_id = 12345;
    });
    expect(checkSeed(broken).join("\n")).toMatch(/finance\/contact.*parent_id 12345/);
  });

  it("reports a story reference to a story that is not exported", () => {
    const broken = mutate((s) => {
      const story = s.stories.find((x) => x.full_slug.startsWith("car-configurator/models/kordan/au/"));
      if (story) (story.content as Record<string, unknown>).model_line = "00000000-0000-4000-8000-000000000000";
    });
    expect(checkSeed(broken).join("\n")).toMatch(/00000000-0000-4000-8000-000000000000 names no exported story/);
  });

  it("reports a /media/ string left in the content and an asset id with no sidecar", () => {
    const broken = mutate((s) => {
      const home = s.stories.find((x) => x.full_slug === "home");
      if (home) (home.content as Record<string, unknown>).meta_image = { id: 1, fieldtype: "asset", filename: "/media/hero-h6.jpg" };
      s.assets = s.assets.slice(1);
    });
    const report = checkSeed(broken).join("\n");
    expect(report).toMatch(/home.*asset \/media\/hero-h6.jpg was not rewritten/);
    expect(report).toMatch(/no matching sidecar/);
  });
});

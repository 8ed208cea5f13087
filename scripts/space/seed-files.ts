import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, copyFileSync } from "node:fs";
import path from "node:path";
import { listFiles } from "../content-check-lib";
import { imageSize } from "./image-size";
import type { FixtureSet, Seed } from "./seed-export";

/** File I/O of the seed export: reading a content folder, writing the CLI's seed layout. */

export const SEED_SPACE = "seed";

/** A content folder (CONTENT_MODEL.md section 1) as the export's input, image sizes read with sharp. */
export async function readFixtureSet(contentDir: string): Promise<FixtureSet> {
  const storiesDir = path.join(contentDir, "stories");
  const stories = listFiles(storiesDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ path: f, story: JSON.parse(readFileSync(path.join(storiesDir, f), "utf8")) as Record<string, unknown> }));
  const dsDir = path.join(contentDir, "datasources");
  const datasources: FixtureSet["datasources"] = Object.fromEntries(
    listFiles(dsDir)
      .filter((f) => f.endsWith(".json") && !f.includes("/"))
      .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(path.join(dsDir, f), "utf8"))]),
  );
  const manifestPath = path.join(contentDir, "assets.manifest.json");
  const assetTitles: Record<string, string> = {};
  if (existsSync(manifestPath)) {
    for (const entry of JSON.parse(readFileSync(manifestPath, "utf8")) as { file?: string; title?: string }[]) {
      if (entry.file && entry.title) assetTitles[entry.file] = entry.title;
    }
  }
  const assetFiles = listFiles(path.join(contentDir, "assets"));
  const assetSizes: Record<string, { width: number; height: number }> = {};
  for (const file of assetFiles) {
    const size = await imageSize(file, path.join(contentDir, "assets", file));
    if (size) assetSizes[file] = size;
  }
  return { stories, datasources, assetFiles, assetTitles, assetSizes };
}

export interface SpaceSchemaFiles {
  components: unknown[];
  groups: unknown[];
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Writes the seed under `outDir` in the CLI's layout: stories/seed/<slug>_<uuid>.json,
 * assets/seed/<stem>_<id><ext> + <stem>_<id>.json, datasources/seed/datasources.json,
 * components/seed/{components,groups}.json (when given) and post-push/drafts.json.
 */
export function writeSeed(outDir: string, seed: Seed, contentDir: string, schema?: SpaceSchemaFiles): void {
  for (const story of seed.stories) writeJson(path.join(outDir, "stories", SEED_SPACE, `${story.slug}_${story.uuid}.json`), story);
  const assetsDir = path.join(outDir, "assets", SEED_SPACE);
  mkdirSync(assetsDir, { recursive: true });
  for (const asset of seed.assets) {
    copyFileSync(path.join(contentDir, "assets", asset.file), path.join(assetsDir, asset.seedFile));
    writeJson(path.join(assetsDir, asset.sidecarFile), asset.sidecar);
  }
  writeJson(path.join(outDir, "datasources", SEED_SPACE, "datasources.json"), seed.datasources);
  if (schema) {
    writeJson(path.join(outDir, "components", SEED_SPACE, "components.json"), schema.components);
    writeJson(path.join(outDir, "components", SEED_SPACE, "groups.json"), schema.groups);
  }
  writeJson(path.join(outDir, "post-push", "drafts.json"), seed.drafts);
}

/** Reads back what writeSeed wrote (the push's input). */
export function readSeed(outDir: string): { seed: Seed; schema?: SpaceSchemaFiles; assetBytes: (file: string) => Buffer } {
  const storiesDir = path.join(outDir, "stories", SEED_SPACE);
  const stories = readdirSync(storiesDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(storiesDir, f), "utf8")) as Seed["stories"][number]);
  const assetsDir = path.join(outDir, "assets", SEED_SPACE);
  const names = existsSync(assetsDir) ? readdirSync(assetsDir).sort() : [];
  const assets: Seed["assets"] = [];
  for (const name of names) {
    if (name.endsWith(".json") && name !== "manifest.jsonl") {
      const sidecar = JSON.parse(readFileSync(path.join(assetsDir, name), "utf8")) as Seed["assets"][number]["sidecar"];
      const stem = name.slice(0, -".json".length);
      const seedFile = names.find((n) => n !== name && n.startsWith(`${stem}.`) && !n.endsWith(".json"));
      if (!seedFile) throw new Error(`seed: sidecar ${name} has no file beside it`);
      assets.push({ file: sidecar.short_filename, seedFile, sidecarFile: name, sidecar });
    }
  }
  const ds = path.join(outDir, "datasources", SEED_SPACE, "datasources.json");
  const componentsFile = path.join(outDir, "components", SEED_SPACE, "components.json");
  const groupsFile = path.join(outDir, "components", SEED_SPACE, "groups.json");
  const draftsFile = path.join(outDir, "post-push", "drafts.json");
  const seed: Seed = {
    stories,
    assets,
    datasources: existsSync(ds) ? JSON.parse(readFileSync(ds, "utf8")) : [],
    drafts: existsSync(draftsFile) ? JSON.parse(readFileSync(draftsFile, "utf8")) : [],
    skippedFiles: [],
    skippedStories: [],
  };
  const schema = existsSync(componentsFile)
    ? {
        components: JSON.parse(readFileSync(componentsFile, "utf8")) as unknown[],
        groups: existsSync(groupsFile) ? (JSON.parse(readFileSync(groupsFile, "utf8")) as unknown[]) : [],
      }
    : undefined;
  const byName = new Map(assets.map((a) => [a.file, a.seedFile]));
  return {
    seed,
    schema,
    assetBytes: (file) => readFileSync(path.join(assetsDir, byName.get(file) ?? file)),
  };
}

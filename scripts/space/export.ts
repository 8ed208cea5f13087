/**
 * npm run space:export -- --out DIR
 *
 * Writes the content of $CONTENT_DIR (default content-fixtures) as seed files for Storyblok's
 * CLI 4 and for `npm run space:push`, under DIR: stories/seed/, assets/seed/ (one sidecar per
 * file), datasources/seed/datasources.json, components/seed/{components,groups}.json and
 * post-push/drafts.json. Exit code 1 when the seed fails its own structural check.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { ALLOWED_UNKNOWN_BLOK_STORIES } from "~/content/check";
import { buildSeed, checkSeed, cliPreflight } from "./seed-export";
import { readFixtureSet, writeSeed } from "./seed-files";
import { buildSpaceSchema } from "./schema";

function arg(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

const out = arg("--out");
if (!out) {
  console.error("usage: npm run space:export -- --out DIR");
  process.exit(2);
}
const contentDir = path.resolve(process.env.CONTENT_DIR || "content-fixtures");
const schema = buildSpaceSchema("seed", contentDir);
// The schema generator's datasources (display names included) are the one datasource source.
const seed = { ...buildSeed(await readFixtureSet(contentDir), { exclude: ALLOWED_UNKNOWN_BLOK_STORIES }), datasources: schema.datasources };
const problems = [...checkSeed(seed), ...cliPreflight(seed.stories, schema.components)];
for (const problem of problems) console.error(`error: ${problem}`);
// A stale story or asset file from an earlier export would be pushed too.
for (const sub of ["stories/seed", "assets/seed", "post-push"]) rmSync(path.join(out, sub), { recursive: true, force: true });
writeSeed(out, seed, contentDir, { components: schema.components, groups: schema.groups });
const folders = seed.stories.filter((s) => s.is_folder).length;
console.log(
  `space:export: ${seed.stories.length - folders} stories, ${folders} folders, ${seed.assets.length} assets, ` +
    `${seed.datasources.length} datasource(s), ${schema.components.length} components, ${seed.drafts.length} draft(s) -> ${out}`,
);
if (seed.skippedStories.length > 0) console.log(`left out (a component no space has, on purpose): ${seed.skippedStories.join(", ")}`);
if (seed.skippedFiles.length > 0) console.log(`not pushed as assets (no CLI-supported extension): ${seed.skippedFiles.join(", ")}`);
process.exit(problems.length > 0 ? 1 : 0);

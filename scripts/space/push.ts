/**
 * npm run space:push -- --from DIR [--rate N] [--after-cli]
 *
 * Pushes the seed that `npm run space:export -- --out DIR` wrote into the Storyblok space
 * STORYBLOK_SPACE_ID (region STORYBLOK_REGION, default eu) with the personal access token in
 * STORYBLOK_OAUTH_TOKEN, at N Management API requests per second (default 3, the Starter plan's limit; 6 on Growth and above).
 * Resumable: DIR/push/<space>/manifest.jsonl records what was created; a rerun skips it.
 *
 * --after-cli  instead, the pass after Storyblok's CLI pushed the same seed
 *              (`npx storyblok@4.22.0 stories push --path DIR --from seed ...`): reads the CLI's
 *              manifests under DIR and fixes what the CLI does not remap (single story references,
 *              asset links) and puts pending drafts on top.
 */
import path from "node:path";
import { z } from "zod";
import { DEFAULT_RATE_LIMIT, planPostPush, pushSpace, readCliManifest, runPostPush } from "./mapi-push";
import { readSeed, SEED_SPACE } from "./seed-files";

const env = z
  .object({
    STORYBLOK_OAUTH_TOKEN: z.string().trim().min(1, "STORYBLOK_OAUTH_TOKEN (a personal access token) is required"),
    STORYBLOK_SPACE_ID: z.string().trim().regex(/^\d+$/, "STORYBLOK_SPACE_ID must be the numeric space id"),
    STORYBLOK_REGION: z.enum(["eu", "us", "ap", "ca", "cn"]).default("eu"),
  })
  .safeParse(process.env);
if (!env.success) {
  for (const issue of env.error.issues) console.error(`space:push: ${issue.message}`);
  process.exit(2);
}
const args = process.argv.slice(2);
const value = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const from = value("--from");
if (!from) {
  console.error("usage: npm run space:push -- --from DIR [--rate N] [--after-cli]");
  process.exit(2);
}
const rate = Number(value("--rate") ?? DEFAULT_RATE_LIMIT);
if (!Number.isFinite(rate) || rate < 1 || rate > 6) {
  console.error("space:push: --rate must be 1 to 6 (Storyblok allows 3 requests/s on Starter, 6 on Growth and above)");
  process.exit(2);
}
const { STORYBLOK_OAUTH_TOKEN: token, STORYBLOK_SPACE_ID: spaceId, STORYBLOK_REGION: region } = env.data;
const { seed, schema, assetBytes } = readSeed(from);
const log = (line: string) => console.log(line);

async function main(): Promise<void> {
  if (args.includes("--after-cli")) {
    const updates = planPostPush(
      seed,
      readCliManifest(path.join(from as string, "stories", SEED_SPACE, "manifest.jsonl")),
      readCliManifest(path.join(from as string, "assets", SEED_SPACE, "manifest.jsonl")),
    );
    await runPostPush({ spaceId, token, region, rateLimit: rate, log }, updates);
    console.log(`space:push --after-cli: ${updates.length} story update(s)`);
    return;
  }
  if (!schema) throw new Error(`no components/${SEED_SPACE}/components.json under ${from}: run npm run space:export first`);
  const summary = await pushSpace({
    spaceId,
    token,
    region,
    rateLimit: rate,
    manifestFile: path.join(from as string, "push", spaceId, "manifest.jsonl"),
    seed,
    schema,
    assetBytes,
    log,
  });
  console.log(
    `space:push: created ${JSON.stringify(summary.created)}; already there ${JSON.stringify(summary.skipped)}; components updated ${summary.updated.component}`,
  );
}

main().catch((error: unknown) => {
  console.error(`space:push failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error("Rerun the same command to resume; what was created is in the manifest.");
  process.exit(1);
});

/**
 * npm run content:check [-- --skip-assets] [--verbose]
 *
 * Validates every story under $CONTENT_DIR (default content-fixtures) against the zod schemas
 * of its components and blocks; see app/content/check.ts for the list of checks. Exit code 1
 * when there are errors, 2 when the schemas could not be loaded.
 *
 * --skip-assets  missing /media/<file> files are listed as warnings, not errors (the asset
 *                generator may not have run yet).
 */
import path from "node:path";
import { formatIssue, formatSummary } from "~/content/check";
import { runContentCheck } from "./content-check-lib";

const args = new Set(process.argv.slice(2));
const skipAssets = args.has("--skip-assets");
const verbose = args.has("--verbose");
const contentDir = path.resolve(process.env.CONTENT_DIR || "content-fixtures");

async function main(): Promise<number> {
  let run: Awaited<ReturnType<typeof runContentCheck>>;
  try {
    run = await runContentCheck(contentDir, { skipAssets });
  } catch (e) {
    const message = (e as Error).message;
    if (message.startsWith("content:check: no stories folder")) {
      console.error(message);
      return 1;
    }
    console.error(`content:check: could not load the block registry or schemas: ${(e as Error).stack ?? e}`);
    return 2;
  }
  const { result, warnings } = run;
  for (const warning of warnings) console.error(`warning: ${warning}`);
  for (const issue of result.errors) console.error(formatIssue(issue));
  if (verbose) {
    for (const issue of result.allowedUnknown) console.log(`allowed: ${formatIssue(issue)}`);
  }
  if (result.missingAssets.length > 0) {
    const list = result.missingAssets.map((f) => `  /media/${f}`).join("\n");
    const label = skipAssets ? "warning (--skip-assets)" : "error";
    console.error(`${label}: ${result.missingAssets.length} referenced media file(s) missing from ${path.join(contentDir, "assets")}:\n${list}`);
  }
  console.log(formatSummary(result));
  return result.errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);

/**
 * Keeps this build's hashed assets for the pages caches still hold after the next deploy:
 *
 *   npx tsx scripts/retain-assets.ts [--build <folder with client/>] [--retained <folder>]
 *
 * Copies build/client/assets and build/client/islands/assets into RETAINED_ASSETS_DIR (default
 * retained-assets; the server serves it after the build's own files), records the build with its
 * time in the folder's manifest and deletes the files of builds superseded more than
 * ASSET_RETENTION_HOURS (default 24) ago. Run it once per build, on the host or store the
 * instances share (npm run build runs it); docs/deploy.md.
 */
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  ASSET_FOLDERS,
  DEFAULT_ASSET_RETENTION_HOURS,
  RETAINED_MANIFEST,
  parseRetainedManifest,
  retainBuild,
} from "../app/server/http/retained-assets";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

const client = path.resolve(option("--build") ?? "build", "client");
const retained = path.resolve(option("--retained") ?? process.env.RETAINED_ASSETS_DIR ?? "retained-assets");
const hours = Number(process.env.ASSET_RETENTION_HOURS ?? DEFAULT_ASSET_RETENTION_HOURS);
if (!Number.isFinite(hours) || hours < 0) {
  console.error("ASSET_RETENTION_HOURS must be a number of hours of 0 or more");
  process.exit(1);
}

const files: string[] = [];
for (const folder of ASSET_FOLDERS) {
  const from = path.join(client, folder);
  if (!existsSync(from)) continue;
  mkdirSync(path.join(retained, folder), { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = `${folder}/${entry.name}`;
    files.push(file);
    // A hashed name never changes content: a file already retained is the same file.
    if (!existsSync(path.join(retained, file))) copyFileSync(path.join(from, entry.name), path.join(retained, file), constants.COPYFILE_EXCL);
  }
}
if (files.length === 0) {
  console.error(`no build assets under ${client} (run the build first)`);
  process.exit(1);
}

const manifestPath = path.join(retained, RETAINED_MANIFEST);
const previous = parseRetainedManifest(existsSync(manifestPath) ? readFileSync(manifestPath, "utf8") : null);
const now = Date.now();
const { manifest, prune } = retainBuild(previous, { id: new Date(now).toISOString(), at: now, files: files.sort() }, now, hours * 3_600_000);
for (const file of prune) rmSync(path.join(retained, file), { force: true });
// Written whole, then renamed: a server or a second run never reads half a manifest.
writeFileSync(`${manifestPath}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
renameSync(`${manifestPath}.tmp`, manifestPath);
console.log(`retained ${files.length} assets of this build in ${retained}; ${manifest.builds.length} build(s) kept, ${prune.length} file(s) pruned`);

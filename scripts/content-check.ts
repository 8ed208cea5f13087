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
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import {
  ALLOWED_UNKNOWN_BLOK_STORIES,
  checkContent,
  formatIssue,
  formatSummary,
  type ContentFile,
  type DatasourceFile,
} from "~/content/check";
import { contentTypeSchemas } from "~/content/content-types";

const args = new Set(process.argv.slice(2));
const skipAssets = args.has("--skip-assets");
const verbose = args.has("--verbose");
const contentDir = path.resolve(process.env.CONTENT_DIR || "content-fixtures");
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Folders whose modules may export nested blok schemas. */
const NESTED_SCHEMA_FOLDERS = ["app/blocks", "app/components"].map((f) => path.join(projectRoot, f));

/** Files under `dir` (recursive), as posix paths relative to `dir`. */
function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      if (name.startsWith(".")) continue;
      const relPath = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, relPath)).isDirectory()) visit(relPath);
      else out.push(relPath);
    }
  };
  visit("");
  return out.sort();
}

/**
 * The component names a zod object schema is fixed to (`component: z.literal("…")`, or
 * `z.enum([...])` for a schema several bloks share, like the form's field bloks).
 */
function componentsOf(value: unknown): string[] {
  if (!(value instanceof z.ZodObject)) return [];
  const component = (value.shape as Record<string, unknown>).component;
  if (component instanceof z.ZodLiteral) return [...component.values].filter((v): v is string => typeof v === "string");
  if (component instanceof z.ZodEnum) return component.options.filter((v): v is string => typeof v === "string");
  return [];
}

/**
 * Schemas by component: the block registry, the content types, and every nested blok schema
 * (e.g. button, sticky-cta-link, card, accordion-item) exported from a module under
 * app/blocks or app/components, found by its `component: z.literal("…")` field.
 */
async function loadSchemas(): Promise<{ schemas: Record<string, z.ZodType[]>; warnings: string[] }> {
  const schemas: Record<string, z.ZodType[]> = {};
  const warnings: string[] = [];
  const add = (name: string, schema: z.ZodType) => {
    const list = (schemas[name] ??= []);
    if (!list.includes(schema)) list.push(schema);
  };
  const { blockSchemas } = await import("~/blocks/schemas");
  for (const [name, schema] of Object.entries(blockSchemas)) add(name, schema);
  for (const [name, schema] of Object.entries(contentTypeSchemas)) add(name, schema);

  const nested: Record<string, z.ZodType[]> = {};
  for (const folder of NESTED_SCHEMA_FOLDERS) {
    for (const rel of listFiles(folder)) {
      if (!/\.tsx?$/.test(rel) || /\.(test|spec)\.tsx?$/.test(rel) || /\.server\.tsx?$/.test(rel)) continue;
      const file = path.join(folder, rel);
      let mod: Record<string, unknown>;
      try {
        mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      } catch (e) {
        warnings.push(`could not import ${path.relative(projectRoot, file)}: ${(e as Error).message}`);
        continue;
      }
      for (const value of Object.values(mod)) {
        for (const name of componentsOf(value)) (nested[name] ??= []).push(value as z.ZodType);
      }
    }
  }
  // A nested schema only fills a gap: registered blocks and content types keep their own.
  for (const [name, list] of Object.entries(nested)) {
    if (schemas[name]) continue;
    for (const schema of list) add(name, schema);
  }
  return { schemas, warnings };
}

async function main(): Promise<number> {
  const storiesDir = path.join(contentDir, "stories");
  if (!existsSync(storiesDir)) {
    console.error(`content:check: no stories folder at ${storiesDir}`);
    return 1;
  }
  let schemas: Record<string, z.ZodType[]>;
  try {
    const loaded = await loadSchemas();
    schemas = loaded.schemas;
    for (const warning of loaded.warnings) console.error(`warning: ${warning}`);
  } catch (e) {
    console.error(`content:check: could not load the block registry or schemas: ${(e as Error).stack ?? e}`);
    return 2;
  }

  const stories: ContentFile[] = listFiles(storiesDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ path: f, text: readFileSync(path.join(storiesDir, f), "utf8") }));
  const datasourcesDir = path.join(contentDir, "datasources");
  const datasources: DatasourceFile[] = listFiles(datasourcesDir)
    .filter((f) => f.endsWith(".json") && !f.includes("/"))
    .map((f) => ({ slug: f.replace(/\.json$/, ""), text: readFileSync(path.join(datasourcesDir, f), "utf8") }));
  const assets = new Set(listFiles(path.join(contentDir, "assets")));

  const result = checkContent(
    { stories, datasources, assets },
    { schemas, allowUnknownIn: ALLOWED_UNKNOWN_BLOK_STORIES, skipAssets },
  );

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

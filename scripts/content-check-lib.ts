/**
 * The content check of a content folder (shared/CONTENT_MODEL.md section 1): loads the block
 * registry, the content types and every nested blok schema, reads the folder and runs
 * checkContent (app/content/check.ts). `npm run content:check` prints its result; tests call it
 * on other folders (e.g. a space written back by the Management API stand-in).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import {
  ALLOWED_UNKNOWN_BLOK_STORIES,
  checkContent,
  type ContentFile,
  type DatasourceFile,
} from "~/content/check";
import { contentTypeSchemas } from "~/content/content-types";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Folders whose schema modules may export nested blok schemas. */
const NESTED_SCHEMA_FOLDERS = ["app/blocks", "app/components"].map((f) => path.join(projectRoot, f));

/** Files under `dir` (recursive), as posix paths relative to `dir`. */
export function listFiles(dir: string): string[] {
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
export async function loadSchemas(): Promise<{ schemas: Record<string, z.ZodType[]>; warnings: string[] }> {
  const schemas: Record<string, z.ZodType[]> = {};
  const warnings: string[] = [];
  const add = (name: string, schema: z.ZodType) => {
    const list = (schemas[name] ??= []);
    if (!list.includes(schema)) list.push(schema);
  };
  const { blockSchemas } = await import("./block-schemas");
  for (const [name, schema] of Object.entries(blockSchemas)) add(name, schema);
  for (const [name, schema] of Object.entries(contentTypeSchemas)) add(name, schema);

  const nested: Record<string, z.ZodType[]> = {};
  for (const folder of NESTED_SCHEMA_FOLDERS) {
    for (const rel of listFiles(folder)) {
      // Schemas live in schema modules (browser code never loads zod); the derived maps
      // (app/blocks/schemas.ts) need Vite's import.meta.glob and are read through ./block-schemas.
      if (!rel.endsWith(".schema.ts")) continue;
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

export interface ContentCheckRun {
  result: ReturnType<typeof checkContent>;
  /** Schema modules that could not be imported. */
  warnings: string[];
}

/** Checks the content folder `contentDir`; throws when it has no stories folder. */
export async function runContentCheck(contentDir: string, options: { skipAssets?: boolean } = {}): Promise<ContentCheckRun> {
  const storiesDir = path.join(contentDir, "stories");
  if (!existsSync(storiesDir)) throw new Error(`content:check: no stories folder at ${storiesDir}`);
  const { schemas, warnings } = await loadSchemas();
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
    { schemas, allowUnknownIn: ALLOWED_UNKNOWN_BLOK_STORIES, skipAssets: options.skipAssets ?? false },
  );
  return { result, warnings };
}

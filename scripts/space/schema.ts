/**
 * npm run space:schema -- --out DIR
 *
 * Writes the space's schema, generated from the zod schemas (app/content/space/), where
 * Storyblok's CLI 4 reads it: DIR/components/<space>/components.json and groups.json, and
 * DIR/datasources/<space>/datasources.json. <space> is STORYBLOK_SPACE_ID, else "seed"; the
 * datasources come from CONTENT_DIR (default content-fixtures). Then, for example:
 *   npx storyblok@4.22.0 datasources push --space <id> --from seed --path DIR
 *   npx storyblok@4.22.0 components push --space <id> --from seed --path DIR
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { blockSchemas } from "../block-schemas";
import { contentTypeSchemas } from "~/content/content-types";
import { spaceSchemaFrom, type DatasourceInput, type SpaceSchema } from "~/content/space/space-schema";
import { validateFixtureStory as validateWith, validatorSchema, type ValidationIssue } from "~/content/space/validator";

export { validatorSchema, checkSpaceSchema, type ValidationIssue } from "~/content/space/validator";
export type { SpaceSchema, WireComponent, WireField, WireGroup, WireDatasource } from "~/content/space/space-schema";

/** Datasource names shown in the space. */
const DATASOURCE_NAMES: Readonly<Record<string, string>> = { "news-categories": "News categories" };

/** The datasources of a content folder (`datasources/<slug>.json`: [{ name, value, ... }]). */
export function readDatasources(contentDir: string): DatasourceInput[] {
  const dir = path.join(contentDir, "datasources");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const slug = f.replace(/\.json$/, "");
      const rows = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { name: string; value: string }[];
      return { slug, name: DATASOURCE_NAMES[slug], entries: rows.map((r) => ({ name: r.name, value: r.value })) };
    });
}

/**
 * The space's schema: components, groups and datasources in the CLI's JSON shapes. The space
 * name only chooses the folder files go to (writeSpaceSchema); the content is the same.
 */
export function buildSpaceSchema(_spaceName?: string, contentDir = process.env.CONTENT_DIR || "content-fixtures"): SpaceSchema {
  return spaceSchemaFrom(readDatasources(contentDir), { blocks: blockSchemas, contentTypes: contentTypeSchemas });
}

let validator: ReturnType<typeof validatorSchema> | null = null;

/**
 * validateStory() of @storyblok/schema on a story (and its draft) against the space schema; by
 * default the one generated from the code (built once).
 */
export function validateFixtureStory(story: unknown, space?: SpaceSchema): ValidationIssue[] {
  if (space) return validateWith(story, space);
  validator ??= validatorSchema(buildSpaceSchema());
  return validateWith(story, validator);
}

/** The files of the CLI's layout under `outDir`, path → JSON text. */
export function spaceSchemaFiles(schema: SpaceSchema, space: string): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    [path.join("components", space, "components.json")]: json(schema.components),
    [path.join("components", space, "groups.json")]: json(schema.groups),
    [path.join("datasources", space, "datasources.json")]: json(schema.datasources),
  };
}

export function spaceName(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const id = env.STORYBLOK_SPACE_ID?.trim();
  if (id && !/^[A-Za-z0-9_-]+$/.test(id)) throw new Error(`STORYBLOK_SPACE_ID must be a space id (letters, digits, - and _), got "${id}"`);
  return id || "seed";
}

export function writeSpaceSchema(outDir: string, space = spaceName()): string[] {
  const files = spaceSchemaFiles(buildSpaceSchema(space), space);
  return Object.entries(files).map(([rel, text]) => {
    const file = path.join(outDir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  });
}

function main(argv: string[]): number {
  const at = argv.indexOf("--out");
  const out = at >= 0 ? argv[at + 1] : undefined;
  if (!out) {
    console.error("usage: npm run space:schema -- --out DIR");
    return 1;
  }
  for (const file of writeSpaceSchema(path.resolve(out))) console.log(`wrote ${path.relative(process.cwd(), file)}`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));

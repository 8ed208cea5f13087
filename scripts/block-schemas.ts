/**
 * The blocks' schemas for Node scripts run by tsx, which has no import.meta.glob: the same
 * derivation as app/blocks/schemas.ts (one folder per block, app/blocks/<name>/<name>.schema.ts
 * exporting `schema`), read from the disk. A unit test keeps the two in step.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { z } from "zod";

const blocksDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app/blocks");

/** The block folders (those with a `<name>.schema.ts`), sorted as the glob of schemas.ts sorts them. */
export function blockFolders(): string[] {
  return readdirSync(blocksDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(blocksDir, entry.name, `${entry.name}.schema.ts`)))
    .map((entry) => entry.name)
    .sort();
}

/** Every block's schema, keyed by its folder's name. */
export async function loadBlockSchemas(): Promise<Record<string, z.ZodType>> {
  const entries = await Promise.all(
    blockFolders().map(async (name): Promise<[string, z.ZodType]> => {
      const mod = (await import(pathToFileURL(path.join(blocksDir, name, `${name}.schema.ts`)).href)) as { schema: z.ZodType };
      return [name, mod.schema];
    }),
  );
  return Object.fromEntries(entries);
}

/** The schemas, loaded once for the importing script. */
export const blockSchemas: Readonly<Record<string, z.ZodType>> = await loadBlockSchemas();

import type { z } from "zod";

/**
 * Every block's schema, keyed by the technical names of shared/CONTENT_MODEL.md section 5: the
 * folder app/blocks/<name>/ holds <name>.schema.ts, which exports `schema`. The server parses each
 * blok with its schema before rendering (app/blocks/parse.ts); the block gallery reads them too.
 * Never imported by browser code: the browser gets parsed bloks. Node scripts, which have no import.meta.glob, derive
 * the same map from the same folders (scripts/block-schemas.ts).
 */
const modules = import.meta.glob<z.ZodType>("./*/*.schema.ts", { eager: true, import: "schema" });

export const blockSchemas: Readonly<Record<string, z.ZodType>> = Object.fromEntries(
  Object.entries(modules).flatMap(([file, schema]) => {
    // Only a folder's own `<name>/<name>.schema.ts`; other schema modules in a folder are its parts.
    const [, folder, base] = file.split("/");
    return base === `${folder}.schema.ts` ? [[folder!, schema]] : [];
  }),
);

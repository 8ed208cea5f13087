import { blockNamesIn } from "~/blocks/runtime/loading";

/** The React half of the islands' runtime: every island needs it (app/islands-runtime.tsx). */
export const ISLAND_RUNTIME_SOURCE = "app/islands-runtime.tsx";

/**
 * The source modules of each island (app/entry.islands.ts loads them by the same names), for the
 * server's preload hints: a block island needs the block runtime and the blocks its props render.
 */
export const ISLAND_SOURCES: Readonly<Record<string, string>> = {
  block: "app/blocks/island-entry.ts",
  "site-header": "app/features/shell/site-header.tsx",
  "pricing-modal": "app/features/pricing/components/pricing-modal-slot.tsx",
  configurator: "app/features/configurator/components/configurator-island.tsx",
};

/** The modules an island needs in the browser: the runtime, its own module, and for a block island the blocks it renders. */
export function islandSources(name: string, props: unknown): string[] {
  const own = ISLAND_SOURCES[name];
  if (!own) return [];
  const sources = [ISLAND_RUNTIME_SOURCE, own];
  if (name === "block") {
    for (const block of blockNamesIn((props as { blok?: unknown } | null)?.blok)) sources.push(`app/blocks/${block}/${block}.tsx`);
  }
  return sources;
}

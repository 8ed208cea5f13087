import { blockNamesIn } from "~/blocks/runtime/loading";

/**
 * The source modules of each island (app/entry.islands.tsx loads them by the same names), for the
 * server's preload hints: a block island needs the block runtime and the blocks its props render.
 */
export const ISLAND_SOURCES: Readonly<Record<string, string>> = {
  block: "app/blocks/island-entry.ts",
  "site-header": "app/features/shell/site-header.tsx",
  "sticky-bottom-bar": "app/features/shell/sticky-bottom-bar.tsx",
  "pricing-modal": "app/features/pricing/components/pricing-modal-slot.tsx",
  "site-effects": "app/features/shell/site-effects.tsx",
};

export function islandSources(name: string, props: unknown): string[] {
  const own = ISLAND_SOURCES[name];
  const sources = own ? [own] : [];
  if (name === "block") {
    for (const block of blockNamesIn((props as { blok?: unknown } | null)?.blok)) sources.push(`app/blocks/${block}/${block}.tsx`);
  }
  return sources;
}

import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ISLAND_RUNTIME_SOURCE, ISLAND_SOURCES, islandSources } from "~/islands.server";

/** The islands' entry names each island's loader and the module it imports: read from its source. */
function entryLoaders(): Map<string, string> {
  const source = readFileSync("app/entry.islands.ts", "utf8");
  const loaders = new Map<string, string>();
  for (const [, name, module] of source.matchAll(/^\s+"?([a-z-]+)"?: (?:async )?\([^)]*\) => (?:\{[\s\S]*?)?import\("~\/([^"]+)"\)/gm)) {
    loaders.set(name!, existsSync(`app/${module}.tsx`) ? `app/${module}.tsx` : `app/${module}.ts`);
  }
  return loaders;
}

describe("the islands' preload map", () => {
  it("names every island the browser's entry loads, with the module that entry imports", () => {
    const loaders = entryLoaders();
    expect(loaders.size).toBeGreaterThan(2);
    expect(Object.keys(ISLAND_SOURCES).sort()).toEqual([...loaders.keys()].sort());
    for (const [name, module] of loaders) {
      expect(ISLAND_SOURCES[name], name).toBe(module);
      expect(existsSync(module), module).toBe(true);
    }
  });

  it("names the runtime (React) first, then the island's module and, for a block island, the blocks it renders, nested ones too", () => {
    const blok = { _uid: "a", component: "grid-blocks", items: [{ _uid: "b", component: "hero-banner", slides: [] }] };
    expect(islandSources("block", { blok })).toEqual([ISLAND_RUNTIME_SOURCE, "app/blocks/island-entry.ts", "app/blocks/grid-blocks/grid-blocks.tsx", "app/blocks/hero-banner/hero-banner.tsx"]);
    expect(islandSources("site-header", { globals: {} })).toEqual([ISLAND_RUNTIME_SOURCE, "app/features/shell/site-header.tsx"]);
    expect(islandSources("unknown", {})).toEqual([]);
  });

  it("loads the runtime from the entry by the module the server names", () => {
    expect(readFileSync("app/entry.islands.ts", "utf8")).toContain(`import("~/${ISLAND_RUNTIME_SOURCE.replace(/^app\//, "").replace(/\.tsx$/, "")}")`);
    expect(existsSync(ISLAND_RUNTIME_SOURCE)).toBe(true);
  });
});

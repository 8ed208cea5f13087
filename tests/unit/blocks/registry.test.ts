import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { blockRegistry } from "~/blocks/index";
import { blockLoaders } from "~/blocks/loaders.server";
import { blockSchemas } from "~/blocks/schemas";
import { blockFolders, loadBlockSchemas } from "../../../scripts/block-schemas";

// The block folders as they are on the disk: app/blocks/<name>/ holding <name>.tsx.
const folders = readdirSync("app/blocks", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`app/blocks/${entry.name}/${entry.name}.tsx`))
  .map((entry) => entry.name)
  .sort();

describe("the blocks: one folder each, one registry line each, the other maps derived from the folders", () => {
  it("finds the block folders", () => {
    expect(folders.length).toBeGreaterThan(10);
  });

  it("has a registry line for every block folder and none for anything else", () => {
    expect(Object.keys(blockRegistry).sort()).toEqual(folders);
  });

  it("has a schema in every block folder, and derives the schema map from them", () => {
    for (const name of folders) expect(existsSync(`app/blocks/${name}/${name}.schema.ts`), name).toBe(true);
    expect(Object.keys(blockSchemas).sort()).toEqual(folders);
  });

  it("derives the same schemas for Node scripts (scripts/block-schemas.ts) as for Vite", async () => {
    expect(blockFolders()).toEqual(Object.keys(blockSchemas).sort());
    const node = await loadBlockSchemas();
    expect(Object.keys(node).sort()).toEqual(Object.keys(blockSchemas).sort());
    for (const [name, schema] of Object.entries(node)) expect(schema, name).toBeDefined();
  });

  it("runs a server loader exactly for the registered blocks whose folder has a loader.server.ts", () => {
    const withLoader = folders.filter((name) => existsSync(`app/blocks/${name}/loader.server.ts`));
    expect(withLoader.length).toBeGreaterThan(0);
    expect(Object.keys(blockLoaders).sort()).toEqual(withLoader);
    for (const name of withLoader) expect(typeof blockLoaders[name], name).toBe("function");
  });

  it("has no loader.server.ts outside a block folder", () => {
    const strays = readdirSync("app/blocks", { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !folders.includes(entry.name))
      .filter((entry) => existsSync(`app/blocks/${entry.name}/loader.server.ts`));
    expect(strays).toEqual([]);
  });

  it("gives blocks that show the same data one shared loader (and so one page memo key space)", () => {
    expect(blockLoaders["model-range"]).toBe(blockLoaders["car-detail-page"]);
    expect(blockLoaders["accessories-carousel"]).toBe(blockLoaders["accessories-listing"]);
  });
});

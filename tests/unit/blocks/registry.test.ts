import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { blockRegistry } from "~/blocks/index";
import { blockLoaders } from "~/blocks/loaders.server";
import { blockSchemas } from "~/blocks/schemas";

const names = Object.keys(blockRegistry).sort();

describe("the block registry (app/blocks/index.ts): one entry per block, the other maps derived", () => {
  it("has each block's component and schema beside each other", () => {
    for (const name of names) {
      expect(existsSync(`app/blocks/${name}.tsx`), name).toBe(true);
      expect(existsSync(`app/blocks/${name}.schema.ts`), name).toBe(true);
    }
  });

  it("has a schema for every block and none for anything else", () => {
    expect(Object.keys(blockSchemas).sort()).toEqual(names);
  });

  it("runs a server loader exactly for the blocks whose entry names one", () => {
    const withLoader = names.filter((name) => blockRegistry[name]!.loader);
    expect(Object.keys(blockLoaders).sort()).toEqual(withLoader);
    expect(withLoader).toEqual([
      "accessories-carousel",
      "accessories-listing",
      "car-detail-page",
      "colour-selector",
      "compare-grid",
      "form",
      "model-card-block",
      "model-range",
      "model-range-compact",
      "model-range-tabs",
      "news-carousel",
      "news-listing",
      "offers-listing",
      "owners-club-event-listing",
      "store-locator",
    ]);
    for (const name of withLoader) expect(typeof blockLoaders[name], name).toBe("function");
    // Blocks that show the same data share one loader (and so one page memo key space).
    expect(blockLoaders["model-range"]).toBe(blockLoaders["car-detail-page"]);
    expect(blockLoaders["accessories-carousel"]).toBe(blockLoaders["accessories-listing"]);
  });
});

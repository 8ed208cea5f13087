import { describe, expect, it } from "vitest";
import { FLOORS, floorOf, functionLengths, importCircles, importGraph, mutualFolderPairs, upwardImports, valueImports } from "../../../scripts/import-graph";

// The floors (scripts/import-graph.ts, FLOORS), top to bottom: routes, root and entries; pages;
// blocks; features; components and islands; content; the server layer and lib. A file may import
// its own floor or any floor below it. Type imports count: a type from above ties a floor to it.
const root = process.cwd();
const values = importGraph(root);
const withTypes = importGraph(root, ["app"], { types: true });

describe("the app's layers point one way", () => {
  it("every file of the app is on a floor, and no import points up a floor, type imports included", () => {
    expect(upwardImports(withTypes)).toEqual([]);
  });

  it("counts a type import and places the shared parts below the features", () => {
    const source = `import type { A } from "./a";\nimport { type B } from "./b";\nexport type { C } from "./c";\nimport { d } from "./d";`;
    expect(valueImports("x.ts", source)).toEqual(["./d"]);
    expect(valueImports("x.ts", source, { types: true })).toEqual(["./a", "./b", "./c", "./d"]);
    expect(floorOf("app/components/button.tsx")).toBeGreaterThan(floorOf("app/features/site-state/site-context.tsx"));
    expect(floorOf("app/islands/start.ts")).toBe(floorOf("app/components/button.tsx"));
    expect(floorOf("app/root.tsx")).toBe(0);
    expect(floorOf("app/server/env.server.ts")).toBe(FLOORS.length - 1);
    const graph = new Map([["app/components/a.tsx", new Set(["app/features/b.ts", "app/lib/c.ts"])]]);
    expect(upwardImports(graph)).toEqual(["app/components/a.tsx -> app/features/b.ts"]);
  });

  it("import circles stay small and inside the blocks", () => {
    const circles = importCircles(values);
    expect(circles[0]?.length ?? 0).toBeLessThanOrEqual(25);
    for (const circle of circles) expect(circle.filter((file) => !file.startsWith("app/blocks/"))).toEqual([]);
  });

  it("at most a few pairs of folders import each other", () => {
    expect(mutualFolderPairs(values).length).toBeLessThanOrEqual(8);
  });

  it("no function is over 200 lines", () => {
    const functions = functionLengths(root);
    expect(functions.length).toBeGreaterThan(100);
    expect(functions.filter((f) => f.lines > 200).map((f) => `${f.file}:${f.line} (${f.lines} lines)`)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { importCircles, importGraph, importsBetween, mutualFolderPairs } from "../../../scripts/import-graph";

// The floors, top to bottom: routes and root, pages, blocks, features, components and islands,
// content, the server layer and lib. A file may import its own floor or any floor below it.
const graph = importGraph(process.cwd());

describe("the app's layers point one way", () => {
  it("nothing below the blocks imports a block", () => {
    const below = (file: string) => /^app\/(content|components|features|islands|lib|server)\//.test(file);
    // Still pointing up: the content layer parses stories with the blocks' schemas.
    const known = ["app/content/stories.server.ts -> app/blocks/parse.ts"];
    expect(importsBetween(graph, below, (file) => file.startsWith("app/blocks/")).filter((i) => !known.includes(i))).toEqual([]);
  });

  it("nothing below the pages imports a page", () => {
    const below = (file: string) => /^app\/(blocks|content|components|features|islands|lib|server)\//.test(file);
    expect(importsBetween(graph, below, (file) => file.startsWith("app/pages/"))).toEqual([]);
  });

  it("the content layer imports only content, lib and the server layer", () => {
    const outside = (file: string) => !/^app\/(content|lib|server)\//.test(file);
    const known = ["app/content/stories.server.ts -> app/blocks/parse.ts"];
    expect(importsBetween(graph, (file) => file.startsWith("app/content/"), outside).filter((i) => !known.includes(i))).toEqual([]);
  });

  it("the server layer and lib import nothing above them", () => {
    const above = (file: string) => !/^app\/(server|lib)\//.test(file);
    // Still pointing up: the page cache reads each feature's declared query parameters, and the
    // environment, the CSP and the image service share the asset-host and image-URL rules.
    const known = (i: string) =>
      /^app\/server\/page-cache\/variant\.ts -> app\/(features|content)\//.test(i) ||
      /^app\/server\/(env\.server|security\/csp|images\/image-service\.server)\.ts -> app\/(components\/(asset-hosts|image-url)|features\/preview\/csp)\.ts$/.test(i);
    const found = importsBetween(graph, (file) => /^app\/(server|lib)\//.test(file), above).filter((i) => !known(i));
    expect(found).toEqual([]);
  });

  it("import circles stay small and inside the blocks", () => {
    const circles = importCircles(graph);
    expect(circles[0]?.length ?? 0).toBeLessThanOrEqual(25);
    for (const circle of circles) expect(circle.filter((file) => !file.startsWith("app/blocks/"))).toEqual([]);
  });

  it("at most a few pairs of folders import each other", () => {
    expect(mutualFolderPairs(graph).length).toBeLessThanOrEqual(8);
  });
});

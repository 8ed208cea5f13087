import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chunkFilesFrom, islandAssetsFrom, ISLANDS_DIR } from "~/islands/assets.server";

/** A Vite manifest as the islands build writes it (vite.islands.config.ts): keys are sources or chunk names. */
const MANIFEST = {
  "app/entry.islands.ts": { file: "assets/entry.islands-abc.js", isEntry: true, imports: ["_framework-1.js", "_runtime-2.js"] },
  "_framework-1.js": { file: "assets/framework-1.js" },
  "_runtime-2.js": { file: "assets/runtime-2.js", imports: ["_framework-1.js", "_shared-3.js"] },
  "_shared-3.js": { file: "assets/shared-3.js", imports: ["_runtime-2.js"] },
  // Loaded on demand (an island's code): not preloaded.
  "app/blocks/blocks.tsx": { file: "assets/blocks-4.js", imports: ["_shared-3.js"] },
};

describe("islandAssetsFrom (the islands' entry and what to preload with it)", () => {
  it("gives the entry and its static imports, each once, in the order first reached, under /islands/", () => {
    expect(ISLANDS_DIR).toBe("islands");
    expect(islandAssetsFrom(MANIFEST)).toEqual({
      entry: "/islands/assets/entry.islands-abc.js",
      preloads: ["/islands/assets/entry.islands-abc.js", "/islands/assets/framework-1.js", "/islands/assets/runtime-2.js", "/islands/assets/shared-3.js"],
    });
  });

  it("takes another base, skips imports missing from the manifest, and is null without the entry", () => {
    const manifest = { "app/entry.islands.ts": { file: "e.js", imports: ["_gone.js"] } };
    expect(islandAssetsFrom(manifest, "https://cdn.example/i/")).toEqual({ entry: "https://cdn.example/i/e.js", preloads: ["https://cdn.example/i/e.js"] });
    expect(islandAssetsFrom({ "app/entry.client.tsx": { file: "c.js", isEntry: true } })).toBeNull();
    expect(islandAssetsFrom({})).toBeNull();
  });
});

describe("chunkFilesFrom (the files an island's modules need)", () => {
  it("gives each source's chunk and its static imports, each once, as URLs", () => {
    expect(chunkFilesFrom(MANIFEST, ["app/blocks/blocks.tsx"])).toEqual(["/islands/assets/blocks-4.js", "/islands/assets/shared-3.js", "/islands/assets/runtime-2.js", "/islands/assets/framework-1.js"]);
    // Sources sharing chunks: each file once, in the order first reached; unknown sources add nothing.
    expect(chunkFilesFrom(MANIFEST, ["_runtime-2.js", "app/blocks/blocks.tsx", "app/blocks/no-such.tsx"], "/x/")).toEqual([
      "/x/assets/runtime-2.js",
      "/x/assets/framework-1.js",
      "/x/assets/shared-3.js",
      "/x/assets/blocks-4.js",
    ]);
    expect(chunkFilesFrom(MANIFEST, [])).toEqual([]);
  });
});

describe("islandAssets (the production build's, read once)", () => {
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
    vi.resetModules();
  });

  function buildRoot(manifest: unknown): string {
    const root = mkdtempSync(path.join(tmpdir(), "islands-build-"));
    const dir = path.join(root, "build", "client", "islands", ".vite");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    return root;
  }

  it("reads build/client/islands/.vite/manifest.json once", async () => {
    vi.resetModules();
    const { islandAssets } = await import("~/islands/assets.server");
    const root = buildRoot(MANIFEST);
    const first = islandAssets(root);
    expect(first?.entry).toBe("/islands/assets/entry.islands-abc.js");
    // Read once: another root (or a changed file) no longer matters.
    expect(islandAssets(buildRoot({}))).toBe(first);
  });

  it("islandChunkFiles reads the same manifest, and names nothing without a build", async () => {
    vi.resetModules();
    let mod = await import("~/islands/assets.server");
    mod.islandAssets(buildRoot(MANIFEST));
    expect(mod.islandChunkFiles(["app/blocks/blocks.tsx"])).toEqual(chunkFilesFrom(MANIFEST, ["app/blocks/blocks.tsx"]));
    vi.resetModules();
    mod = await import("~/islands/assets.server");
    expect(mod.islandAssets(mkdtempSync(path.join(tmpdir(), "no-build-")))).toBeNull();
    expect(mod.islandChunkFiles(["app/blocks/blocks.tsx"])).toEqual([]);
  });

  it("is null without a build; on the dev server it is the entry from source, even with a build on disk", async () => {
    vi.resetModules();
    let { islandAssets } = await import("~/islands/assets.server");
    expect(islandAssets(mkdtempSync(path.join(tmpdir(), "no-build-")))).toBeNull();
    vi.resetModules();
    ({ islandAssets } = await import("~/islands/assets.server"));
    process.env.NODE_ENV = "development";
    // The same entry module as the build's, which the dev server's Vite serves under the islands' base.
    expect(islandAssets(buildRoot(MANIFEST))).toEqual({ entry: "/islands/app/entry.islands.ts", preloads: [] });
  });
});

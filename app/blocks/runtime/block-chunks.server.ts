import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The browser files each block's chunk needs beyond what every page loads first (ADR 022), read
 * when the server starts. The root writes a `<link rel="modulepreload">` for each file of the
 * blocks that hydrate on a page, so the browser fetches them alongside the framework and the
 * shell, and Vite's preload helper, finding the links, adds none of its own.
 *
 * The browser build writes the map (`blockChunkHints` in vite.config.ts, from Rollup's bundle)
 * beside its output, as build/.block-chunks.json; the server reads it at start-up. Vite's own
 * client manifest cannot give it: it names a chunk only by its facade module, and Rollup folds
 * small block chunks into neighbours (a model range into the compact one, the competition form
 * into the form), which then have none. None (the dev server, tests): no hints.
 */
export type BlockChunkMap = Readonly<Record<string, readonly string[]>>;

/** Where the browser build leaves the map: beside build/client, never served. */
export function blockChunksFile(assetsBuildDirectory: string): string {
  return path.resolve(assetsBuildDirectory, "..", ".block-chunks.json");
}

/** Reads the map; null when there is none (logged: the server then serves without hints). */
export async function readBlockChunks(assetsBuildDirectory: string): Promise<BlockChunkMap | null> {
  const file = blockChunksFile(assetsBuildDirectory);
  try {
    return JSON.parse(await readFile(file, "utf8")) as BlockChunkMap;
  } catch (error) {
    console.error(`[blocks] No chunk hints: ${file} could not be read (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/** Where the production server serves the browser build from (server-app.ts, relative to its directory). */
const ASSETS_BUILD_DIRECTORY = "build/client";

/** The running build's map. The dev server and tests have no fixed build: none. */
export function loadBlockChunks(): Promise<BlockChunkMap | null> {
  if (!import.meta.env.PROD) return Promise.resolve(null);
  return readBlockChunks(ASSETS_BUILD_DIRECTORY);
}

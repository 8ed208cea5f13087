/**
 * What the islands' entry loads for a block island (app/entry.islands.ts). A module of its own,
 * imported only there, so the islands' build gives it a chunk and a manifest entry that the
 * server's preload hints find (app/islands.server.ts).
 */
export { blockIsland } from "./blocks";
export { loadBlocksIn } from "./runtime/loading";

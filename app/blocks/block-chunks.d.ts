/**
 * The browser files each block's chunk needs beyond the framework, the shell and the route
 * entries; written by the browser build and inlined into the server build (vite.config.ts,
 * `blockChunkHints`). `null` in the browser, the dev server and tests.
 */
declare module "virtual:block-chunks" {
  const blockChunks: Readonly<Record<string, readonly string[]>> | null;
  export default blockChunks;
}

import type { ComponentType } from "react";
import { deferred, type Deferred } from "~/blocks/runtime/deferred";
import { hydrationStarted } from "./hydration-state";
import { blockRegistry } from "~/blocks/index";
import { isInvalidBlok } from "~/blocks/invalid";
import { isBlok, isIslandView } from "./island-view";

/**
 * How block components reach the page (ADR 020).
 *
 * - The server loads every block at start-up (`loadAllBlocks`), so it renders synchronously.
 * - In the browser each block is its own chunk. Before hydration, `prepareHydration` loads the
 *   chunks of the bloks that need JavaScript (interactive blocks and the containers around them)
 *   and nothing else: a block without behaviour keeps the server's HTML as it is, as an island
 *   (`<Blocks>` renders it empty with `dangerouslySetInnerHTML`, which hydration leaves alone).
 * - After hydration, a page reached by client-side navigation renders every block; React.lazy
 *   loads the missing chunks inside the navigation's transition, so the old page stays until the
 *   new one is ready.
 */

/** One deferred component per block (blocks/runtime/deferred.ts): loaded once, then rendered at once. */
const blocks = new Map<string, Deferred<{ blok: unknown }>>();

function deferredBlock(name: string): Deferred<{ blok: unknown }> | undefined {
  let block = blocks.get(name);
  if (!block) {
    const entry = blockRegistry[name];
    if (!entry) return undefined;
    block = deferred(() => entry.load().then((mod) => mod.default));
    blocks.set(name, block);
  }
  return block;
}

/** Loads a block's component once (the same promise for concurrent calls). */
export function loadBlock(name: string): Promise<ComponentType<{ blok: unknown }>> {
  const block = deferredBlock(name);
  return block ? block.load() : Promise.reject(new Error(`Unknown block ${name}`));
}

/** Loads every registered block: the server at start-up, tests, and the visual editor's preview. */
export function loadAllBlocks(): Promise<void> {
  return Promise.all(Object.keys(blockRegistry).map(loadBlock)).then(() => undefined);
}

/**
 * The component to render for a block. A block already loaded renders at once (on the server,
 * always; in the browser, the chunks `prepareHydration` loaded); another suspends until its chunk
 * arrives. `<Block>` renders only registered blocks.
 */
export function blockComponent(name: string): ComponentType<{ blok: unknown }> {
  const block = deferredBlock(name);
  if (!block) throw new Error(`Unknown block ${name}`);
  return block.Component;
}

type Node = unknown;
const needsCache = new WeakMap<object, boolean>();


/** True when any registered blok inside `value` (not `value` itself) needs hydration. */
function childrenNeedHydration(value: Node): boolean {
  if (Array.isArray(value)) return value.some((v) => (isBlok(v) ? needsHydration(v) : childrenNeedHydration(v)));
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some((v) => (isBlok(v) ? needsHydration(v) : childrenNeedHydration(v)));
}

/**
 * True when a blok needs JavaScript in the browser: its block is interactive, or a blok inside it
 * is (a container hydrates so that its interactive children can). Unknown components (the
 * "could not be found" message) need none.
 */
export function needsHydration(blok: { component: string } & object): boolean {
  const cached = needsCache.get(blok);
  if (cached !== undefined) return cached;
  // A blok that failed its schema renders nothing (or the editor's notice): no code. An island's
  // view (island-view.ts) stands for a blok already found to need none.
  if (isInvalidBlok(blok) || isIslandView(blok)) return false;
  const entry = blockRegistry[blok.component];
  const own = typeof entry?.hydrate === "function" ? entry.hydrate(blok as Record<string, unknown>) : Boolean(entry?.hydrate);
  const result = own || childrenNeedHydration(blok);
  needsCache.set(blok, result);
  return result;
}

let hydrateEverything = false;

/** True when every block hydrates (the visual editor's preview: content changes live in the browser). */
export function hydratesEverything(): boolean {
  return hydrateEverything;
}

/**
 * The blocks that must hydrate on a page: found in the route data, skipping every blok that needs
 * no JavaScript with everything inside it (it keeps its server HTML). The root layout writes them
 * into the page for the browser's entry (`window.__hydrateBlocks`), which loads them before React
 * hydrates (the route data itself is still streaming then).
 */
export function blocksToHydrate(data: unknown): string[] {
  const names = new Set<string>();
  collectHydrating(data, names, true);
  return [...names].sort();
}

/**
 * The names found under a frozen value. Frozen values are the content cache's (deep-frozen when
 * stored, replaced by new objects when the content version changes), so this is worked out once
 * per story per content version instead of on every request (issue 26 item 6).
 */
const hydratingUnderFrozen = new WeakMap<object, readonly string[]>();

function collectHydrating(value: Node, names: Set<string>, memo: boolean): void {
  if (typeof value !== "object" || value === null) return;
  if (memo && Object.isFrozen(value)) {
    let found = hydratingUnderFrozen.get(value);
    if (!found) {
      const own = new Set<string>();
      collectHydrating(value, own, false);
      found = [...own];
      hydratingUnderFrozen.set(value, found);
    }
    for (const name of found) names.add(name);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) collectHydrating(v, names, memo);
    return;
  }
  if (isBlok(value) && blockRegistry[value.component]) {
    if (!needsHydration(value)) return;
    names.add(value.component);
  }
  for (const v of Object.values(value)) collectHydrating(v, names, memo);
}

let blockChunks: Readonly<Record<string, readonly string[]>> | null = null;

/**
 * Sets the files each block's chunk needs: the production server, at start-up, from the browser
 * build's map (runtime/block-chunks.server.ts). Never set in the browser, the dev server and tests.
 */
export function setBlockChunks(map: Readonly<Record<string, readonly string[]>> | null): void {
  blockChunks = map;
}

/**
 * The files to preload for blocks that hydrate: each block's chunk and the chunks it imports,
 * without the framework, the shell and the route entries (Remix preloads those). Known only to
 * the production server (`setBlockChunks`); elsewhere none.
 */
export function blockPreloads(names: readonly string[]): string[] {
  const files = blockChunks;
  if (!files) return [];
  return [...new Set(names.flatMap((name) => files[name] ?? []))];
}

/**
 * Loads the chunks of the blocks that hydrate (`blocksToHydrate`, or "all" in the visual editor's
 * preview, where content changes live) so that hydration renders them without suspending, and
 * marks the start of hydration. Resolves with the names it loaded.
 */
export async function prepareHydration(blocks: readonly string[] | "all"): Promise<string[]> {
  hydrationStarted();
  hydrateEverything = blocks === "all";
  const names = blocks === "all" ? Object.keys(blockRegistry) : blocks.filter((name) => blockRegistry[name]);
  // A chunk that failed to load here is requested again when hydration renders its block.
  await Promise.allSettled(names.map(loadBlock));
  return [...names];
}

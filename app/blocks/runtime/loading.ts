import type { ComponentType } from "react";
import { blockRegistry } from "~/blocks/index";
import { isInvalidBlok } from "~/blocks/invalid";
import { isBlok } from "~/lib/object";
import type { IslandWhen } from "~/islands/island-dom";

/**
 * How block components reach the page. The server loads every block at start-up
 * (`loadAllBlocks`) and renders synchronously. In the browser each block is its own chunk: an
 * island loads the blocks it renders (`loadBlocksIn`) before it hydrates, and the editor's preview
 * loads them all. A block renders only once loaded (`blockComponent`): no suspending.
 */

type BlockComponent = ComponentType<{ blok: unknown }>;

const loaded = new Map<string, BlockComponent>();
const loading = new Map<string, Promise<BlockComponent>>();

/** Loads a block's component once (the same promise for concurrent calls; a failed load is tried again). */
export function loadBlock(name: string): Promise<BlockComponent> {
  const entry = blockRegistry[name];
  if (!entry) return Promise.reject(new Error(`Unknown block ${name}`));
  let pending = loading.get(name);
  if (!pending) {
    pending = entry.load().then(
      (mod) => {
        loaded.set(name, mod.default as BlockComponent);
        return mod.default as BlockComponent;
      },
      (error: unknown) => {
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, pending);
  }
  return pending;
}

/** Loads every registered block: the server at start-up, tests, and the visual editor's preview. */
export function loadAllBlocks(): Promise<void> {
  return Promise.all(Object.keys(blockRegistry).map(loadBlock)).then(() => undefined);
}

/** The names of the registered blocks inside a value (bloks, lists, fields), itself included. */
export function blockNamesIn(value: unknown, names: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) blockNamesIn(v, names);
  } else if (typeof value === "object" && value !== null) {
    if (isBlok(value) && blockRegistry[value.component]) names.add(value.component);
    for (const v of Object.values(value)) blockNamesIn(v, names);
  }
  return names;
}

/** The id of the list of blocks a document that hydrates whole renders (app/root.tsx), and its value for every block. */
export const APP_BLOCKS_ID = "app-blocks";
export const APP_BLOCKS_ALL = "all";

/** Loads the blocks a document that hydrates whole names in its list (or every block). */
export function loadAppBlocks(list: unknown): Promise<void> {
  if (list === APP_BLOCKS_ALL) return loadAllBlocks();
  const names = Array.isArray(list) ? list.filter((name): name is string => typeof name === "string") : [];
  return Promise.all(names.map(loadBlock)).then(() => undefined);
}

/** Loads the blocks a value renders (an island's bloks) before it hydrates. */
export function loadBlocksIn(value: unknown): Promise<void> {
  return Promise.all([...blockNamesIn(value)].map(loadBlock)).then(() => undefined);
}

/** The component of a loaded block, or undefined before it has loaded. */
export function blockComponent(name: string): BlockComponent | undefined {
  return loaded.get(name);
}

/**
 * True when a blok needs JavaScript of its own in the browser (its registry entry's `hydrate`,
 * true or a rule of its content): it is then an island, hydrated with everything inside it. A
 * container without behaviour of its own stays server HTML, and its interactive children are
 * islands each. A blok that failed its schema renders nothing: no code.
 */
/** When a blok's island hydrates (its registry entry's `when`, else when it nears the viewport). */
export function islandWhen(blok: { component: string }): IslandWhen {
  return blockRegistry[blok.component]?.when ?? "visible";
}

export function needsHydration(blok: { component: string } & object): boolean {
  if (isInvalidBlok(blok)) return false;
  const entry = blockRegistry[blok.component];
  return typeof entry?.hydrate === "function" ? entry.hydrate(blok as Record<string, unknown>) : Boolean(entry?.hydrate);
}

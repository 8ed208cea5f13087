import type { ComponentType } from "react";
import type { Country } from "~/content/schema";
import type { IslandWhen } from "~/islands/island-dom";
import type { PageMemo } from "~/lib/page-memo";

/**
 * A block's component. It receives the blok as the server parsed it with the block's schema
 * (app/blocks/schemas.ts); the component module itself never imports zod.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block narrows `blok` to its own schema's type
export type BlockComponent = ComponentType<{ blok: any }>;

/**
 * A registered block: how to load its component and whether it needs JavaScript in the browser.
 * Its server data, if any, comes from app/blocks/<name>/loader.server.ts (loaders.server.ts).
 */
export interface BlockEntry {
  /** Loads the component module (in the browser, the block's own chunk). */
  load: () => Promise<{ default: BlockComponent }>;
  /**
   * True when the block does something in the browser (state, effects, event handlers, the
   * visitor's pricing choice): it hydrates on the first visit. False: its server HTML is kept as
   * is on the first visit (no JavaScript loaded for it), and it renders in the browser only on a
   * client-side navigation. A function decides from the blok's content (app/blocks/runtime/hydration.ts).
   */
  hydrate: boolean | ((blok: Record<string, unknown>) => boolean);
  /**
   * When an island of the block hydrates: "visible" (the default) when it nears the viewport, for
   * a block that does something unasked (autoplay, measuring, a map); "interaction" when the
   * visitor heads for it, for a block whose server HTML works and shows the same until then (its
   * in-place links are replayed once it runs; prices follow a changed buyer's choice, which wakes
   * it); "load" with the page.
   */
  when?: IslandWhen;
}

export interface BlockLoaderArgs {
  /** The blok as the story holds it (validate with the block's schema if you read its fields). */
  blok: { _uid: string; component: string } & Record<string, unknown>;
  country: Country;
  /** The page request: its URL carries the block's query parameters. */
  request: Request;
  /**
   * Work shared by the block loaders of one page: `once(key, compute)` runs `compute` for the
   * first loader that asks for `key` in this loadBlockData call and gives the others the same
   * promise, so blocks showing the same data hold the same objects (sent once). See app/lib/page-memo.ts.
   */
  once: PageMemo;
}

/** A block's server loader: the `loader` export of app/blocks/<name>/loader.server.ts. */
export type BlockLoader = (args: BlockLoaderArgs) => Promise<unknown>;

/**
 * The data a block's loader gives it, for useBlockData in the block's component:
 * `useBlockData<BlockDataOf<typeof loader>>(blok)` with `import type { loader } from "./loader.server"`.
 */
export type BlockDataOf<L extends BlockLoader> = Awaited<ReturnType<L>>;

import type { ComponentType } from "react";
import type { IslandWhen } from "~/islands/island-dom";

/**
 * A block's component. It receives the blok as the server parsed it with the block's schema
 * (app/blocks/schemas.ts); the component module itself never imports zod (ADR 020).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block narrows `blok` to its own schema's type
export type BlockComponent = ComponentType<{ blok: any }>;

/**
 * The server loaders blocks can name (app/blocks/loaders.server.ts): a block's data comes from
 * one of these. A name, not the function, so that the registry stays browser-safe.
 */
export type BlockLoaderName =
  | "accessories"
  | "dealers"
  | "event-listing"
  | "form-build"
  | "news-carousel"
  | "news-listing"
  | "offers"
  | "vehicles";

/**
 * A registered block: how to load its component, whether it needs JavaScript in the browser, and
 * the server loader of its data, if any.
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
  /**
   * The server loader that gives the block data (read with useBlockData), by name. The server
   * runs it for the page body's top-level bloks of this block (loaders.server.ts).
   */
  loader?: BlockLoaderName;
}

import { reloadOnChunkErrors } from "~/islands/chunk-errors";
import { readIslandPage, type IslandDefinition } from "~/islands/island-dom";
import { startIslands, type IslandLoaders } from "~/islands/start";
import type { IslandPage } from "~/features/routing/page-providers";
import { startSite } from "~/features/shell/site-runtime";

/**
 * The browser's entry on pages that run as islands (app/root.tsx). Plain DOM code: it starts the
 * site's effects (site-runtime.ts) and the islands' runtime, which loads React with the first
 * island that hydrates (islands-runtime.tsx), and each island's code by its name when it does.
 * An island added elsewhere is named here once.
 */
const loaders: IslandLoaders = {
  block: async (props) => {
    // The blocks the island renders load before it hydrates (nothing suspends). The registry
    // loads with the first block island: a page without one never loads it.
    const { blockIsland, loadBlocksIn } = await import("~/blocks/island-entry");
    await loadBlocksIn((props as { blok?: unknown } | null)?.blok);
    return blockIsland as IslandDefinition<unknown>;
  },
  "site-header": () => import("~/features/shell/site-header").then((m) => m.headerIsland as IslandDefinition<unknown>),
  "pricing-modal": () => import("~/features/pricing/components/pricing-modal-slot").then((m) => m.pricingModalIsland as IslandDefinition<unknown>),
  configurator: () => import("~/features/configurator/components/configurator-island").then((m) => m.configuratorIsland as IslandDefinition<unknown>),
};

// A chunk that fails marks its island failed (start.ts): its server HTML works on.
reloadOnChunkErrors(window, { rejectImports: true });
const page = readIslandPage<IslandPage>();
if (page) startSite(page);
startIslands({ loaders, runtime: () => import("~/islands-runtime").then((m) => m.runtime) });

import { reloadOnChunkErrors } from "~/islands/chunk-errors";
import { startIslands, type IslandLoaders } from "~/islands/hydrate";
import type { IslandDefinition } from "~/islands/island";
import { PageProviders, type IslandPage } from "~/features/routing/page-providers";

/**
 * The browser's entry on pages that run as islands (app/root.tsx): each island's code by its
 * name, loaded when the island hydrates. An island added elsewhere is named here once.
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
  "sticky-bottom-bar": () => import("~/features/shell/sticky-bottom-bar").then((m) => m.stickyBarIsland as IslandDefinition<unknown>),
  "pricing-modal": () => import("~/features/pricing/components/pricing-modal-slot").then((m) => m.pricingModalIsland as IslandDefinition<unknown>),
  "site-effects": () => import("~/features/shell/site-effects").then((m) => m.siteEffectsIsland as IslandDefinition<unknown>),
};

reloadOnChunkErrors();
startIslands<IslandPage>({ loaders, wrap: (children, page) => <PageProviders page={page}>{children}</PageProviders> });

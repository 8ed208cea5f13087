import { createIslandRuntime } from "~/islands/hydrate";
import { PageProviders, type IslandPage } from "~/features/routing/page-providers";

/**
 * The React half of the islands' runtime with the site's page-wide providers: the islands' entry
 * (app/entry.islands.ts) loads it, and React with it, for the first island that hydrates.
 */
export const runtime = createIslandRuntime<IslandPage>((children, page) => <PageProviders page={page}>{children}</PageProviders>);

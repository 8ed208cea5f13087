import type { Country } from "~/content/schema";
import { storeLocatorLoader } from "~/features/dealers/locator.server";
import { formBuildLoader } from "~/features/forms/build-handoff.server";
import { eventListingLoader, newsCarouselLoader, newsListingLoader } from "~/features/news/block-loaders.server";
import { offersListingLoader } from "~/features/offers/offers.server";
import { localeAllows } from "~/content/locale";
import { accessoriesBlockLoader, vehicleBlockLoader } from "~/features/vehicles/block-loaders.server";
import type { BlockDataMap } from "../components/block-data";
import { isBlok } from "~/lib/object";
import { blockRegistry } from "./index";
import { createPageMemo, type PageMemo } from "../lib/page-memo";
import { isInvalidBlok } from "./invalid";
import type { BlockLoaderName } from "./types";

/**
 * Server data for blocks. A block that needs data on the server (dealers, news, offers…) names its
 * loader in its registry entry (`loader`, app/blocks/index.ts); the functions are here, by name.
 * loadPage runs the loaders of the page body's
 * top-level bloks in parallel and returns their results as `blockData` (by blok _uid) in the
 * route's loader data; the block reads its own with useBlockData(blok._uid) (block-data.tsx).
 */

export interface BlockLoaderArgs {
  /** The blok as the story holds it (validate with the block's schema if you read its fields). */
  blok: { _uid: string; component: string } & Record<string, unknown>;
  country: Country;
  /** The page request: its URL carries the block's query parameters. */
  request: Request;
  /**
   * Work shared by the block loaders of one page: `once(key, compute)` runs `compute` for the
   * first loader that asks for `key` in this loadBlockData call and gives the others the same
   * promise, so blocks showing the same data hold the same objects (sent once). See page-memo.ts.
   */
  once: PageMemo;
}

export type BlockLoader = (args: BlockLoaderArgs) => Promise<unknown>;

/** The loaders by the name a registry entry gives (`BlockEntry.loader`). */
const loadersByName = {
  dealers: storeLocatorLoader,
  "news-listing": newsListingLoader,
  "news-carousel": newsCarouselLoader,
  "event-listing": eventListingLoader,
  offers: offersListingLoader,
  // Vehicle blocks: models with prices for the visitor's state and buyer type (cookies).
  vehicles: vehicleBlockLoader,
  accessories: accessoriesBlockLoader,
  // The test-drive form: the configurator build its link carries (?build=).
  "form-build": formBuildLoader,
} satisfies Readonly<Record<BlockLoaderName, BlockLoader>>;

/** What each loader returns (its block's data, or null when it failed): typed useBlockData. */
export type BlockLoaderResults = { [L in BlockLoaderName]: Awaited<ReturnType<(typeof loadersByName)[L]>> };

/** Each block's server loader, derived from the registry. */
export const blockLoaders: Readonly<Record<string, BlockLoader>> = Object.fromEntries(
  Object.entries(blockRegistry).flatMap(([name, entry]) => (entry.loader ? [[name, loadersByName[entry.loader] as BlockLoader]] : [])),
);

/** A blok that may load: a blok with a _uid, unless it failed its schema (invalid.ts: it renders nothing, so it loads nothing). */
function mayLoad(value: unknown): value is BlockLoaderArgs["blok"] & { locale?: unknown } {
  return isBlok(value) && value._uid !== "" && !isInvalidBlok(value);
}

/**
 * Runs the loaders of the bloks (a page's `body`; only this level, nested bloks are not walked)
 * that have one and show in the country, in parallel, with one memo (`once`) for them all. A loader
 * that throws is logged and its blok gets null (the block renders without its data) unless it threw
 * a Response (a redirect or a 404), which propagates.
 */
export async function loadBlockData(
  bloks: unknown,
  country: Country,
  request: Request,
  loaders: Readonly<Record<string, BlockLoader>> = blockLoaders,
): Promise<BlockDataMap> {
  if (!Array.isArray(bloks)) return {};
  const once = createPageMemo();
  const jobs = bloks
    .filter(mayLoad)
    .filter((blok) => Object.prototype.hasOwnProperty.call(loaders, blok.component) && localeAllows(blok.locale, country))
    .map(async (blok): Promise<[string, unknown]> => {
      try {
        return [blok._uid, await loaders[blok.component]({ blok, country, request, once })];
      } catch (error) {
        if (error instanceof Response) throw error;
        console.error(`[blocks] The ${blok.component} loader failed for blok ${blok._uid}:`, error instanceof Error ? error.message : error);
        return [blok._uid, null];
      }
    });
  return Object.fromEntries(await Promise.all(jobs));
}

import type { Country } from "~/content/schema";
import { localeAllows } from "~/content/locale";
import type { BlockDataMap } from "~/components/block-data";
import { isBlok } from "~/lib/object";
import { createPageMemo } from "~/lib/page-memo";
import { isInvalidBlok } from "./invalid";
import type { BlockLoader, BlockLoaderArgs } from "./types";

export type { BlockLoader, BlockLoaderArgs } from "./types";

/**
 * Server data for blocks. A block that needs data on the server (dealers, news, offers…) has a
 * app/blocks/<name>/loader.server.ts exporting `loader`; this map is derived from those folders.
 * loadBlockData runs the loaders of the page body's top-level bloks in parallel and returns their
 * results as `blockData` (by blok _uid) in the route's loader data; the block reads its own with
 * useBlockData (app/components/block-data.tsx).
 */
const modules = import.meta.glob<BlockLoader>("./*/loader.server.ts", { eager: true, import: "loader" });

/** Each block's server loader, keyed by its folder's name. */
export const blockLoaders: Readonly<Record<string, BlockLoader>> = Object.fromEntries(
  Object.entries(modules).map(([file, loader]) => [file.split("/")[1]!, loader]),
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

import { deepFreeze } from "~/content/cache.server";
import type { Navigation } from "~/content/content-types";
import type { Country } from "~/content/schema";
import { getStory } from "~/content/stories.server";
import type { Globals } from "./globals";
import { buildMegaMenu, type MegaMenuModel } from "./mega-menu-model";

/**
 * The mega menu of a navigation story, built once per story per content version: the content
 * cache's stories are frozen and replaced by new objects when the content changes, so the
 * (frozen) menu is kept with the story. Anything else (a draft) is built each time.
 */
const menus = new WeakMap<object, Partial<Record<Country, MegaMenuModel>>>();

export function megaMenuOf(navigation: Navigation | null | undefined, country: Country): MegaMenuModel {
  if (!navigation || !Object.isFrozen(navigation)) return buildMegaMenu(navigation, country);
  let byCountry = menus.get(navigation);
  if (!byCountry) menus.set(navigation, (byCountry = {}));
  return (byCountry[country] ??= deepFreeze(buildMegaMenu(navigation, country)));
}

/** The layout's global stories, loaded in parallel (spec site.md section 7). */
export async function loadGlobals(country: Country): Promise<Globals> {
  const [header, navigation, footer, finance] = await Promise.all([
    getStory("global/header", { country }),
    getStory("global/navigation", { country, resolveRelations: ["nav-item.model_line"] }),
    getStory("global/footer", { country }),
    getStory("global/finance", { country }),
  ]);
  return {
    header: header?.content ?? null,
    menu: megaMenuOf(navigation?.content as Navigation | undefined, country),
    footer: footer?.content ?? null,
    useAngleAPI: (finance?.content as { use_angle_api?: unknown } | undefined)?.use_angle_api === true,
  } as Globals;
}

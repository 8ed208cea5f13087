import type { Navigation } from "~/content/content-types";
import type { Country } from "~/content/schema";
import { getStory } from "~/content/stories.server";
import type { Globals } from "./globals";
import { buildMegaMenu } from "./mega-menu-model";

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
    menu: buildMegaMenu(navigation?.content as Navigation | undefined, country),
    footer: footer?.content ?? null,
    useAngleAPI: (finance?.content as { use_angle_api?: unknown } | undefined)?.use_angle_api === true,
  } as Globals;
}

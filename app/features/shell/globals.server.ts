import type { Country } from "~/content/schema";
import { getStory } from "~/content/stories.server";
import type { Globals } from "./globals";

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
    navigation: navigation?.content ?? null,
    footer: footer?.content ?? null,
    finance: finance?.content ?? null,
  } as Globals;
}

import type { NavItem, Navigation } from "~/content/content-types";
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
    navigation: slimNavigation((navigation?.content as Navigation | undefined) ?? null),
    footer: footer?.content ?? null,
    finance: finance?.content ?? null,
  } as Globals;
}

/** Fields of a resolved model line the menu uses; the rest would only weigh on every page. */
const MODEL_LINE_FIELDS = ["name", "slug", "vehicle_category", "vehicle_type"] as const;

function slimItem(item: NavItem): NavItem {
  const ref = item.model_line as unknown;
  const secondary = item.secondary_menu?.map(slimItem);
  if (!ref || typeof ref !== "object") return secondary ? { ...item, secondary_menu: secondary } : item;
  const story = ref as { uuid: string; full_slug?: string; content?: Record<string, unknown> };
  const content = Object.fromEntries(MODEL_LINE_FIELDS.map((k) => [k, story.content?.[k]]));
  return { ...item, secondary_menu: secondary, model_line: { uuid: story.uuid, full_slug: story.full_slug, content } };
}

/** The navigation with each resolved model line cut down to what the menu needs. */
export function slimNavigation(navigation: Navigation | null): Navigation | null {
  if (!navigation) return null;
  const slim = (items: NavItem[] | undefined) => items?.map(slimItem);
  return {
    ...navigation,
    primary_nav: slim(navigation.primary_nav),
    model_line_nav: slim(navigation.model_line_nav),
    secondary_nav: slim(navigation.secondary_nav),
  };
}

import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import { basicPageMeta } from "~/features/seo/page-meta";
import type { Globals } from "~/features/shell/globals";

/** Meta for a route whose loader returns `{ story }`, using the brand from the layout's header story. */
export function contentPageMeta({ data, matches }: MetaArgs): MetaDescriptor[] {
  const layout = matches.find((m) => m.id === "routes/$country")?.data as { globals?: Globals } | undefined;
  const brand = typeof layout?.globals?.header?.brand_name === "string" ? layout.globals.header.brand_name : "";
  const story = (data as { story?: { content?: Record<string, unknown>; name?: string } } | undefined)?.story;
  if (!story) return basicPageMeta(null, brand, "Page Not Found");
  return basicPageMeta(story.content, brand, story.name);
}

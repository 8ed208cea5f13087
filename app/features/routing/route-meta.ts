import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { isNotFoundPayload } from "~/features/routing/not-found-payload";
import { countriesForLocale } from "~/features/seo/alternates";
import { buildPageMeta } from "~/features/seo/meta";
import { basicPageMeta } from "~/features/seo/page-meta";
import type { Globals } from "~/features/shell/globals";
import { layoutDataIn, rootDataIn } from "./route-data";

/** The brand short name from the layout's header story. */
export function brandFrom(matches: MetaArgs["matches"], fallback?: Globals | null): string {
  const layout = layoutDataIn(matches);
  return layout?.globals?.header?.brand_name ?? fallback?.header?.brand_name ?? "";
}

/** Meta for an error: the error story's title for a 404, else the status; never indexed. */
export function errorMeta({ error, matches }: Pick<MetaArgs, "error" | "matches">): MetaDescriptor[] {
  if (isRouteErrorResponse(error) && isNotFoundPayload(error.data)) {
    const brand = brandFrom(matches, error.data.globals);
    return basicPageMeta({ ...(error.data.errorStory ?? {}), noindex: true }, brand, "Page Not Found");
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return basicPageMeta({ noindex: true }, brandFrom(matches), String(status));
}

interface MetaStory {
  name?: string;
  content?: Record<string, unknown>;
  first_published_at?: string | null;
  published_at?: string | null;
}

/**
 * Meta for a route whose loader returns `{ story }` (issue 4): title, description, share image
 * (Open Graph, Twitter), canonical and hreflang alternates. Brand and site logo come from the
 * layout's header story, SITE_URL from the root loader's public env.
 */
export function contentPageMeta(args: MetaArgs): MetaDescriptor[] {
  const story = (args.data as { story?: MetaStory } | undefined)?.story;
  if (!story?.content || args.error) return errorMeta(args);
  const root = rootDataIn(args.matches);
  const layout = layoutDataIn(args.matches);
  const header = layout?.globals?.header;
  const brand = brandFrom(args.matches);
  const fullName = typeof header?.brand_full_name === "string" ? header.brand_full_name : "";
  const isArticle = story.content.component === "news-detail";
  return buildPageMeta({
    siteUrl: root?.ENV?.SITE_URL ?? "",
    pathname: args.location.pathname,
    brand,
    siteName: fullName || brand,
    content: story.content,
    fallbackTitle: story.name,
    siteLogo: header?.logo,
    countries: countriesForLocale(story.content.locale),
    type: isArticle ? "article" : "website",
    publishedTime: isArticle ? story.first_published_at : null,
    modifiedTime: isArticle ? story.published_at : null,
    // A visual-editor preview (draft content) is never indexed.
    noindex: root?.preview ? true : undefined,
  });
}

import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MODEL_RELATIONS } from "~/content/relations";
import { contentVersion, getStory } from "~/content/stories.server";
import { throwNotFound } from "~/features/errors/not-found.server";
import { getNewsCategories } from "~/features/news/news.server";
import { pageHeadersFor, type PageStory } from "~/features/pages/content-page.server";
import { ContentPage } from "~/features/pages/content-page";
import { requireCountry } from "~/features/pages/country.server";
import { localeAllows } from "~/content/locale";
import { pageSettingsFrom } from "~/features/pages/page-settings";
import { contentPageMeta } from "~/features/pages/route-meta";
import { pageStructuredData } from "~/features/seo/structured-data.server";
import { pageHeaders } from "~/features/pages/route-headers";
import { pageDataForRequest } from "~/features/pages/page-view.server";

/** News detail: the story key is the path without the country segment (news/{news}). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  const version = contentVersion(request);
  const slug = `news/${params.news ?? ""}`;
  const storyRead = getStory<PageStory["content"]>(slug, { country, version, resolveRelations: MODEL_RELATIONS });
  // Structured data reads (ancestors, brand) start with the story's: one content round trip.
  const structuredRead = pageStructuredData(country, slug, storyRead);
  const [story, newsCategories] = await Promise.all([storyRead, getNewsCategories()]);
  if (!story || story.content.component !== "news-detail" || !localeAllows(story.content.locale, country)) {
    return throwNotFound(request, { country, reason: "missing-content" });
  }
  // A black navbar with the story's navbar_solid (default false); the header's two toggles (the
  // inverted logo and the finance logo) are off whatever the story says (spec site.md section 2).
  const pageSettings = {
    ...pageSettingsFrom(story.content, { navbarSolid: false }),
    menuButtonColor: "black",
    invertLogo: false,
    financeLogo: false,
  };
  const structuredData = await structuredRead;
  return data(
    pageDataForRequest({ country, story, newsCategories: newsCategories ?? [], pageSettings, structuredData }),
    { headers: pageHeadersFor(version) },
  );
}

export const meta: MetaFunction<typeof loader> = (args) => contentPageMeta(args);
export const headers: HeadersFunction = pageHeaders;

export default function NewsDetailPage() {
  const { story } = useLoaderData<typeof loader>();
  return <ContentPage story={story} />;
}

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
import { pageSettingsFrom, storyLocaleMatches } from "~/features/pages/page-settings";
import { contentPageMeta } from "~/features/pages/route-meta";
import { pageStructuredData } from "~/features/seo/structured-data.server";

/** News detail: the story key is the path without the country segment (news/{news}). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  const version = contentVersion(request);
  const [story, newsCategories] = await Promise.all([
    getStory<PageStory["content"]>(`news/${params.news ?? ""}`, { country, version, resolveRelations: MODEL_RELATIONS }),
    getNewsCategories(),
  ]);
  if (!story || story.content.component !== "news-detail" || !storyLocaleMatches(story.content.locale, country)) {
    return throwNotFound(request, { country, message: "Page Not Found" });
  }
  // A black navbar with the story's navbar_solid (default false); the header's two toggles (the
  // inverted logo and the finance logo) are off whatever the story says (spec site.md section 2).
  const pageSettings = {
    ...pageSettingsFrom(story.content, { navbarSolid: false }),
    menuButtonColor: "black",
    invertLogo: false,
    financeLogo: false,
  };
  const structuredData = await pageStructuredData(country, `news/${params.news ?? ""}`, story);
  return data(
    { country, story, newsCategories: newsCategories ?? [], pageSettings, structuredData },
    { headers: pageHeadersFor(version) },
  );
}

export const meta: MetaFunction<typeof loader> = (args) => contentPageMeta(args);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function NewsDetailPage() {
  const { story } = useLoaderData<typeof loader>();
  return <ContentPage story={story} />;
}

import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadBlockData } from "~/blocks/loaders.server";
import { contentVersion, getStory } from "~/content/stories.server";
import { throwNotFound } from "~/features/errors/not-found.server";
import { getNewsCategories, getNewsPage } from "~/features/news/news.server";
import { pageHeadersFor, type PageStory } from "~/features/pages/content-page.server";
import { ContentPage } from "~/features/pages/content-page";
import { requireCountry } from "~/features/pages/country.server";
import { localeAllows } from "~/content/locale";
import { pageSettingsFrom } from "~/features/pages/page-settings";
import { contentPageMeta } from "~/features/pages/route-meta";
import { pageHeaders } from "~/features/pages/route-headers";
import { pageDataForRequest } from "~/features/pages/page-view.server";

/**
 * News listing: the story, the news-categories datasource and the 6 newest news stories (a failure
 * of any is a 404, spec site.md section 8), then the data of the body's blocks.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  const version = contentVersion(request);
  const [story, newsCategories, news] = await Promise.all([
    getStory<PageStory["content"]>("news", { country, version }),
    getNewsCategories(),
    getNewsPage(country, { version }),
  ]);
  if (!story || !newsCategories || !news || !localeAllows(story.content.locale, country)) {
    return throwNotFound(request, { country, reason: "missing-content" });
  }
  // The news-listing block's own loader reads the URL's ?category=&page= (app/features/news).
  const blockData = await loadBlockData(story.content.body, country, request);
  return data(
    pageDataForRequest({ country, story, newsCategories, news, blockData, pageSettings: pageSettingsFrom(story.content) }),
    { headers: pageHeadersFor(version) },
  );
}

export const meta: MetaFunction<typeof loader> = (args) => contentPageMeta(args);
export const headers: HeadersFunction = pageHeaders;

export default function NewsListingPage() {
  const { story } = useLoaderData<typeof loader>();
  return <ContentPage story={story} />;
}

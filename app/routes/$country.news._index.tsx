import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contentVersion } from "~/features/preview/preview.server";
import { getNewsCategories, getNewsPage } from "~/features/news/news.server";
import { loadPage } from "~/pages/content-page.server";
import { ContentPage } from "~/pages/content-page";
import { requireCountry } from "~/features/routing/country.server";
import { contentPageMeta } from "~/features/routing/route-meta";
import { pageHeaders } from "~/features/routing/route-headers";

/**
 * News listing: the story, the news-categories datasource and the 6 newest news stories (a failure
 * of any is a 404, spec site.md section 8), then the data of the body's blocks (the news-listing
 * block's own loader reads the URL's ?category=&page=, app/features/news).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  const version = contentVersion(request);
  return loadPage(request, country, "news", {
    relations: [],
    components: null,
    structuredData: false,
    extra: async () => {
      const [newsCategories, news] = await Promise.all([getNewsCategories(), getNewsPage(country, { version })]);
      return newsCategories && news ? { newsCategories, news } : null;
    },
  });
}

export const meta: MetaFunction<typeof loader> = (args) => contentPageMeta(args);
export const headers: HeadersFunction = pageHeaders;

export default function NewsListingPage() {
  const { story } = useLoaderData<typeof loader>();
  return <ContentPage story={story} />;
}

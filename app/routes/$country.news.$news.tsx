import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getNewsCategories } from "~/features/news/news.server";
import { loadPage } from "~/pages/content-page.server";
import { ContentPage } from "~/pages/content-page";
import { requireCountry } from "~/features/routing/country.server";
import { contentPageMeta } from "~/features/routing/route-meta";
import { pageHeaders } from "~/features/routing/route-headers";

/** News detail: the story key is the path without the country segment (news/{news}). */
const NEWS_DETAIL: ReadonlySet<string> = new Set(["news-detail"]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  return loadPage(request, country, `news/${params.news ?? ""}`, {
    components: NEWS_DETAIL,
    blockData: false,
    // A black navbar with the story's navbar_solid (default false); the header's two toggles (the
    // inverted logo and the finance logo) are off whatever the story says (spec site.md section 2).
    settings: { navbarSolid: false },
    forcedSettings: { menuButtonColor: "black", invertLogo: false, financeLogo: false },
    extra: async () => ({ newsCategories: (await getNewsCategories()) ?? [] }),
  });
}

export const meta: MetaFunction<typeof loader> = (args) => contentPageMeta(args);
export const headers: HeadersFunction = pageHeaders;

export default function NewsDetailPage() {
  const { story } = useLoaderData<typeof loader>();
  return <ContentPage story={story} />;
}

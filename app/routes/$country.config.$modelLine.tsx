import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { Asset, Blok } from "~/content/schema";
import { getStory } from "~/content/stories.server";
import { throwNotFound } from "~/features/errors/not-found.server";
import { PAGE_HEADERS } from "~/features/pages/content-page.server";
import { requireCountry } from "~/features/pages/country.server";
import { contentPageMeta } from "~/features/pages/route-meta";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";
import { pageHeaders } from "~/features/pages/route-headers";

type ModelLineContent = Blok & { name?: string; image?: Asset | null };

/** Vehicle configurator for a model line; a missing or unknown model line is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  const slug = params.modelLine ?? "";
  const story = /^[a-z0-9-]+$/i.test(slug)
    ? await getStory<ModelLineContent>(`car-configurator/models/${slug}`, { country })
    : null;
  if (!story || story.content.component !== "model-line") {
    return throwNotFound(request, { country, message: "Page Not Found" });
  }
  return data(
    { country, story, pageSettings: { ...DEFAULT_PAGE_SETTINGS, navbarSolid: true } },
    { headers: PAGE_HEADERS },
  );
}

export const meta: MetaFunction<typeof loader> = (args) => contentPageMeta(args);
export const headers: HeadersFunction = pageHeaders;

export default function ConfiguratorPage() {
  const { story } = useLoaderData<typeof loader>();
  const image = story.content.image;
  return (
    <section className="configurator container">
      <h1>{story.content.name}</h1>
      {image?.filename ? <img src={image.filename} alt={image.alt ?? ""} width={1600} height={900} /> : null}
    </section>
  );
}

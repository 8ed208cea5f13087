import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contentVersion } from "~/features/preview/preview.server";
import { pageHeadersFor } from "~/features/routing/page-headers";
import { requireCountry } from "~/features/routing/country.server";
import type { PageHandle } from "~/features/routing/route-data";
import { brandFrom } from "~/features/routing/route-meta";
import { BlockGalleryView } from "~/pages/block-gallery-view";
import { blockGalleryAllowed, loadBlockGallery } from "~/pages/block-gallery.server";
import { throwNotFound } from "~/features/routing/not-found.server";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";

/**
 * Block gallery for editors (/{country}/_blocks): every registered block, its fields and examples;
 * never indexed. Only in development or a verified preview; a 404 otherwise.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  if (!blockGalleryAllowed(request)) return throwNotFound(request, { country, reason: "missing-content" });
  const version = contentVersion(request);
  const gallery = await loadBlockGallery(country, version, request);
  return data(
    { country, ...gallery },
    { headers: { ...pageHeadersFor(version), "X-Robots-Tag": "noindex, nofollow" } },
  );
}

/** The gallery has no story to carry shell settings: a solid navigation bar, as a static fact. */
export const handle: PageHandle = { pageSettings: { ...DEFAULT_PAGE_SETTINGS, navbarSolid: true } };

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const brand = brandFrom(matches);
  return [{ title: brand ? `Block gallery | ${brand}` : "Block gallery" }, { name: "robots", content: "noindex, nofollow" }];
};

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function BlockGalleryPage() {
  const { entries, country } = useLoaderData<typeof loader>();
  return <BlockGalleryView entries={entries} country={country} />;
}

import type {
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  Outlet,
  isRouteErrorResponse,
  useLoaderData,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { useMemo } from "react";
import { BlocksInRichText } from "~/blocks/blocks";
import {
  blockDataOf,
  BlockDataProvider,
  type BlockDataMap,
} from "~/components/block-data";
import { useHydrationMode } from "~/islands/hydration-mode";
import { IslandHostProvider, IslandPageScript } from "~/islands/island";
import { usePageLocation } from "~/islands/page-location";
import { islandHost } from "~/features/routing/page-providers";
import { countrySchema } from "~/content/schema";
import { ErrorScreen, NotFoundScreen } from "~/pages/error-screen";
import { isNotFoundPayload } from "~/features/routing/not-found-payload";
import { errorMeta } from "~/features/routing/route-meta";
import {
  layoutDataIn,
  pageSettingsIn,
  type PageHandle,
} from "~/features/routing/route-data";
import { layoutHeaders } from "~/features/routing/route-headers";
import { throwNotFound } from "~/features/routing/not-found.server";
import { JsonLd, collectStructuredData } from "~/features/seo/json-ld-script";
import { organizationStructuredData } from "~/features/seo/structured-data.server";
import {
  DEFAULT_PAGE_SETTINGS,
  type PageSettings,
} from "~/features/shell/globals";
import { loadGlobals } from "~/features/shell/globals.server";
import { SiteLayout } from "~/features/shell/site-layout";
import { abnFromCalculatorSubmit } from "~/features/configurator/calculator.server";
import {
  buyerContextFromRequest,
  consentFromRequest,
} from "~/features/site-state/cookies.server";
import {
  SiteProvider,
  type SiteContextValue,
} from "~/features/site-state/site-context";

/** Validates the country once and loads the layout's global stories in parallel. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = countrySchema.safeParse(params.country);
  if (!parsed.success) {
    // A two-letter segment is a failed route validation; anything else is an unknown route.
    const looksLikeCountry = /^[a-z]{2}$/i.test(params.country ?? "");
    return throwNotFound(request, {
      country: "au",
      reason: looksLikeCountry ? "invalid-route" : "unknown-route",
      withGlobals: true,
    });
  }
  const country = parsed.data;
  const globals = await loadGlobals(country);
  // The buyer's state and type and the cookie consent, from cookies: the first response is right.
  // A no-JavaScript calculator submit's buyer type counts in its own response, as the page's does.
  const stored = buyerContextFromRequest(request, country);
  const { auState } = stored;
  const isABN = abnFromCalculatorSubmit(new URL(request.url)) ?? stored.isABN;
  const consent = consentFromRequest(request);
  // The Organization JSON-LD of the country; the layout renders it with every page's structuredData.
  return {
    country,
    globals,
    auState,
    isABN,
    consent,
    structuredData: await organizationStructuredData(country, globals),
  };
}

/** The shared site state's starting values from the layout's data. */
function siteValue(data: Awaited<ReturnType<typeof loader>>): SiteContextValue {
  const { country, auState, isABN, consent, globals } = data;
  return { country, auState, isABN, consent, useAngleAPI: globals.useAngleAPI };
}

/** Found by its role, not its id, by routes that read the layout's data (features/routing/route-data.ts). */
export const handle: PageHandle = { role: "country-layout" };

/** Error meta here, where the layout's data (the brand) is visible; pages add their own meta. */
export const headers: HeadersFunction = layoutHeaders;

export const meta: MetaFunction<typeof loader> = ({ error, matches }) =>
  error ? errorMeta({ error, matches }) : [];

/** Globals change only with the country; after a form post (pricing choice, consent) the cookies are read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (currentParams.country !== nextParams.country) return true;
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return false;
};

/** The deepest route's shell settings (its handle's or its story's), else the defaults. */
function usePageSettings(): PageSettings {
  return pageSettingsIn(useMatches()) ?? DEFAULT_PAGE_SETTINGS;
}

export default function CountryLayout() {
  const data = useLoaderData<typeof loader>();
  const settings = usePageSettings();
  const matches = useMatches();
  const structuredData = collectStructuredData(matches);
  const location = usePageLocation();
  const mode = useHydrationMode();
  const site = siteValue(data);
  const host = useMemo(
    () => islandHost(mode, { site, settings, location }),
    [mode, site, settings, location]
  );
  const { globals } = data;
  return (
    <IslandHostProvider value={host}>
      <BlockDataProvider value={pageBlockData(matches)}>
        <SiteProvider value={site}>
          <BlocksInRichText>
            <SiteLayout globals={globals} settings={settings}>
              <Outlet />
            </SiteLayout>
          </BlocksInRichText>
          <JsonLd data={structuredData} />
          <IslandPageScript />
        </SiteProvider>
      </BlockDataProvider>
    </IslandHostProvider>
  );
}

/** The block data of the deepest route that has some (a content page's). */
function pageBlockData(matches: ReturnType<typeof useMatches>): BlockDataMap {
  for (let i = matches.length - 1; i >= 0; i--) {
    const map = blockDataOf(matches[i]?.data);
    if (map) return map;
  }
  return {};
}

const ERROR_PAGE_SETTINGS: PageSettings = {
  ...DEFAULT_PAGE_SETTINGS,
  navbarSolid: true,
  financeLogo: false,
};
const NOT_FOUND_PAGE_SETTINGS: PageSettings = {
  ...DEFAULT_PAGE_SETTINGS,
  navbarSolid: true,
};

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = layoutDataIn(useMatches()) as
    | Awaited<ReturnType<typeof loader>>
    | undefined;
  const location = usePageLocation();
  const mode = useHydrationMode();
  const notFound =
    isRouteErrorResponse(error) &&
    error.status === 404 &&
    isNotFoundPayload(error.data)
      ? error.data
      : null;
  if (!layout)
    return notFound ? (
      <NotFoundScreen payload={notFound} />
    ) : (
      <ErrorScreen error={error} />
    );
  const site = siteValue(layout);
  // The error page's islands (the header, the cookie banner) work as on any page.
  const host = islandHost(mode, {
    site,
    settings: notFound ? NOT_FOUND_PAGE_SETTINGS : ERROR_PAGE_SETTINGS,
    location,
  });
  return (
    <IslandHostProvider value={host}>
      {/* The screen's own provider shares this one's store (consent, buyer choice) for the same country. */}
      <SiteProvider value={site}>
        <BlocksInRichText>
          {notFound ? (
            <NotFoundScreen payload={notFound} globals={layout.globals} />
          ) : (
            <SiteLayout globals={layout.globals} settings={ERROR_PAGE_SETTINGS}>
              <ErrorScreen error={error} />
            </SiteLayout>
          )}
        </BlocksInRichText>
        <IslandPageScript />
      </SiteProvider>
    </IslandHostProvider>
  );
}

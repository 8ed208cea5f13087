import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet, isRouteErrorResponse, useLoaderData, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { countrySchema } from "~/content/schema";
import { ErrorScreen, NotFoundScreen, isNotFoundPayload } from "~/features/errors/error-screen";
import { errorMeta } from "~/features/pages/route-meta";
import { pageSettingsIn, type PageHandle } from "~/features/pages/route-data";
import { layoutHeaders } from "~/features/pages/route-headers";
import { throwNotFound } from "~/features/errors/not-found.server";
import { JsonLd, collectStructuredData } from "~/features/seo/json-ld-script";
import { organizationStructuredData } from "~/features/seo/structured-data.server";
import { DEFAULT_PAGE_SETTINGS, type PageSettings } from "~/features/shell/globals";
import { loadGlobals } from "~/features/shell/globals.server";
import { SiteLayout } from "~/features/shell/site-layout";
import { abnFromCalculatorSubmit } from "~/features/configurator/calculator.server";
import { buyerContextFromRequest, consentFromRequest } from "~/features/site-state/cookies.server";
import { SiteProvider, type SiteContextValue } from "~/features/site-state/site-context";

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
  return { country, globals, auState, isABN, consent, structuredData: await organizationStructuredData(country, globals) };
}

/** The shared site state's starting values from the layout's data. */
function siteValue(data: Awaited<ReturnType<typeof loader>>): SiteContextValue {
  const { country, auState, isABN, consent, globals } = data;
  return { country, auState, isABN, consent, useAngleAPI: globals.useAngleAPI };
}

/** Found by its role, not its id, by routes that read the layout's data (features/pages/route-data.ts). */
export const handle: PageHandle = { role: "country-layout" };

/** Error meta here, where the layout's data (the brand) is visible; pages add their own meta. */
export const headers: HeadersFunction = layoutHeaders;

export const meta: MetaFunction<typeof loader> = ({ error, matches }) => (error ? errorMeta({ error, matches }) : []);

/** Globals change only with the country; after a form post (pricing choice, consent) the cookies are read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, formMethod, defaultShouldRevalidate }) => {
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
  const structuredData = collectStructuredData(useMatches());
  const { globals } = data;
  return (
    <SiteProvider value={siteValue(data)}>
      <SiteLayout globals={globals} settings={settings}>
        <Outlet />
      </SiteLayout>
      <JsonLd data={structuredData} />
    </SiteProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/$country");
  if (isRouteErrorResponse(error) && error.status === 404 && isNotFoundPayload(error.data)) {
    const page = <NotFoundScreen payload={error.data} globals={layout?.globals} />;
    // The screen's own provider shares this one's store (consent, buyer choice) for the same country.
    return layout ? <SiteProvider value={siteValue(layout)}>{page}</SiteProvider> : page;
  }
  if (!layout) return <ErrorScreen error={error} />;
  return (
    <SiteProvider value={siteValue(layout)}>
      <SiteLayout globals={layout.globals} settings={{ ...DEFAULT_PAGE_SETTINGS, navbarSolid: true, financeLogo: false }}>
        <ErrorScreen error={error} />
      </SiteLayout>
    </SiteProvider>
  );
}

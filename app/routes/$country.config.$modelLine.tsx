import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { getStory, contentVersion } from "~/content/stories.server";
import { buildQueryFromSearchParams, resolveBuild } from "~/features/configurator/build";
import { abnFromCalculatorSubmit, serverCalculatorQuote } from "~/features/configurator/calculator.server";
import { loadCatalogue } from "~/features/configurator/catalogue.server";
import { ConfiguratorPage, type ConfiguratorFinance } from "~/features/configurator/components/configurator-page";
import { BUYER_PARAMS, buildSummary, buyerContext, buyerFromSearchParams } from "~/features/configurator/summary";
import { CALCULATOR_OPEN_PARAM, modelRedirectSearch } from "~/features/configurator/view";
import { throwNotFound } from "~/features/errors/not-found.server";
import { balloonTableOrDefault, type StoryblokTable } from "~/features/finance/balloon-table";
import { PAGE_HEADERS } from "~/features/pages/content-page.server";
import { requireCountry } from "~/features/pages/country.server";
import { contentPageMeta } from "~/features/pages/route-meta";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";
import { pageHeaders } from "~/features/pages/route-headers";
import { buyerChoiceCookies, buyerContextFromRequest } from "~/features/site-state/cookies.server";

if (import.meta.env) import.meta.glob("../styles/configurator.css", { eager: true });

/**
 * /{country}/config/{modelLine}: the vehicle configurator. A missing or unknown model line is a
 * 404 'Page Not Found'. A shared build URL carrying the AU state and buyer type stores them
 * (cookies, as the pricing modal does) and continues at the same build without them, so the
 * price shown everywhere follows one stored choice. `?model=<short name>` (model pages' links)
 * is answered with a redirect to the build's canonical address.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  const slug = params.modelLine ?? "";
  const catalogue = /^[a-z0-9-]+$/.test(slug) ? await loadCatalogue(slug, country, { version: contentVersion() }) : null;
  if (!catalogue) return throwNotFound(request, { country, reason: "missing-content" });

  const url = new URL(request.url);
  const search = url.searchParams;
  const fromUrl = buyerFromSearchParams(search);
  // ?model=<short name> continues at the build's canonical address, with JavaScript or without.
  const modelSearch = modelRedirectSearch(catalogue, search);
  if (modelSearch || search.has(BUYER_PARAMS.state) || search.has(BUYER_PARAMS.buyer)) {
    const rest = new URLSearchParams(modelSearch ?? search);
    rest.delete(BUYER_PARAMS.state);
    rest.delete(BUYER_PARAMS.buyer);
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (country === "au") for (const cookie of buyerChoiceCookies(fromUrl)) headers.append("Set-Cookie", cookie);
    const query = rest.toString();
    throw redirect(`${url.pathname}${query ? `?${query}` : ""}`, { headers });
  }

  const headers = new Headers(PAGE_HEADERS);
  let finance: ConfiguratorFinance = { balloonTable: balloonTableOrDefault(null), balloonTableContent: null, introText: null };
  let calculatorResponse = null;
  let abnOverride: boolean | null = null;
  if (country === "au") {
    const settings = await getStory<Record<string, unknown>>("global/finance", { country });
    const content = settings?.content ?? {};
    const table = content.balloonTable && typeof content.balloonTable === "object" ? (content.balloonTable as StoryblokTable) : null;
    finance = {
      balloonTable: balloonTableOrDefault(table),
      balloonTableContent: table,
      introText: (content.introText as ConfiguratorFinance["introText"]) ?? null,
    };
    if (search.get(CALCULATOR_OPEN_PARAM) === "1") {
      const stored = buyerContextFromRequest(request, country);
      const abn = abnFromCalculatorSubmit(url);
      abnOverride = abn ?? null;
      const buyer = buyerContext(country, stored, abn === undefined ? {} : { isABN: abn });
      // Business sets the ABN flag, Individual clears it (the same cookie the pricing modal sets).
      if (abn !== undefined && abn !== stored.isABN) for (const cookie of buyerChoiceCookies({ isABN: abn })) headers.append("Set-Cookie", cookie);
      const build = resolveBuild(catalogue, buildQueryFromSearchParams(search));
      const summary = buildSummary(build, buyer);
      calculatorResponse = await serverCalculatorQuote(catalogue, build, search, {
        driveawayPrice: summary?.total ?? null,
        isABN: buyer.isABN,
        balloonTable: finance.balloonTable,
      });
      headers.set("Cache-Control", "private, no-store");
    }
  }

  return data(
    { country, catalogue, finance, calculatorResponse, abnOverride, pageSettings: { ...DEFAULT_PAGE_SETTINGS, navbarSolid: true } },
    { headers },
  );
}

/** A new build query is resolved in the browser from the loaded catalogue: no reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  if (nextUrl.searchParams.get(CALCULATOR_OPEN_PARAM) === "1") return defaultShouldRevalidate;
  if (nextUrl.searchParams.has(BUYER_PARAMS.state) || nextUrl.searchParams.has(BUYER_PARAMS.buyer)) return defaultShouldRevalidate;
  return false;
};

/** Title, description, share image, canonical (the page without the build) and hreflang. */
export const meta: MetaFunction<typeof loader> = (args) => {
  const line = args.data?.catalogue.line;
  const story = line
    ? {
        name: `Build your ${line.name}`,
        content: {
          component: "model-line",
          meta_title: `Build your ${line.name}`,
          meta_description: `Configure your ${line.name}: variant, engine, colour, interior and accessories, with driveaway pricing.`,
          meta_image: line.image ? { filename: line.image.filename, alt: line.image.alt } : undefined,
        },
      }
    : undefined;
  return contentPageMeta({ ...args, data: story ? { story } : undefined } as Parameters<typeof contentPageMeta>[0]);
};
export const headers: HeadersFunction = pageHeaders;

export default function ConfiguratorRoute() {
  const { catalogue, finance, calculatorResponse, abnOverride } = useLoaderData<typeof loader>();
  return <ConfiguratorPage catalogue={catalogue} finance={finance} calculatorResponse={calculatorResponse} abnOverride={abnOverride} />;
}

import { CacheControl } from "~/server/http/cache-control";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Country } from "~/content/schema";
import { data, redirect } from "@remix-run/node";
import { getStory } from "~/content/stories.server";
import { environmentContentVersion } from "~/server/env.server";
import { throwNotFound } from "~/features/routing/not-found.server";
import { calculatorContentFromSettings, NO_CALCULATOR_CONTENT, type CalculatorContent } from "~/features/finance/calculator-content";
import type { FinanceQuoteResponse } from "~/features/finance/quote-schema";
import { PAGE_HEADERS } from "~/features/routing/page-headers";
import { requireCountry } from "~/features/routing/country.server";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";
import { buyerChoiceCookies, buyerContextFromRequest } from "~/features/site-state/cookies.server";
import { buildQueryFromSearchParams, resolveBuild } from "./build";
import { abnFromCalculatorSubmit, serverCalculatorQuote } from "./calculator.server";
import { loadCatalogue } from "./catalogue.server";
import { BUYER_PARAMS, buildSummary, buyerContext, buyerFromSearchParams } from "./summary";
import type { Catalogue } from "./types";
import { CALCULATOR_OPEN_PARAM, canonicalBuildRedirectSearch, modelRedirectSearch } from "./view";

/**
 * ?model=<short name> (model pages' links) continues at the build's canonical address, and a
 * shared build URL carrying the AU state and buyer type stores them (cookies, as the pricing modal
 * does) and continues at the same build without them: the redirect, or null when none is due.
 */
function configuratorRedirect(url: URL, catalogue: Catalogue, country: Country): Response | null {
  const search = url.searchParams;
  const modelSearch = modelRedirectSearch(catalogue, search);
  if (!modelSearch && !search.has(BUYER_PARAMS.state) && !search.has(BUYER_PARAMS.buyer)) return null;
  const rest = new URLSearchParams(modelSearch ?? search);
  rest.delete(BUYER_PARAMS.state);
  rest.delete(BUYER_PARAMS.buyer);
  const headers = new Headers({ "Cache-Control": CacheControl.noStore });
  if (country === "au") for (const cookie of buyerChoiceCookies(buyerFromSearchParams(search))) headers.append("Set-Cookie", cookie);
  const query = rest.toString();
  return redirect(`${url.pathname}${query ? `?${query}` : ""}`, { headers });
}

interface ConfiguratorCalculator {
  finance: CalculatorContent;
  /** The server's quote for the no-JS calculator form in the URL. */
  calculatorResponse: FinanceQuoteResponse | null;
  /** The ABN flag the calculator form in the URL set, null when none. */
  abnOverride: boolean | null;
}

/**
 * The finance calculator's part of the page (AU only): its content from global/finance and, when
 * the URL opens the calculator (its no-JS GET form), the quote for the form and the buyer type it
 * chose, stored like the pricing modal's; such a response is private only when it sets that
 * choice or has no quote because the service failed.
 */
async function configuratorCalculator(
  request: Request,
  url: URL,
  catalogue: Catalogue,
  country: Country,
  headers: Headers,
): Promise<ConfiguratorCalculator> {
  if (country !== "au") return { finance: NO_CALCULATOR_CONTENT, calculatorResponse: null, abnOverride: null };
  const settings = await getStory<Record<string, unknown>>("global/finance", { country });
  const finance = calculatorContentFromSettings(settings?.content);
  const search = url.searchParams;
  if (search.get(CALCULATOR_OPEN_PARAM) !== "1") return { finance, calculatorResponse: null, abnOverride: null };

  const stored = buyerContextFromRequest(request, country);
  const abn = abnFromCalculatorSubmit(url);
  const buyer = buyerContext(country, stored, abn === undefined ? {} : { isABN: abn });
  // Business sets the ABN flag, Individual clears it (the same cookie the pricing modal sets).
  const setsBuyer = abn !== undefined && abn !== stored.isABN;
  if (setsBuyer) for (const cookie of buyerChoiceCookies({ isABN: abn })) headers.append("Set-Cookie", cookie);
  const build = resolveBuild(catalogue, buildQueryFromSearchParams(search));
  const summary = buildSummary(build, buyer);
  const calculatorResponse = await serverCalculatorQuote(catalogue, build, search, {
    driveawayPrice: summary?.total ?? null,
    isABN: buyer.isABN,
    balloonTable: finance.balloonTable,
  });
  // The quote follows from the URL's fields and the variant's buyer alone, so the page is shared
  // like any other; not when it sets this visitor's buyer type, or the quote service failed.
  if (setsBuyer || calculatorResponse?.error) headers.set("Cache-Control", CacheControl.privateNoStore);
  return { finance, calculatorResponse, abnOverride: abn ?? null };
}

/**
 * The loader of /{country}/config/{modelLine}: the model line's catalogue (a missing or unknown
 * line is a 404 'Page Not Found'), the redirects above, and the finance calculator's part.
 */
export async function loadConfiguratorPage({ request, params }: LoaderFunctionArgs) {
  const country = requireCountry(params);
  const slug = params.modelLine ?? "";
  const catalogue = /^[a-z0-9-]+$/.test(slug) ? await loadCatalogue(slug, country, { version: environmentContentVersion() }) : null;
  if (!catalogue) return throwNotFound(request, { country, reason: "missing-content" });

  const url = new URL(request.url);
  const moved = configuratorRedirect(url, catalogue, country);
  if (moved) throw moved;
  // One address per build: any other spelling continues at the build's canonical query.
  const canonical = canonicalBuildRedirectSearch(catalogue, url.searchParams);
  if (canonical) throw redirect(`${url.pathname}?${canonical.toString()}`, { headers: { "Cache-Control": CacheControl.noStore } });

  const headers = new Headers(PAGE_HEADERS);
  const calculator = await configuratorCalculator(request, url, catalogue, country, headers);
  return data({ country, catalogue, ...calculator, pageSettings: { ...DEFAULT_PAGE_SETTINGS, navbarSolid: true } }, { headers });
}

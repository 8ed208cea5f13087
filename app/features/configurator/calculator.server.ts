/**
 * The no-JavaScript finance calculator: the configurator's URL carries the calculator's GET form
 * (CALCULATOR_PARAMS); the server applies the calculator rules to it and asks the quote service.
 */
import { calculatorInputFromSearchParams, calculatorState, CALCULATOR_PARAMS } from "~/features/finance/calculator";
import type { BalloonTable } from "~/features/finance/balloon-table";
import type { FinanceQuoteResponse } from "~/features/finance/quote-schema";
import { requestQuote } from "~/features/finance/quote-service.server";
import type { ResolvedBuild } from "./build";
import type { Catalogue } from "./types";
import { CALCULATOR_OPEN_PARAM } from "./view";

/** The entity chosen in the form, as the ABN flag (Business sets it, Individual clears it); undefined when absent. */
export function abnFromCalculatorParams(params: URLSearchParams): boolean | undefined {
  const use = params.get(CALCULATOR_PARAMS.entityType);
  return use === "Business" ? true : use === "Individual" ? false : undefined;
}

/**
 * The buyer type a request's calculator submit chose: the configurator's no-JavaScript calculator
 * form (`/au/config/{line}?calculator=1&…`) with a Primary vehicle use; undefined on any other
 * request. The layout and the configurator both read it, so the pricing modal, the price-location
 * link and the prices of one response name the same buyer type (the cookie it sets counts from the
 * next request on).
 */
export function abnFromCalculatorSubmit(url: URL): boolean | undefined {
  if (!/^\/au\/config\/[^/]+\/?$/.test(url.pathname) || url.searchParams.get(CALCULATOR_OPEN_PARAM) !== "1") return undefined;
  return abnFromCalculatorParams(url.searchParams);
}

/** The quote for the form in the URL, or null when no quote can be asked for (no nvicCode, no price, below the minimum loan). */
export async function serverCalculatorQuote(
  catalogue: Catalogue,
  build: ResolvedBuild,
  params: URLSearchParams,
  options: { driveawayPrice: number | null; isABN: boolean; balloonTable: BalloonTable },
): Promise<FinanceQuoteResponse | null> {
  const model = build.model;
  if (!model?.nvicCode || options.driveawayPrice === null) return null;
  const state = calculatorState({
    ...calculatorInputFromSearchParams(params),
    driveawayPrice: options.driveawayPrice,
    isABN: options.isABN,
    balloonTable: options.balloonTable,
    vehicle: { nvicCode: model.nvicCode, make: "Kestrel", model: catalogue.line.name, variant: model.shortName, subModel: model.variantName },
  });
  if (!state.request) return { error: true, message: state.messages.loan ?? "No quote for these inputs" };
  try {
    return await requestQuote(state.request);
  } catch (error) {
    console.error("[finance] Server calculator quote failed:", error instanceof Error ? error.message : error);
    return { error: true };
  }
}

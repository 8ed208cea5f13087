import type { BuyerContext } from "~/features/pricing";
import type { VehicleLine } from "~/features/vehicles/types";
import { calculatorInputFromSearchParams, calculatorState } from "./calculator";
import { calculatorContentFromSettings, type CalculatorContent } from "./calculator-content";
import { abnFromUse, calculatorModelOptions, calculatorModelPrice, chosenCalculatorModel, type CalculatorModelOption } from "./page-calculator";
import type { FinanceQuoteResponse } from "./quote-schema";
import { financeSettings, requestQuote } from "./quote-service.server";

export interface PageCalculatorData {
  models: CalculatorModelOption[];
  content: CalculatorContent;
  /** The quote for the model and fields in the URL (the no-JavaScript form); null without a model. */
  serverResponse: FinanceQuoteResponse | null;
}

/** The finance page calculator's data: the quotable models, the calculator content, the URL's quote. */
export async function pageCalculatorData(lines: readonly VehicleLine[], params: URLSearchParams, buyer: BuyerContext): Promise<PageCalculatorData> {
  const models = calculatorModelOptions(lines);
  const content = calculatorContentFromSettings(await financeSettings({ country: buyer.country }));
  const chosen = chosenCalculatorModel(models, params);
  const price = chosen ? calculatorModelPrice(chosen, buyer) : null;
  if (!chosen || price === null) return { models, content, serverResponse: null };
  const state = calculatorState({
    ...calculatorInputFromSearchParams(params),
    driveawayPrice: price,
    isABN: abnFromUse(params) ?? buyer.isABN,
    balloonTable: content.balloonTable,
    vehicle: chosen.vehicle,
  });
  if (!state.request) return { models, content, serverResponse: { error: true, message: state.messages.loan ?? "No quote for these inputs" } };
  try {
    return { models, content, serverResponse: await requestQuote(state.request) };
  } catch (error) {
    console.error("[finance] Finance page calculator quote failed:", error instanceof Error ? error.message : error);
    return { models, content, serverResponse: { error: true } };
  }
}

/**
 * The finance page's repayment calculator: the buyer chooses a model there, then the calculator
 * (spec transactional.md section 2 "Finance calculator modal") runs for it in the page. The model
 * is in the URL (`?model=<line>/<model>`) with the calculator's fields, so the no-JavaScript form
 * round trip lands on the same model and figures.
 */
import { driveawayPrice, type BuyerContext, type PricedModel, type VehiclePriceInput } from "~/features/pricing";
import type { VehicleLine } from "~/features/vehicles/types";
import { CALCULATOR_PARAMS, type QuoteVehicle } from "./calculator";

/** The model chosen on the finance page. */
export const CALCULATOR_MODEL_PARAM = "model";

export interface CalculatorModelOption {
  /** `<line slug>/<model slug>`: the value of CALCULATOR_MODEL_PARAM. */
  key: string;
  name: string;
  lineName: string;
  pricing: PricedModel;
  vehiclePrice: VehiclePriceInput | null;
  vehicle: QuoteVehicle;
  /** Per-model disclaimers (price disclaimers, then the model's own). */
  disclaimers: string[];
}

/**
 * The models the calculator can quote, in the lines' order: those with an nvicCode (a quote needs
 * it, spec section 8). A model without a price for the buyer stays listed; it shows no quote.
 */
export function calculatorModelOptions(lines: readonly VehicleLine[]): CalculatorModelOption[] {
  return lines.flatMap((line) =>
    line.models
      .filter((model) => model.quoteVehicle.nvicCode?.trim())
      .map((model) => ({
        key: `${line.slug}/${model.slug}`,
        name: model.name,
        lineName: line.name,
        pricing: model.pricing,
        vehiclePrice: model.vehiclePrice,
        vehicle: model.quoteVehicle,
        disclaimers: [...model.priceDisclaimers.map((d) => d.text), model.disclaimer].filter(Boolean),
      })),
  );
}

/** The option the URL names, or null. */
export function chosenCalculatorModel(options: readonly CalculatorModelOption[], params: URLSearchParams): CalculatorModelOption | null {
  const key = params.get(CALCULATOR_MODEL_PARAM)?.trim();
  return (key && options.find((o) => o.key === key)) || null;
}

/** The driveaway price the calculator finances for the buyer, or null when there is none. */
export function calculatorModelPrice(option: CalculatorModelOption, buyer: BuyerContext): number | null {
  return driveawayPrice(option.pricing, buyer, option.vehiclePrice ?? undefined).amount;
}

/** The buyer type the form's Primary vehicle use chose (Business: ABN), or undefined. */
export function abnFromUse(params: URLSearchParams): boolean | undefined {
  const use = params.get(CALCULATOR_PARAMS.entityType);
  return use === "Business" ? true : use === "Individual" ? false : undefined;
}

/** The page with another model chosen (the calculator's fields start afresh), at the calculator. */
export function calculatorModelHref(pathname: string, key: string, anchor: string): string {
  return `${pathname}?${new URLSearchParams({ [CALCULATOR_MODEL_PARAM]: key }).toString()}#${anchor}`;
}

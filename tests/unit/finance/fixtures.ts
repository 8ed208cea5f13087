import type { FinanceQuoteRequest, QuoteVehicle } from "~/features/finance";

/** The vehicle of the hand-checked quote cases, shared by the finance tests. */
export const ASSET_DETAILS: FinanceQuoteRequest["assetDetails"] = {
  identificationCode: "NVIC123",
  type: "Motor Vehicle",
  classification: "Passenger",
  condition: "New",
  make: "Harbour",
  model: "H6",
  variant: "Premium",
  subModel: "",
  odometer: 10,
  factoryOptions: [],
  insurances: [],
  accessories: [],
};

/** The same vehicle as the calculator and the card quote take it (a model's fields). */
export const QUOTE_VEHICLE: QuoteVehicle = {
  nvicCode: ASSET_DETAILS.identificationCode,
  make: ASSET_DETAILS.make,
  model: ASSET_DETAILS.model,
  variant: ASSET_DETAILS.variant,
  subModel: ASSET_DETAILS.subModel,
};

/**
 * A valid quote request for ASSET_DETAILS (a copy of it): the finance.md base case, $40,990 over
 * 60 months for an Individual, without deposit, balloon or trade-in; `overrides` replace fields.
 */
export function quoteRequest(overrides: Partial<FinanceQuoteRequest> = {}): FinanceQuoteRequest {
  return {
    financeTermInMonths: 60,
    assetPurchasePrice: 40990,
    isGFV: false,
    isBalloon: false,
    balloon: { balloonAmount: 0 },
    tradeIn: { tradeInValue: 0, tradeInPayout: 0 },
    entityType: "Individual",
    assetDetails: { ...ASSET_DETAILS },
    ...overrides,
  };
}

import type { FinanceQuoteRequest } from "~/features/finance";

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

import { describe, expect, it } from "vitest";
import {
  financeQuoteRequestSchema,
  financeQuoteResponseSchema,
  parseQuoteRequest,
  parseQuoteResponse,
} from "~/features/finance/quote-schema";
import { ASSET_DETAILS, quoteRequest } from "./fixtures";

/** The spec §3 body: a deposit, a balloon and a factory option on the fixture vehicle. */
function validRequest(): Record<string, unknown> {
  return quoteRequest({
    depositAmount: 5000,
    isBalloon: true,
    balloon: { balloonAmount: 8198 },
    assetDetails: { ...ASSET_DETAILS, factoryOptions: [{ code: "PAINT", name: "Premium paint", amount: 690 }] },
  });
}

/** Deep copy with one change at a dotted path (undefined deletes). */
function withChange(path: string, value: unknown): Record<string, unknown> {
  const body = structuredClone(validRequest());
  const keys = path.split(".");
  let target = body as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  if (value === undefined) delete target[last];
  else target[last] = value;
  return body;
}

function errorsOf(body: unknown): string[] {
  const result = parseQuoteRequest(body);
  return result.success ? [] : result.errors;
}

describe("quote request schema: valid bodies", () => {
  it("accepts the spec §3 body", () => {
    expect(parseQuoteRequest(validRequest())).toEqual({ success: true, data: validRequest() });
  });
  it("accepts a body without depositAmount and without a balloon", () => {
    const body: Record<string, unknown> = { ...validRequest(), isBalloon: false, balloon: { balloonAmount: 0 } };
    delete body.depositAmount;
    expect(financeQuoteRequestSchema.safeParse(body).success).toBe(true);
  });
  it("accepts Business, every offered term and cents", () => {
    for (const term of [12, 24, 36, 48, 60, 72, 84]) {
      expect(financeQuoteRequestSchema.safeParse({ ...validRequest(), financeTermInMonths: term }).success).toBe(true);
    }
    expect(
      financeQuoteRequestSchema.safeParse({ ...validRequest(), entityType: "Business", assetPurchasePrice: 40990.95 })
        .success,
    ).toBe(true);
  });
});

describe("quote request schema: invalid bodies", () => {
  const cases: [name: string, body: unknown, message: string][] = [
    ["not an object", "hello", "the quote request must be a JSON object"],
    ["null", null, "the quote request must be a JSON object"],
    ["term missing", withChange("financeTermInMonths", undefined), "financeTermInMonths must be a number of months"],
    ["term as a string", withChange("financeTermInMonths", "60"), "financeTermInMonths must be a number of months"],
    [
      "term not offered",
      withChange("financeTermInMonths", 18),
      "financeTermInMonths must be one of 12, 24, 36, 48, 60, 72, 84",
    ],
    [
      "term above 84",
      withChange("financeTermInMonths", 96),
      "financeTermInMonths must be one of 12, 24, 36, 48, 60, 72, 84",
    ],
    ["price 0", withChange("assetPurchasePrice", 0), "assetPurchasePrice (the driveaway price) must be greater than 0"],
    ["price negative", withChange("assetPurchasePrice", -1), "assetPurchasePrice must not be negative"],
    [
      "price with 3 decimals",
      withChange("assetPurchasePrice", 40990.123),
      "assetPurchasePrice must have at most 2 decimal places",
    ],
    ["price NaN", withChange("assetPurchasePrice", Number.NaN), "assetPurchasePrice must be a number"],
    [
      "deposit 0",
      withChange("depositAmount", 0),
      "depositAmount must be greater than 0; omit it when there is no deposit",
    ],
    ["deposit as a string", withChange("depositAmount", "5,000"), "depositAmount must be a number"],
    [
      "deposit not below the price",
      withChange("depositAmount", 40990),
      "depositAmount must be less than assetPurchasePrice",
    ],
    ["isGFV true", withChange("isGFV", true), "isGFV must be false"],
    ["isBalloon missing", withChange("isBalloon", undefined), "isBalloon must be true or false"],
    ["balloon missing", withChange("balloon", undefined), "balloon must be an object {balloonAmount}"],
    ["balloon amount negative", withChange("balloon.balloonAmount", -5), "balloon.balloonAmount must not be negative"],
    [
      "balloon amount 0 with isBalloon",
      withChange("balloon.balloonAmount", 0),
      "balloon.balloonAmount must be greater than 0 when isBalloon is true",
    ],
    [
      "balloon not below the price",
      withChange("balloon.balloonAmount", 40990),
      "balloon.balloonAmount must be less than assetPurchasePrice",
    ],
    ["tradeIn missing", withChange("tradeIn", undefined), "tradeIn must be an object {tradeInValue, tradeInPayout}"],
    [
      "tradeIn payout missing",
      withChange("tradeIn.tradeInPayout", undefined),
      "tradeIn.tradeInPayout must be a number",
    ],
    ["entity type unknown", withChange("entityType", "Trust"), "entityType must be 'Individual' or 'Business'"],
    ["assetDetails missing", withChange("assetDetails", undefined), "assetDetails is required"],
    [
      "nvicCode empty",
      withChange("assetDetails.identificationCode", "  "),
      "assetDetails.identificationCode (the model's nvicCode) is required",
    ],
    [
      "nvicCode missing",
      withChange("assetDetails.identificationCode", undefined),
      "assetDetails.identificationCode (the model's nvicCode) is required",
    ],
    ["wrong asset type", withChange("assetDetails.type", "Motorcycle"), "assetDetails.type must be 'Motor Vehicle'"],
    [
      "wrong classification",
      withChange("assetDetails.classification", "Commercial"),
      "assetDetails.classification must be 'Passenger'",
    ],
    ["used vehicle", withChange("assetDetails.condition", "Used"), "assetDetails.condition must be 'New'"],
    ["make not a string", withChange("assetDetails.make", 5), "assetDetails.make must be a string"],
    ["odometer fractional", withChange("assetDetails.odometer", 10.5), "assetDetails.odometer must be a whole number"],
    [
      "factory options not a list",
      withChange("assetDetails.factoryOptions", {}),
      "assetDetails.factoryOptions must be a list",
    ],
    [
      "factory option without amount",
      withChange("assetDetails.factoryOptions", [{ code: "X", name: "Y" }]),
      "assetDetails.factoryOptions.0.amount: factoryOptions[].amount must be a number",
    ],
    ["insurances not a list", withChange("assetDetails.insurances", null), "assetDetails.insurances must be a list"],
  ];
  it.each(cases)("rejects %s", (_name, body, message) => {
    expect(errorsOf(body)).toContain(message);
  });
  it("rejects a balloon amount when isBalloon is false", () => {
    expect(errorsOf(withChange("isBalloon", false))).toEqual([
      "balloon.balloonAmount must be 0 when isBalloon is false",
    ]);
  });
  it("rejects unknown or misspelt fields", () => {
    const errors = errorsOf({ ...validRequest(), deposit: 5000 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/deposit/);
    expect(errorsOf(withChange("tradeIn.tradeInVal", 1))[0]).toMatch(/^tradeIn: .*tradeInVal/);
  });
  it("lists every problem, one line each", () => {
    const errors = errorsOf({ ...validRequest(), financeTermInMonths: 61, entityType: "Trust", isGFV: true });
    expect(errors).toHaveLength(3);
  });
});

describe("quote response schema", () => {
  const success = {
    error: false,
    quoteDetails: {
      repaymentSchedules: [
        { instalmentFrequency: "Weekly", totalAmount: 195.87 },
        { instalmentFrequency: "Fortnightly", totalAmount: 392 },
        { instalmentFrequency: "Monthly", totalAmount: 850.69 },
      ],
      programDetails: { rateDetails: { customerRate: 8.99, comparisonRate: 10.09 } },
      financedAmount: 40990,
    },
  };
  it("accepts a success answer, also with extra partner fields", () => {
    expect(parseQuoteResponse(success).success).toBe(true);
    const extra = structuredClone(success) as Record<string, unknown> & typeof success;
    (extra.quoteDetails as Record<string, unknown>).quoteId = "Q-1";
    const parsed = financeQuoteResponseSchema.parse(extra);
    expect(parsed.error === false && (parsed.quoteDetails as Record<string, unknown>).quoteId).toBe("Q-1");
  });
  it("accepts an error answer, and a Business answer without a comparison rate", () => {
    expect(parseQuoteResponse({ error: true }).success).toBe(true);
    expect(parseQuoteResponse({ error: true, message: "Service unavailable" }).success).toBe(true);
    const business = structuredClone(success);
    business.quoteDetails.programDetails.rateDetails = {
      customerRate: 9.49,
    } as typeof business.quoteDetails.programDetails.rateDetails;
    expect(parseQuoteResponse(business).success).toBe(true);
  });
  it("rejects a body without the error flag, a success without quoteDetails, and bad figures", () => {
    expect(parseQuoteResponse({ quoteDetails: success.quoteDetails })).toEqual({
      success: false,
      errors: ["error: the quote response must be an object with a boolean error flag"],
    });
    expect(parseQuoteResponse({ error: false })).toEqual({
      success: false,
      errors: ["quoteDetails is required when error is false"],
    });
    expect(parseQuoteResponse({ error: "no" }).success).toBe(false);
    const empty = structuredClone(success);
    empty.quoteDetails.repaymentSchedules = [];
    expect(parseQuoteResponse(empty)).toEqual({
      success: false,
      errors: ["quoteDetails.repaymentSchedules must not be empty"],
    });
    const noRate = structuredClone(success) as { quoteDetails: Record<string, unknown> };
    delete noRate.quoteDetails.programDetails;
    expect(parseQuoteResponse(noRate)).toEqual({
      success: false,
      errors: ["quoteDetails.programDetails.rateDetails is required"],
    });
    const badAmount = structuredClone(success) as { quoteDetails: { repaymentSchedules: Record<string, unknown>[] } };
    badAmount.quoteDetails.repaymentSchedules[0].totalAmount = "195.87";
    expect(parseQuoteResponse(badAmount)).toEqual({
      success: false,
      errors: ["quoteDetails.repaymentSchedules.0.totalAmount: totalAmount must be a number"],
    });
  });
});

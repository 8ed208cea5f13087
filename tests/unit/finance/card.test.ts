import { describe, expect, it } from "vitest";
import { buildCardQuoteRequest, cardQuoteFigures, cardQuoteInputs } from "~/features/finance/card";
import { MissingNvicCodeError } from "~/features/finance/calculator";
import { CARD_QUOTE_ERROR_MESSAGE } from "~/features/finance/constants";
import { calculateQuote, quoteResponse } from "~/features/finance/engine";
import { financeQuoteRequestSchema } from "~/features/finance/quote-schema";
import { QUOTE_VEHICLE } from "./fixtures";

const vehicle = QUOTE_VEHICLE;

describe("cardQuoteInputs", () => {
  it("uses 60 months, 20 % deposit, 20 % balloon of the driveaway price, weekly, Individual", () => {
    expect(cardQuoteInputs(40990)).toEqual({
      termMonths: 60,
      depositPercent: 20,
      depositAmount: 8198,
      balloonPercent: 20,
      balloonAmount: 8198,
      frequency: "Weekly",
      entityType: "Individual",
      summary: "20% deposit | 60 month term | Balloon payment | Total amount repayable",
      quotable: true,
    });
  });
  it("rounds the 20 % amounts half-up to cents and reads CMS price strings", () => {
    const inputs = cardQuoteInputs("45,990.05");
    expect(inputs.depositAmount).toBe(9198.01);
    expect(inputs.balloonAmount).toBe(9198.01);
  });
  it("caps the deposit to leave the minimum loan on a cheap vehicle", () => {
    const inputs = cardQuoteInputs(8000);
    expect(inputs.balloonAmount).toBe(1600);
    expect(inputs.depositAmount).toBe(1400); // 8000 − 5000 − 1600
    expect(inputs.quotable).toBe(true);
  });
  it("is not quotable when even no deposit leaves less than $5,000, or without a price", () => {
    expect(cardQuoteInputs(6000).quotable).toBe(false);
    expect(cardQuoteInputs("").quotable).toBe(false);
    expect(buildCardQuoteRequest(6000, vehicle)).toBeNull();
  });
  it("keeps the balloon within a content table's maximum", () => {
    expect(cardQuoteInputs(40990, { balloonTable: [{ termMonths: 60, maxPercent: 15 }] }).balloonPercent).toBe(15);
  });
});

describe("buildCardQuoteRequest", () => {
  it("builds a valid request: not GFV, no trade-in, odometer 10, New, Motor Vehicle, Passenger", () => {
    const request = buildCardQuoteRequest("40990", vehicle);
    expect(request).toMatchObject({
      financeTermInMonths: 60,
      assetPurchasePrice: 40990,
      depositAmount: 8198,
      isGFV: false,
      isBalloon: true,
      balloon: { balloonAmount: 8198 },
      tradeIn: { tradeInValue: 0, tradeInPayout: 0 },
      entityType: "Individual",
      assetDetails: {
        identificationCode: "NVIC123",
        type: "Motor Vehicle",
        classification: "Passenger",
        condition: "New",
        odometer: 10,
      },
    });
    expect(financeQuoteRequestSchema.safeParse(request).success).toBe(true);
  });
  it("throws without nvicCode", () => {
    expect(() => buildCardQuoteRequest(40990, { nvicCode: undefined })).toThrow(MissingNvicCodeError);
  });
});

describe("cardQuoteFigures", () => {
  it("shows the weekly repayment, indicative rate, comparison rate and total amount repayable", () => {
    const request = buildCardQuoteRequest(40990, vehicle);
    if (!request) throw new Error("expected a request");
    const response = quoteResponse(
      calculateQuote(request, { baseRatePercent: 8.99, establishmentFee: 0, monthlyFee: 0 }),
    );
    // Hand-checked: L = 32,792, B = 8,198, 8.99 %, 260 weeks → 131.69; 131.69 × 260 + 8,198 = 42,437.40.
    expect(cardQuoteFigures(response)).toEqual({
      repayment: 131.69,
      customerRate: 8.99,
      comparisonRate: 8.99,
      financedAmount: 32792,
      totalAmountRepayable: 42437.4,
    });
  });
  it("gives null on an error answer, for the card's error message", () => {
    expect(cardQuoteFigures({ error: true, message: "down" })).toBeNull();
    expect(CARD_QUOTE_ERROR_MESSAGE).toBe(
      "Unfortunately, we can't get you a finance estimate right now. Please contact your local dealer to discuss your finance options.",
    );
  });
});

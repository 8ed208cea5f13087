import { describe, expect, it } from "vitest";
import type { FinanceConfig } from "~/features/finance/config";
import {
  calculateQuote,
  calculateQuoteFromBody,
  comparisonRatePercent,
  instalment,
  numberOfInstalments,
  quoteResponse,
  repaymentFigures,
  runQuote,
  standardComparisonRate,
} from "~/features/finance/engine";
import { solveRate } from "~/features/finance/irr";
import { roundHalfUp } from "~/features/finance/money";
import { financeQuoteResponseSchema } from "~/features/finance/quote-schema";
import { quoteRequest as request } from "./fixtures";

/**
 * Expected figures are hand-checked: each one was recomputed outside this code base with
 * 60-digit decimal arithmetic (P = (L − B·vⁿ)·r/(1 − vⁿ), one half-up rounding, reg 100 IRR by
 * bisection), and the ones finance.md states (base case, BankSA figures) agree with it.
 */

const NO_FEES: FinanceConfig = { baseRatePercent: 8.99, establishmentFee: 0, monthlyFee: 0 };

function figures(amount: number, balloon: number, ratePercent: number, termMonths: number) {
  return (["Weekly", "Fortnightly", "Monthly"] as const).map((frequency) => {
    const f = repaymentFigures({ amount, balloon, ratePercent, termMonths, frequency });
    return [f.numberOfInstalments, f.instalment, f.totalAmountRepayable];
  });
}

describe("number of instalments", () => {
  it("is months × 52/12, 26/12 or 1", () => {
    expect([12, 24, 36, 48, 60, 72, 84].map((t) => numberOfInstalments(t, "Weekly"))).toEqual([
      52, 104, 156, 208, 260, 312, 364,
    ]);
    expect([12, 24, 36, 48, 60, 72, 84].map((t) => numberOfInstalments(t, "Fortnightly"))).toEqual([
      26, 52, 78, 104, 130, 156, 182,
    ]);
    expect(numberOfInstalments(60, "Monthly")).toBe(60);
  });
  it("refuses terms that are not a whole number of instalments", () => {
    expect(() => numberOfInstalments(13, "Weekly")).toThrow(RangeError);
  });
});

describe("instalment and total amount repayable (hand-checked)", () => {
  it("zero balloon: the finance.md base case $40,990 at 8.99 % over 60 months", () => {
    expect(figures(40990, 0, 8.99, 60)).toEqual([
      [260, 195.87, 50926.2],
      [130, 392.0, 50960.0],
      [60, 850.69, 51041.4],
    ]);
  });
  it("maximum balloon for 60 months: 30 % of $40,990 = $12,297, due at the end", () => {
    expect(figures(40990, 12297, 8.99, 60)).toEqual([
      [260, 158.37, 53473.2],
      [130, 316.92, 53496.6],
      [60, 687.61, 53553.6],
    ]);
  });
  it("maximum balloon for 12 months: 70 % of $40,990 = $28,693", () => {
    expect(figures(40990, 28693, 8.99, 12)).toEqual([
      [52, 297.08, 44141.16],
      [26, 594.57, 44151.82],
      [12, 1290.29, 44176.48],
    ]);
  });
  it("24 months with a 60 % balloon at 6.99 %", () => {
    expect(figures(35000, 21000, 6.99, 24)).toEqual([
      [104, 172.56, 38946.24],
      [52, 345.31, 38956.12],
      [24, 749.08, 38977.92],
    ]);
  });
  it("84 months", () => {
    expect(figures(40990, 0, 8.99, 84)).toEqual([
      [364, 151.83, 55266.12],
      [182, 303.85, 55300.7],
      [84, 659.28, 55379.52],
    ]);
  });
  it("0 %: (L − B)/n, no division by zero", () => {
    expect(figures(30000, 9000, 0, 60)).toEqual([
      [260, 80.77, 30000.2],
      [130, 161.54, 30000.2],
      [60, 350, 30000],
    ]);
  });
  it("rounds once, half-up, at an exact half cent (0 %: 6000.06 / 12 = 500.005 → 500.01)", () => {
    // In binary 6000.06 / 12 is 500.00499999999994, which Math.round(x * 100) / 100 takes to 500.00.
    expect(instalment({ amount: 6000.06, ratePercent: 0, termMonths: 12, frequency: "Monthly" })).toBe(500.01);
  });
  it("rounds the full-precision value, not a 3-decimal one (369.334999936 → 369.33, not 369.34)", () => {
    const f = repaymentFigures({ amount: 38620, ratePercent: 8.99, termMonths: 60, frequency: "Fortnightly" });
    expect(f.instalment).toBe(369.33);
    expect(f.totalAmountRepayable).toBe(48012.9);
  });
  it("rounds up just above the half cent (1072.635000059 → 1072.64, 325.755000073 → 325.76)", () => {
    expect(instalment({ amount: 44371, ratePercent: 7.49, termMonths: 48, frequency: "Monthly" })).toBe(1072.64);
    expect(instalment({ amount: 34063, ratePercent: 8.99, termMonths: 60, frequency: "Fortnightly" })).toBe(325.76);
    expect(instalment({ amount: 38976, ratePercent: 7.49, termMonths: 48, frequency: "Monthly" })).toBe(942.21);
  });
  it("in advance divides the arrears instalment by 1 + r", () => {
    expect(
      instalment({ amount: 40990, ratePercent: 8.99, termMonths: 60, frequency: "Monthly", timing: "advance" }),
    ).toBe(844.36);
    expect(
      instalment({ amount: 40990, ratePercent: 8.99, termMonths: 60, frequency: "Weekly", timing: "advance" }),
    ).toBe(195.53);
  });
  it("can add the monthly fee pro rata to the instalment, rounding the sum once", () => {
    const weekly = repaymentFigures({
      amount: 40990,
      ratePercent: 8.99,
      termMonths: 60,
      frequency: "Weekly",
      monthlyFee: 12,
    });
    expect(weekly.instalment).toBe(198.64); // 195.866123 + 12 × 12/52
    expect(weekly.totalAmountRepayable).toBe(50926.2); // principal and interest only
    expect(
      instalment({ amount: 40990, ratePercent: 8.99, termMonths: 60, frequency: "Fortnightly", monthlyFee: 12 }),
    ).toBe(397.54);
    expect(instalment({ amount: 40990, ratePercent: 8.99, termMonths: 60, frequency: "Monthly", monthlyFee: 12 })).toBe(
      862.69,
    );
  });
});

describe("comparison rate (reg 100, $30,000 over 5 years, monthly)", () => {
  // finance.md §2.4 and §8: Westpac-group published rates, fees $195 or $250 + $12 a month.
  const published: [rate: number, establishmentFee: number, comparison: number][] = [
    [7.49, 195, 8.6],
    [12.74, 195, 13.81],
    [6.49, 250, 7.69],
    [6.49, 195, 7.61],
    [12.99, 250, 14.14],
    [12.99, 195, 14.06],
    [4.99, 195, 6.13],
    [8.49, 195, 9.6],
    [7.99, 195, 9.1],
  ];
  it.each(published)("%s %% with a $%s establishment fee and $12 a month gives %s %%", (rate, fee, expected) => {
    expect(standardComparisonRate(rate, { establishmentFee: fee, monthlyFee: 12 })).toBe(expected);
  });
  it("solves the worked example to 8.6044 %", () => {
    expect(comparisonRatePercent({ ratePercent: 7.49, establishmentFee: 195, monthlyFee: 12 })).toBeCloseTo(8.6044, 4);
  });
  it("reproduces the published total payable including fees ($37,014) with the fee added to the loan", () => {
    const f = repaymentFigures({ amount: 30195, ratePercent: 7.49, termMonths: 60, frequency: "Monthly" });
    expect(f.instalment).toBe(604.9);
    expect(f.totalAmountRepayable + 12 * 60).toBe(37014);
  });
  it("equals the customer rate without fees, and is 0 at 0 % without fees", () => {
    expect(comparisonRatePercent({ ratePercent: 8.99, establishmentFee: 0, monthlyFee: 0 })).toBeCloseTo(8.99, 9);
    expect(comparisonRatePercent({ ratePercent: 0, establishmentFee: 0, monthlyFee: 0 })).toBe(0);
  });
  it("is positive at 0 % when there are fees", () => {
    expect(comparisonRatePercent({ ratePercent: 0, establishmentFee: 195, monthlyFee: 12 })).toBeCloseTo(1.19613, 5);
  });
  it("annualises weekly and fortnightly IRRs with 52.18 and 26.09 (the +0.03 % artefact of finance.md §2.5)", () => {
    expect(
      roundHalfUp(
        comparisonRatePercent({
          ratePercent: 8.99,
          establishmentFee: 0,
          monthlyFee: 0,
          amount: 40990,
          frequency: "Weekly",
        }),
        2,
      ),
    ).toBe(9.02);
    expect(
      roundHalfUp(
        comparisonRatePercent({ ratePercent: 8.99, establishmentFee: 0, monthlyFee: 0, frequency: "Fortnightly" }),
        2,
      ),
    ).toBe(9.02);
    // Monthly fees in a weekly example sit at j = month × 52/12.
    expect(
      comparisonRatePercent({ ratePercent: 7.49, establishmentFee: 195, monthlyFee: 12, frequency: "Weekly" }),
    ).toBeCloseTo(8.64328, 5);
  });
  it("handles instalments in advance", () => {
    expect(
      comparisonRatePercent({ ratePercent: 7.49, establishmentFee: 195, monthlyFee: 12, timing: "advance" }),
    ).toBeCloseTo(8.64432, 5);
  });
});

describe("solveRate", () => {
  it("finds the IRR of a simple loan and falls back to bisection from a bad guess", () => {
    const flows = [
      { time: 0, amount: 1000 },
      { time: 1, amount: -1100 },
    ];
    expect(solveRate(flows)).toBeCloseTo(0.1, 12);
    expect(solveRate(flows, 50)).toBeCloseTo(0.1, 12);
  });
  it("throws when there is no rate", () => {
    expect(() =>
      solveRate([
        { time: 0, amount: 100 },
        { time: 1, amount: 50 },
      ]),
    ).toThrow(RangeError);
  });
});

describe("calculateQuote", () => {
  it("quotes all three frequencies for Individual with the standard comparison rate", () => {
    const q = calculateQuote(request(), NO_FEES);
    expect(q).toMatchObject({
      ok: true,
      customerRate: 8.99,
      comparisonRate: 8.99,
      financedAmount: 40990,
      amountOfCredit: 40990,
      schedules: [
        { frequency: "Weekly", instalment: 195.87, numberOfInstalments: 260, totalAmountRepayable: 50926.2 },
        { frequency: "Fortnightly", instalment: 392, numberOfInstalments: 130, totalAmountRepayable: 50960 },
        { frequency: "Monthly", instalment: 850.69, numberOfInstalments: 60, totalAmountRepayable: 51041.4 },
      ],
    });
  });
  it("adds the establishment fee to the financed amount; the comparison rate uses the configured fees", () => {
    const config: FinanceConfig = { baseRatePercent: 7.49, establishmentFee: 195, monthlyFee: 12 };
    const q = calculateQuote(request({ assetPurchasePrice: 30000, financeTermInMonths: 60 }), config);
    expect(q.ok && q.financedAmount).toBe(30195);
    expect(q.ok && q.schedules[2].instalment).toBe(604.9);
    expect(q.ok && q.comparisonRate).toBe(8.6);
    // Same comparison rate when the fee is paid upfront (fee is C₀ either way).
    const upfront = calculateQuote(request({ assetPurchasePrice: 30000 }), {
      ...config,
      establishmentFeeFinanced: false,
    });
    expect(upfront.ok && upfront.financedAmount).toBe(30000);
    expect(upfront.ok && upfront.schedules[2].instalment).toBe(601);
    expect(upfront.ok && upfront.comparisonRate).toBe(8.6);
  });
  it("caps the deposit to leave the minimum loan, with the balloon", () => {
    const q = calculateQuote(request({ depositAmount: 30000, isBalloon: true, balloon: { balloonAmount: 12297 } }), {
      ...NO_FEES,
      establishmentFee: 195,
    });
    expect(q).toMatchObject({
      ok: true,
      depositApplied: 23693,
      amountOfCredit: 17297,
      financedAmount: 17492,
      balloonAmount: 12297,
    });
    expect(q.ok && q.schedules.map((s) => [s.instalment, s.totalAmountRepayable])).toEqual([
      [46.08, 24277.8],
      [92.2, 24283],
      [199.94, 24293.4],
    ]);
  });
  it("applies a net trade-in (value − payout) like a deposit", () => {
    const q = calculateQuote(
      request({ depositAmount: 5000, tradeIn: { tradeInValue: 10000, tradeInPayout: 4000 } }),
      NO_FEES,
    );
    expect(q).toMatchObject({ ok: true, amountOfCredit: 29990 });
    expect(q.ok && q.schedules[2].instalment).toBe(622.4);
  });
  it("rejects a balloon above the term's maximum percent of the price", () => {
    expect(calculateQuote(request({ isBalloon: true, balloon: { balloonAmount: 12297.01 } }), NO_FEES)).toEqual({
      ok: false,
      reason: "balloon_over_limit",
      message: "The maximum balloon amount for your loan term is 30%",
    });
    expect(
      calculateQuote(request({ financeTermInMonths: 84, isBalloon: true, balloon: { balloonAmount: 100 } }), NO_FEES),
    ).toMatchObject({ ok: false, message: "There is no balloon option available for the loan term selected." });
  });
  it("uses the configured balloon table", () => {
    const config: FinanceConfig = { ...NO_FEES, balloonTable: [{ termMonths: 60, maxPercent: 10 }] };
    expect(calculateQuote(request({ isBalloon: true, balloon: { balloonAmount: 4099 } }), config).ok).toBe(true);
    expect(calculateQuote(request({ isBalloon: true, balloon: { balloonAmount: 4100 } }), config)).toMatchObject({
      ok: false,
      message: "The maximum balloon amount for your loan term is 10%",
    });
  });
  it("rejects a loan below the minimum even without a deposit", () => {
    expect(calculateQuote(request({ assetPurchasePrice: 4999 }), NO_FEES)).toEqual({
      ok: false,
      reason: "below_minimum_loan",
      message: "The minimum loan amount is $5,000.",
    });
    expect(calculateQuote(request({ assetPurchasePrice: 5000 }), NO_FEES).ok).toBe(true);
    expect(calculateQuote(request({ assetPurchasePrice: 8000 }), { ...NO_FEES, minLoanAmount: 10000 })).toMatchObject({
      ok: false,
      message: "The minimum loan amount is $10,000.",
    });
  });
  it("quotes Business monthly only, at the business rate, without a comparison rate", () => {
    const q = calculateQuote(request({ entityType: "Business" }), { ...NO_FEES, businessRatePercent: 9.49 });
    expect(q).toMatchObject({ ok: true, entityType: "Business", customerRate: 9.49, comparisonRate: null });
    expect(q.ok && q.schedules).toEqual([
      { frequency: "Monthly", instalment: 860.67, numberOfInstalments: 60, totalAmountRepayable: 51640.2 },
    ]);
    // Without a business rate the base rate applies.
    const base = calculateQuote(request({ entityType: "Business" }), NO_FEES);
    expect(base.ok && base.customerRate).toBe(8.99);
  });
  it("handles a 0 % configuration", () => {
    const q = calculateQuote(
      request({ assetPurchasePrice: 30000, isBalloon: true, balloon: { balloonAmount: 9000 } }),
      {
        baseRatePercent: 0,
        establishmentFee: 0,
        monthlyFee: 0,
      },
    );
    expect(q).toMatchObject({ ok: true, customerRate: 0, comparisonRate: 0 });
    expect(q.ok && q.schedules.map((s) => s.instalment)).toEqual([80.77, 161.54, 350]);
  });
  it("can show instalments including the monthly fee", () => {
    const q = calculateQuote(request(), { ...NO_FEES, monthlyFee: 12, repaymentIncludesFees: true });
    expect(q.ok && q.schedules.map((s) => s.instalment)).toEqual([198.64, 397.54, 862.69]);
  });
});

describe("quote response", () => {
  it("answers in the spec §3 shape, which the response schema accepts", () => {
    const response = quoteResponse(
      calculateQuote(request(), { baseRatePercent: 8.99, establishmentFee: 195, monthlyFee: 12 }),
    );
    expect(financeQuoteResponseSchema.safeParse(response).success).toBe(true);
    expect(response).toEqual({
      error: false,
      quoteDetails: {
        repaymentSchedules: [
          { instalmentFrequency: "Weekly", totalAmount: 196.8, numberOfInstalments: 260, totalAmountRepayable: 51168 },
          {
            instalmentFrequency: "Fortnightly",
            totalAmount: 393.86,
            numberOfInstalments: 130,
            totalAmountRepayable: 51201.8,
          },
          {
            instalmentFrequency: "Monthly",
            totalAmount: 854.73,
            numberOfInstalments: 60,
            totalAmountRepayable: 51283.8,
          },
        ],
        programDetails: { rateDetails: { customerRate: 8.99, comparisonRate: 10.09 } },
        financedAmount: 41185,
      },
    });
  });
  it("answers an error flag for a rule violation or an invalid body", () => {
    expect(runQuote(request({ assetPurchasePrice: 4000 }), NO_FEES)).toEqual({
      error: true,
      message: "The minimum loan amount is $5,000.",
    });
    const invalid = runQuote({ financeTermInMonths: 61 }, NO_FEES);
    expect(invalid.error).toBe(true);
    expect(financeQuoteResponseSchema.safeParse(invalid).success).toBe(true);
    const detailed = calculateQuoteFromBody("not json", NO_FEES);
    expect(detailed).toMatchObject({ ok: false, reason: "invalid_request" });
    expect(runQuote(request(), NO_FEES).error).toBe(false);
  });
});

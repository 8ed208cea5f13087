import { describe, expect, it } from "vitest";
import { isQuoteResponse } from "~/features/finance/quote-response-check";
import { financeQuoteResponseSchema } from "~/features/finance/quote-schema";

const success = {
  error: false,
  quoteDetails: {
    repaymentSchedules: [
      { instalmentFrequency: "Weekly", totalAmount: 195.87, numberOfInstalments: 260, totalAmountRepayable: 50926.2 },
      { instalmentFrequency: "Monthly", totalAmount: 850.69 },
    ],
    programDetails: { rateDetails: { customerRate: 8.99, comparisonRate: 10.09 } },
    financedAmount: 40990,
  },
};

/** A copy of the success answer with one change at a dotted path (undefined deletes). */
function withChange(path: string, value: unknown): unknown {
  const body = structuredClone(success) as Record<string, unknown>;
  const keys = path.split(".");
  let target = body;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  if (value === undefined) delete target[last];
  else target[last] = value;
  return body;
}

const bodies: [string, unknown][] = [
  ["a success answer", success],
  ["extra partner fields", withChange("quoteDetails.quoteId", "Q-1")],
  ["an error answer", { error: true }],
  ["an error answer with a message", { error: true, message: "Service unavailable" }],
  ["an error answer with a non-text message", { error: true, message: 5 }],
  ["no comparison rate (Business)", withChange("quoteDetails.programDetails.rateDetails.comparisonRate", undefined)],
  ["a null comparison rate", withChange("quoteDetails.programDetails.rateDetails.comparisonRate", null)],
  ["no error flag", { quoteDetails: success.quoteDetails }],
  ["a text error flag", { error: "no" }],
  ["a success without quoteDetails", { error: false }],
  ["no schedules", withChange("quoteDetails.repaymentSchedules", [])],
  ["schedules not a list", withChange("quoteDetails.repaymentSchedules", { Weekly: 1 })],
  ["an amount as text", withChange("quoteDetails.repaymentSchedules.0.totalAmount", "195.87")],
  ["a negative amount", withChange("quoteDetails.repaymentSchedules.0.totalAmount", -1)],
  ["an empty frequency", withChange("quoteDetails.repaymentSchedules.0.instalmentFrequency", "")],
  ["a fractional instalment count", withChange("quoteDetails.repaymentSchedules.0.numberOfInstalments", 2.5)],
  ["a zero instalment count", withChange("quoteDetails.repaymentSchedules.0.numberOfInstalments", 0)],
  ["a negative total repayable", withChange("quoteDetails.repaymentSchedules.0.totalAmountRepayable", -3)],
  ["no programDetails", withChange("quoteDetails.programDetails", undefined)],
  ["no customer rate", withChange("quoteDetails.programDetails.rateDetails.customerRate", undefined)],
  ["a text comparison rate", withChange("quoteDetails.programDetails.rateDetails.comparisonRate", "10.09")],
  ["no financed amount", withChange("quoteDetails.financedAmount", undefined)],
  ["null", null],
  ["a list", [success]],
  ["a string", "error"],
];

describe("isQuoteResponse (the browser's check of a quote API answer)", () => {
  it.each(bodies)("agrees with the quote response schema: %s", (_name, body) => {
    expect(isQuoteResponse(body)).toBe(financeQuoteResponseSchema.safeParse(body).success);
  });

  it("accepts the answers the card reads and rejects broken ones", () => {
    expect(isQuoteResponse(success)).toBe(true);
    expect(isQuoteResponse({ error: true })).toBe(true);
    expect(isQuoteResponse({ error: false })).toBe(false);
    expect(isQuoteResponse(withChange("quoteDetails.repaymentSchedules.0.totalAmount", "195.87"))).toBe(false);
  });
});

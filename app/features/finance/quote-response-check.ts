import type { FinanceQuoteResponse } from "./quote-schema";
import { isRecord } from "~/lib/object";

/**
 * The browser's check of an answer of our quote API (POST /api/angleGenericQuote/), without zod:
 * the card panels run in the browser, where zod must not load (client JavaScript
 * budget). The server validates every answer with `financeQuoteResponseSchema` (quote-schema.ts)
 * before sending it; this checks the same shape (extra fields pass), so a broken or foreign answer
 * (a proxy's error page turned JSON, a partial body) shows the spec §8 error instead of bad figures.
 * tests/unit/finance/quote-response-check.test.ts keeps it in step with the schema.
 */
export function isQuoteResponse(body: unknown): body is FinanceQuoteResponse {
  if (!isRecord(body)) return false;
  if (body.error === true) return body.message === undefined || typeof body.message === "string";
  if (body.error !== false) return false;
  const details = body.quoteDetails;
  if (!isRecord(details) || !isAmount(details.financedAmount)) return false;
  const schedules = details.repaymentSchedules;
  if (!Array.isArray(schedules) || schedules.length === 0 || !schedules.every(isRepaymentSchedule)) return false;
  const program = details.programDetails;
  if (!isRecord(program) || !isRecord(program.rateDetails)) return false;
  const { customerRate, comparisonRate } = program.rateDetails;
  return isAmount(customerRate) && (comparisonRate === undefined || comparisonRate === null || isAmount(comparisonRate));
}

/** A finite number, not negative (the schema's `amount`). */
function isAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

function isRepaymentSchedule(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { instalmentFrequency, totalAmount, numberOfInstalments, totalAmountRepayable } = value;
  return (
    typeof instalmentFrequency === "string" &&
    instalmentFrequency.length > 0 &&
    isAmount(totalAmount) &&
    (numberOfInstalments === undefined || (Number.isInteger(numberOfInstalments) && (numberOfInstalments as number) > 0)) &&
    (totalAmountRepayable === undefined || isAmount(totalAmountRepayable))
  );
}

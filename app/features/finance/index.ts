/** Finance: quote schema, built-in quote engine, calculator rules and card panels. Pure. */
export * from "./balloon-table";
export * from "./calculator";
export * from "./card";
export * from "./config";
export * from "./constants";
export {
  calculateQuote,
  calculateQuoteFromBody,
  comparisonRatePercent,
  exactInstalmentCents,
  instalment,
  numberOfInstalments,
  quoteResponse,
  repaymentFigures,
  runQuote,
  standardComparisonRate,
  type ComparisonRateParams,
  type InstalmentParams,
  type QuoteCalculation,
  type QuoteFailureReason,
  type ScheduleFigures,
} from "./engine";
export { type CashFlow, solveRate } from "./irr";
export {
  decimalFraction,
  type Fraction,
  fromCents,
  hasAtMostDecimals,
  roundHalfUp,
  roundHalfUpDiv,
  toCents,
} from "./money";
export * from "./quote-schema";

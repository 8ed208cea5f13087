import type { BalloonTable } from "./balloon-table";
import {
  buildQuoteRequest,
  calculatorState,
  parsePrice,
  type QuoteFigures,
  quoteFigures,
  type QuoteVehicle,
} from "./calculator";
import {
  CARD_QUOTE_BALLOON_PERCENT,
  CARD_QUOTE_DEPOSIT_PERCENT,
  CARD_QUOTE_FREQUENCY,
  CARD_QUOTE_SUMMARY,
  CARD_QUOTE_TERM_MONTHS,
  type EntityType,
  type Frequency,
  type LoanTermMonths,
} from "./constants";
import { decimalFraction, fromCents, roundHalfUpDiv, toCents } from "./money";
import type { FinanceQuoteRequest, FinanceQuoteResponse } from "./quote-schema";

/**
 * Finance quote panels on model and offer cards (spec §2, §9): 60-month term, 20 % deposit,
 * 20 % balloon of the driveaway price, weekly repayments, not GFV, no trade-in.
 */

export interface CardQuoteInputs {
  readonly termMonths: LoanTermMonths;
  readonly depositPercent: number;
  /** 20 % of the price, half-up to cents, after the minimum-loan cap. */
  readonly depositAmount: number;
  /** 20, or the term's maximum if a content balloon table allows less. */
  readonly balloonPercent: number;
  readonly balloonAmount: number;
  readonly frequency: Frequency;
  readonly entityType: EntityType;
  /** '20% deposit | 60 month term | Balloon payment | Total amount repayable'. */
  readonly summary: string;
  /** False when the price cannot give the minimum loan (or there is no price): show no quote. */
  readonly quotable: boolean;
}

export interface CardQuoteOptions {
  readonly balloonTable?: BalloonTable | null;
  readonly minLoanAmount?: number;
}

export function cardQuoteInputs(price: number | string, options: CardQuoteOptions = {}): CardQuoteInputs {
  const state = calculatorState({
    driveawayPrice: price,
    termMonths: CARD_QUOTE_TERM_MONTHS,
    balloonPercent: CARD_QUOTE_BALLOON_PERCENT,
    deposit: 0,
    entityType: "Individual",
    frequency: CARD_QUOTE_FREQUENCY,
    balloonTable: options.balloonTable,
    minLoanAmount: options.minLoanAmount,
  });
  const pct = decimalFraction(CARD_QUOTE_DEPOSIT_PERCENT);
  const wanted = roundHalfUpDiv(toCents(state.values.driveawayPrice) * pct.num, pct.den * 100n);
  const withDeposit = calculatorState({
    driveawayPrice: state.values.driveawayPrice,
    termMonths: CARD_QUOTE_TERM_MONTHS,
    balloonPercent: state.values.balloonPercent,
    deposit: fromCents(wanted),
    entityType: "Individual",
    frequency: CARD_QUOTE_FREQUENCY,
    balloonTable: options.balloonTable,
    minLoanAmount: options.minLoanAmount,
  });
  const { values, flags } = withDeposit;
  return {
    termMonths: values.termMonths,
    depositPercent: CARD_QUOTE_DEPOSIT_PERCENT,
    depositAmount: values.deposit,
    balloonPercent: values.balloonPercent,
    balloonAmount: values.balloonAmount,
    frequency: values.frequency,
    entityType: values.entityType,
    summary: CARD_QUOTE_SUMMARY,
    quotable: !flags.priceUnavailable && !flags.belowMinimumLoan,
  };
}

/** The card's quote request, or null when the card cannot be quoted. Throws without nvicCode. */
export function buildCardQuoteRequest(
  price: number | string,
  vehicle: QuoteVehicle,
  options: CardQuoteOptions = {},
): FinanceQuoteRequest | null {
  const inputs = cardQuoteInputs(price, options);
  if (!inputs.quotable) return null;
  return buildQuoteRequest({
    termMonths: inputs.termMonths,
    driveawayPrice: parsePrice(price),
    deposit: inputs.depositAmount,
    balloonAmount: inputs.balloonAmount,
    entityType: inputs.entityType,
    vehicle,
  });
}

/** Weekly repayment, indicative rate and comparison rate for a card, or null (show the card error). */
export function cardQuoteFigures(response: FinanceQuoteResponse): QuoteFigures | null {
  return quoteFigures(response, CARD_QUOTE_FREQUENCY, "Individual");
}

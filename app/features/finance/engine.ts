import { maxBalloonPercent } from "./balloon-table";
import { customerRatePercent, type FinanceConfig, type PaymentTiming } from "./config";
import {
  balloonLimitMessage,
  COMPARISON_RATE_PERIODS_PER_YEAR,
  type EntityType,
  type Frequency,
  frequencyOptions,
  MIN_LOAN_AMOUNT,
  minLoanMessage,
  PERIODS_PER_YEAR,
  STANDARD_COMPARISON_LOAN,
} from "./constants";
import { type CashFlow, solveRate } from "./irr";
import {
  decimalFraction,
  type Fraction,
  fractionToNumber,
  fromCents,
  roundHalfUp,
  roundHalfUpDiv,
  toCents,
} from "./money";
import {
  type FinanceQuoteRequest,
  type FinanceQuoteResponse,
  parseQuoteRequest,
  type RepaymentSchedule,
} from "./quote-schema";

/**
 * The built-in, offline quote engine behind POST /api/angleGenericQuote/
 * (shared/reference/finance.md §0, §1, §2). Pure: no I/O, rates and fees come in a FinanceConfig.
 *
 * - Instalment in arrears with the balloon due at the end:
 *   P = (L − B·vⁿ)·r/(1 − vⁿ), v = 1/(1+r); P = (L − B)/n when r = 0.
 *   r = annual/52 | 26 | 12, n = months × 52/12 | 26/12 | 1.
 * - Computed exactly (BigInt rationals), rounded ONCE half-up to cents.
 * - Total amount repayable = instalment × n + balloon.
 * - Comparison rate: reg 100 NCCP Regulations on the standard $30,000 / 5 years monthly loan.
 */

export { financeConfigFromSettings, type FinanceConfig } from "./config";

// ---------------------------------------------------------------------------------------------
// Instalments

/** n = months × periods per year / 12 (60 months: 260 weekly, 130 fortnightly, 60 monthly). */
export function numberOfInstalments(termMonths: number, frequency: Frequency): number {
  const n = (termMonths * PERIODS_PER_YEAR[frequency]) / 12;
  if (!Number.isInteger(n) || n <= 0) {
    throw new RangeError(`A ${termMonths}-month term is not a whole number of ${frequency.toLowerCase()} instalments`);
  }
  return n;
}

export interface InstalmentParams {
  /** Amount financed (L), dollars. */
  readonly amount: number;
  /** Balloon owing after the last instalment (B), dollars. Default 0. */
  readonly balloon?: number;
  /** Nominal annual rate, percent (8.99). */
  readonly ratePercent: number;
  readonly termMonths: number;
  readonly frequency: Frequency;
  /** Default arrears. In advance: P_adv = P_arrears / (1 + r). */
  readonly timing?: PaymentTiming;
  /** Monthly fee added pro rata to each instalment (fee × 12 / periods per year). Default 0. */
  readonly monthlyFee?: number;
}

/** The exact instalment, in cents, as a fraction (no rounding at all). */
export function exactInstalmentCents(params: InstalmentParams): Fraction {
  const ppy = PERIODS_PER_YEAR[params.frequency];
  const n = BigInt(numberOfInstalments(params.termMonths, params.frequency));
  const loan = toCents(params.amount);
  const balloon = toCents(params.balloon ?? 0);
  const rate = decimalFraction(params.ratePercent);
  if (rate.num < 0n) throw new RangeError("The rate must not be negative");

  let num: bigint;
  let den: bigint;
  // Periodic rate r = a / b.
  const a = rate.num;
  const b = rate.den * 100n * BigInt(ppy);
  if (a === 0n) {
    num = loan - balloon;
    den = n;
  } else {
    const x = (a + b) ** n; // (1 + r)ⁿ · bⁿ
    const y = b ** n; //        bⁿ, so vⁿ = y / x
    num = (loan * x - balloon * y) * a;
    den = b * (x - y);
    if ((params.timing ?? "arrears") === "advance") {
      num *= b;
      den *= a + b;
    }
  }
  const fee = toCents(params.monthlyFee ?? 0);
  if (fee !== 0n) {
    num = num * BigInt(ppy) + fee * 12n * den;
    den *= BigInt(ppy);
  }
  return { num, den };
}

/** The instalment in dollars, rounded once, half-up, to cents. */
export function instalment(params: InstalmentParams): number {
  const { num, den } = exactInstalmentCents(params);
  return fromCents(roundHalfUpDiv(num, den));
}

export interface ScheduleFigures {
  readonly frequency: Frequency;
  /** Rounded once, half-up, to cents. */
  readonly instalment: number;
  readonly numberOfInstalments: number;
  /** Principal-and-interest instalment × n + balloon (fees not included). */
  readonly totalAmountRepayable: number;
}

/** Instalment, number of instalments and total repayable for one frequency. */
export function repaymentFigures(params: InstalmentParams): ScheduleFigures {
  const n = numberOfInstalments(params.termMonths, params.frequency);
  const pAndI = exactInstalmentCents({ ...params, monthlyFee: 0 });
  const pAndICents = roundHalfUpDiv(pAndI.num, pAndI.den);
  const shown = params.monthlyFee ? exactInstalmentCents(params) : pAndI;
  return {
    frequency: params.frequency,
    instalment: fromCents(roundHalfUpDiv(shown.num, shown.den)),
    numberOfInstalments: n,
    totalAmountRepayable: fromCents(pAndICents * BigInt(n) + toCents(params.balloon ?? 0)),
  };
}

// ---------------------------------------------------------------------------------------------
// Comparison rate

export interface ComparisonRateParams {
  /** Nominal annual rate, percent. */
  readonly ratePercent: number;
  /** Charged at settlement: C₀ at j = 0. */
  readonly establishmentFee: number;
  /** Charged at the end of every month of the term. */
  readonly monthlyFee: number;
  /** Amount of credit. Default 30,000. */
  readonly amount?: number;
  /** Default 60. */
  readonly termMonths?: number;
  /** Default Monthly. */
  readonly frequency?: Frequency;
  readonly timing?: PaymentTiming;
}

/**
 * reg 100 NCCP Regulations: CR = n × r × 100 %, r the periodic IRR of {+amount of credit,
 * −establishment fee at j = 0, −instalments, −monthly fees}, n = 12 | 26.09 | 52.18.
 * The instalments are the unrounded ones on the amount of credit (the fee is C₀, not
 * capitalised). Monthly fees in a weekly or fortnightly example sit at j = month × 52/12 or
 * × 26/12. Returns the unrounded percentage.
 */
export function comparisonRatePercent(params: ComparisonRateParams): number {
  const amount = params.amount ?? STANDARD_COMPARISON_LOAN.amount;
  const termMonths = params.termMonths ?? STANDARD_COMPARISON_LOAN.termMonths;
  const frequency = params.frequency ?? STANDARD_COMPARISON_LOAN.frequency;
  const timing = params.timing ?? "arrears";
  const ppy = PERIODS_PER_YEAR[frequency];
  const n = numberOfInstalments(termMonths, frequency);
  const payment =
    fractionToNumber(exactInstalmentCents({ amount, ratePercent: params.ratePercent, termMonths, frequency, timing })) /
    100;

  const flows: CashFlow[] = [{ time: 0, amount: amount - params.establishmentFee }];
  const first = timing === "advance" ? 0 : 1;
  for (let j = first; j < first + n; j++) flows.push({ time: j, amount: -payment });
  if (params.monthlyFee > 0) {
    for (let m = 1; m <= termMonths; m++) flows.push({ time: (m * ppy) / 12, amount: -params.monthlyFee });
  }
  if (payment === 0 && params.establishmentFee === 0 && params.monthlyFee === 0) return 0;
  const r = solveRate(flows, params.ratePercent / 100 / ppy);
  return r * COMPARISON_RATE_PERIODS_PER_YEAR[frequency] * 100;
}

/** The comparison rate shown with a quote: the standard $30,000 / 5 years monthly example, 2 dp half-up. */
export function standardComparisonRate(
  ratePercent: number,
  config: Pick<FinanceConfig, "establishmentFee" | "monthlyFee" | "paymentTiming">,
): number {
  return roundHalfUp(
    comparisonRatePercent({
      ratePercent,
      establishmentFee: config.establishmentFee,
      monthlyFee: config.monthlyFee,
      timing: config.paymentTiming ?? "arrears",
    }),
    2,
  );
}

// ---------------------------------------------------------------------------------------------
// Quotes

export type QuoteFailureReason = "invalid_request" | "balloon_over_limit" | "below_minimum_loan";

export type QuoteCalculation =
  | { ok: false; reason: QuoteFailureReason; message: string; errors?: string[] }
  | {
      ok: true;
      entityType: EntityType;
      /** Customer rate, percent p.a. */
      customerRate: number;
      /** Standard comparison rate, percent p.a., 2 dp; null for Business (not consumer credit). */
      comparisonRate: number | null;
      /** Deposit after the cap that leaves the minimum loan. */
      depositApplied: number;
      balloonAmount: number;
      /** Price − deposit − net trade-in. */
      amountOfCredit: number;
      /** Amount of credit + establishment fee when it is financed. */
      financedAmount: number;
      schedules: ScheduleFigures[];
    };

/**
 * Business rules and figures of a validated request:
 * balloon ≤ max % of the price for the term; deposit capped at
 * price − net trade-in − balloon − minimum loan; price − deposit − net trade-in − balloon ≥ minimum loan.
 */
export function calculateQuote(request: FinanceQuoteRequest, config: FinanceConfig): QuoteCalculation {
  const minLoan = toCents(config.minLoanAmount ?? MIN_LOAN_AMOUNT);
  const price = toCents(request.assetPurchasePrice);
  const deposit = toCents(request.depositAmount ?? 0);
  const balloon = request.isBalloon ? toCents(request.balloon.balloonAmount) : 0n;
  const netTradeIn = toCents(request.tradeIn.tradeInValue) - toCents(request.tradeIn.tradeInPayout);

  const maxPercent = maxBalloonPercent(request.financeTermInMonths, config.balloonTable ?? undefined);
  const maxPct = decimalFraction(maxPercent);
  const maxBalloon = roundHalfUpDiv(price * maxPct.num, maxPct.den * 100n);
  if (balloon > maxBalloon) {
    return { ok: false, reason: "balloon_over_limit", message: balloonLimitMessage(maxPercent) };
  }

  const cap = price - netTradeIn - balloon - minLoan;
  const depositApplied = deposit > cap ? (cap > 0n ? cap : 0n) : deposit > 0n ? deposit : 0n;
  const amountOfCredit = price - depositApplied - netTradeIn;
  if (amountOfCredit - balloon < minLoan) {
    return {
      ok: false,
      reason: "below_minimum_loan",
      message: minLoanMessage(config.minLoanAmount ?? MIN_LOAN_AMOUNT),
    };
  }

  const feeFinanced = config.establishmentFeeFinanced ?? true;
  const financed = amountOfCredit + (feeFinanced ? toCents(config.establishmentFee) : 0n);
  const entityType = request.entityType;
  const ratePercent = customerRatePercent(config, entityType);
  const schedules = frequencyOptions(entityType).map((frequency) =>
    repaymentFigures({
      amount: fromCents(financed),
      balloon: fromCents(balloon),
      ratePercent,
      termMonths: request.financeTermInMonths,
      frequency,
      timing: config.paymentTiming ?? "arrears",
      monthlyFee: config.repaymentIncludesFees ? config.monthlyFee : 0,
    }),
  );

  return {
    ok: true,
    entityType,
    customerRate: ratePercent,
    comparisonRate: entityType === "Individual" ? standardComparisonRate(ratePercent, config) : null,
    depositApplied: fromCents(depositApplied),
    balloonAmount: fromCents(balloon),
    amountOfCredit: fromCents(amountOfCredit),
    financedAmount: fromCents(financed),
    schedules,
  };
}

/** The spec §3 answer for a calculation. */
export function quoteResponse(calculation: QuoteCalculation): FinanceQuoteResponse {
  if (!calculation.ok) return { error: true, message: calculation.message };
  const repaymentSchedules: RepaymentSchedule[] = calculation.schedules.map((s) => ({
    instalmentFrequency: s.frequency,
    totalAmount: s.instalment,
    numberOfInstalments: s.numberOfInstalments,
    totalAmountRepayable: s.totalAmountRepayable,
  }));
  return {
    error: false,
    quoteDetails: {
      repaymentSchedules,
      programDetails: {
        rateDetails: { customerRate: calculation.customerRate, comparisonRate: calculation.comparisonRate },
      },
      financedAmount: calculation.financedAmount,
    },
  };
}

/**
 * The whole built-in POST /api/angleGenericQuote/: validates an untrusted body, applies the
 * rules and answers in the spec §3 shape. Never throws for a bad body.
 */
export function runQuote(body: unknown, config: FinanceConfig): FinanceQuoteResponse {
  return quoteResponse(calculateQuoteFromBody(body, config));
}

/** calculateQuote() for an untrusted body: schema errors come back as reason invalid_request. */
export function calculateQuoteFromBody(body: unknown, config: FinanceConfig): QuoteCalculation {
  const parsed = parseQuoteRequest(body);
  if (!parsed.success) {
    return { ok: false, reason: "invalid_request", message: parsed.errors.join("; "), errors: parsed.errors };
  }
  return calculateQuote(parsed.data, config);
}

import { type BalloonTable, DEFAULT_BALLOON_TABLE, maxBalloonPercent } from "./balloon-table";
import {
  ASSET_CLASSIFICATION,
  ASSET_CONDITION,
  ASSET_ODOMETER,
  ASSET_TYPE,
  balloonLimitMessage,
  DEFAULT_TERM_MONTHS,
  type EntityType,
  type Frequency,
  frequencyOptions,
  isEntityType,
  isFrequency,
  isLoanTerm,
  LOAN_TERM_MONTHS,
  type LoanTermMonths,
  MIN_LOAN_AMOUNT,
  minLoanMessage,
} from "./constants";
import { decimalFraction, fromCents, roundHalfUpDiv, toCents } from "./money";
import type { FactoryOption, FinanceQuoteRequest, FinanceQuoteResponse } from "./quote-schema";

/**
 * The finance calculator's rules (shared/spec/transactional.md §2, §3, §4, §5, §9), as one pure
 * function of the raw inputs. The server runs it for the no-JS GET form, the browser on every
 * change; both get the same values, messages and quote request.
 */

// ---------------------------------------------------------------------------------------------
// Loan terms

export interface LoanTermOption {
  readonly id: number;
  /** The spec's 'N years', in the singular for one year ('1 year'). */
  readonly name: string;
  /** Months. */
  readonly value: LoanTermMonths;
}

export const LOAN_TERM_OPTIONS: readonly LoanTermOption[] = Object.freeze(
  LOAN_TERM_MONTHS.map((value, index) => ({ id: index + 1, name: value === 12 ? "1 year" : `${value / 12} years`, value })),
);

/** A term from a form or query value; anything not offered becomes the default (60). */
export function parseTermMonths(raw: unknown): LoanTermMonths {
  const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim()) : raw;
  return isLoanTerm(value) ? value : DEFAULT_TERM_MONTHS;
}

// ---------------------------------------------------------------------------------------------
// Field parsing

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** "007" → "7", "00.5" → "0.5", "0" stays "0". */
export function stripLeadingZeros(text: string): string {
  return text.replace(/^([+-]?)0+(?=\d)/, "$1");
}

/** Balloon field text: trimmed, leading zeros stripped. */
export function normaliseBalloonText(raw: unknown): string {
  if (raw === null || raw === undefined) return "";
  return stripLeadingZeros(String(raw).trim());
}

/** Balloon percent from the field: numeric, min 0; empty or non-numeric → 0. */
export function parseBalloonPercent(raw: unknown): number {
  if (typeof raw === "number") return Number.isFinite(raw) && raw > 0 ? raw : 0;
  const text = normaliseBalloonText(raw);
  if (!NUMERIC.test(text)) return 0;
  const value = Number(text);
  return value > 0 ? value : 0;
}

/** Deposit from the field: commas stripped; empty or non-numeric → 0 (may be negative). */
export function parseDeposit(raw: unknown): number {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : 0;
  if (typeof raw !== "string") return 0;
  const text = raw.replace(/,/g, "").trim();
  return NUMERIC.test(text) ? Number(text) : 0;
}

/** Driveaway price as the CMS stores it ("45990", "45,990", 45990); unusable → 0. */
export function parsePrice(raw: unknown): number {
  if (typeof raw === "number") return Number.isFinite(raw) && raw > 0 ? raw : 0;
  if (typeof raw !== "string") return 0;
  const text = raw.replace(/[$,\s]/g, "");
  const value = NUMERIC.test(text) ? Number(text) : 0;
  return value > 0 ? value : 0;
}

// ---------------------------------------------------------------------------------------------
// Entity type and frequency

/** Default entity: Business when the ABN flag is set, else Individual (spec §9). */
export function defaultEntityType(isABN: boolean | null | undefined): EntityType {
  return isABN ? "Business" : "Individual";
}

/**
 * Business forces Monthly; otherwise the chosen frequency, default Weekly (spec §4, §9). A
 * frequency chosen for the other entity type (`chosenFor`) is not carried over: switching
 * Business → Individual gives Weekly again, as the entity change resets it with JavaScript.
 */
export function resolveFrequency(entityType: EntityType, requested: unknown, chosenFor?: unknown): Frequency {
  if (entityType === "Business") return "Monthly";
  if (isEntityType(chosenFor) && chosenFor !== entityType) return "Weekly";
  return isFrequency(requested) ? requested : "Weekly";
}

/** The comparison rate is shown only for Individual (spec §4). */
export function showsComparisonRate(entityType: EntityType): boolean {
  return entityType === "Individual";
}

// ---------------------------------------------------------------------------------------------
// Quote request

/** Vehicle fields of the quote request; nvicCode becomes assetDetails.identificationCode. */
export interface QuoteVehicle {
  readonly nvicCode?: string | null;
  readonly make?: string | null;
  readonly model?: string | null;
  readonly variant?: string | null;
  readonly subModel?: string | null;
  readonly factoryOptions?: readonly FactoryOption[] | null;
}

/** Spec §8: a model without nvicCode requesting a quote throws. */
export class MissingNvicCodeError extends Error {
  constructor() {
    super("A finance quote needs the model's nvicCode");
    this.name = "MissingNvicCodeError";
  }
}

export interface QuoteRequestParams {
  readonly termMonths: LoanTermMonths;
  /** Driveaway price (assetPurchasePrice). */
  readonly driveawayPrice: number;
  /** Omitted from the request when 0 or less. */
  readonly deposit?: number;
  /** Dollars; 0 means no balloon. */
  readonly balloonAmount?: number;
  readonly entityType: EntityType;
  readonly vehicle: QuoteVehicle;
  /** Default no trade-in. */
  readonly tradeIn?: { readonly tradeInValue: number; readonly tradeInPayout: number };
}

/** The POST /api/angleGenericQuote/ body (spec §3). Throws MissingNvicCodeError without nvicCode. */
export function buildQuoteRequest(params: QuoteRequestParams): FinanceQuoteRequest {
  const nvicCode = params.vehicle.nvicCode?.trim();
  if (!nvicCode) throw new MissingNvicCodeError();
  const balloonAmount = params.balloonAmount && params.balloonAmount > 0 ? params.balloonAmount : 0;
  const deposit = params.deposit ?? 0;
  return {
    financeTermInMonths: params.termMonths,
    assetPurchasePrice: params.driveawayPrice,
    ...(deposit > 0 ? { depositAmount: deposit } : {}),
    isGFV: false,
    isBalloon: balloonAmount > 0,
    balloon: { balloonAmount },
    tradeIn: {
      tradeInValue: params.tradeIn?.tradeInValue ?? 0,
      tradeInPayout: params.tradeIn?.tradeInPayout ?? 0,
    },
    entityType: params.entityType,
    assetDetails: {
      identificationCode: nvicCode,
      type: ASSET_TYPE,
      classification: ASSET_CLASSIFICATION,
      condition: ASSET_CONDITION,
      make: params.vehicle.make ?? "",
      model: params.vehicle.model ?? "",
      variant: params.vehicle.variant ?? "",
      subModel: params.vehicle.subModel ?? "",
      odometer: ASSET_ODOMETER,
      factoryOptions: (params.vehicle.factoryOptions ?? []).map((o) => ({
        code: o.code,
        name: o.name,
        amount: o.amount,
      })),
      insurances: [],
      accessories: [],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Calculator state

export interface CalculatorInput {
  /** Driveaway price (read only in the modal). */
  readonly driveawayPrice: number | string;
  /** Deposit field, raw. */
  readonly deposit?: string | number | null;
  /** Loan term select, months. */
  readonly termMonths?: string | number | null;
  /** Balloon payment field, percent, raw. */
  readonly balloonPercent?: string | number | null;
  /** Primary vehicle use: 'Individual' | 'Business'; default from isABN. */
  readonly entityType?: string | null;
  /** Repayment frequency: 'Weekly' | 'Fortnightly' | 'Monthly'. */
  readonly frequency?: string | null;
  /** The entity type the frequency was chosen for (no-JS form); another one resets it. */
  readonly frequencyFor?: string | null;
  /** The shared ABN flag (pricing modal). */
  readonly isABN?: boolean | null;
  /** From finance-settings balloonTable (balloonTableFromContent); the spec table when absent. */
  readonly balloonTable?: BalloonTable | null;
  /** Default 5000. */
  readonly minLoanAmount?: number;
  /** Without it the state has no request (state only); with it, nvicCode is required. */
  readonly vehicle?: QuoteVehicle;
}

export interface CalculatorValues {
  readonly driveawayPrice: number;
  /** Deposit after the cap (0 or more); what the request carries. */
  readonly deposit: number;
  /** What the deposit field should show after the rules ("23693" when capped). */
  readonly depositText: string;
  readonly termMonths: LoanTermMonths;
  readonly termOptions: readonly LoanTermOption[];
  /** Balloon percent after the clamp. */
  readonly balloonPercent: number;
  /** What the balloon field should show (leading zeros stripped, clamped). */
  readonly balloonText: string;
  /** Dollars, shown beside the balloon field: price × percent, half-up to cents. */
  readonly balloonAmount: number;
  readonly maxBalloonPercent: number;
  /** The field rule's max: the term's maximum plus 1 (spec §5). */
  readonly balloonFieldMax: number;
  /** Driveaway price − deposit. */
  readonly loanAmount: number;
  readonly entityType: EntityType;
  /** Business sets the ABN flag, Individual clears it (spec §4). */
  readonly isABN: boolean;
  readonly frequency: Frequency;
  readonly frequencies: readonly Frequency[];
  readonly showComparisonRate: boolean;
}

export interface CalculatorFlags {
  /** The balloon was above the term's maximum and was clamped. */
  readonly balloonOverLimit: boolean;
  /** The deposit was above price − minimum loan − balloon and was capped. */
  readonly depositCapped: boolean;
  /** Even without a deposit less than the minimum loan would be financed: no quote. */
  readonly belowMinimumLoan: boolean;
  /** No usable driveaway price: no quote. */
  readonly priceUnavailable: boolean;
}

export interface CalculatorMessages {
  /** Balloon over-limit warning. */
  readonly balloon: string | null;
  /** Deposit-cap warning ('The minimum loan amount is $5,000.'). */
  readonly deposit: string | null;
  /** The loan cannot reach the minimum at all. */
  readonly loan: string | null;
}

export interface CalculatorState {
  readonly values: CalculatorValues;
  readonly flags: CalculatorFlags;
  readonly messages: CalculatorMessages;
  /** The quote request to send, or null when no quote can be asked for. */
  readonly request: FinanceQuoteRequest | null;
}

/** Percent of a price in whole cents, half-up. */
function percentOfCents(priceCents: bigint, percent: number): bigint {
  const p = decimalFraction(percent);
  return roundHalfUpDiv(priceCents * p.num, p.den * 100n);
}

/**
 * All calculator rules at once:
 * - term: 12–84 step 12, default 60;
 * - balloon: leading zeros stripped, min 0, clamped to the term's maximum (also after a term
 *   change) with 'The maximum balloon amount for your loan term is {n}%' or
 *   'There is no balloon option available for the loan term selected.';
 * - deposit: commas stripped, empty or non-numeric → 0, capped at price − 5000 − balloon amount
 *   with the warning 'The minimum loan amount is $5,000.'; 0 or less is omitted from the request;
 * - entity: default from the ABN flag; Business forces Monthly; frequency default Weekly;
 *   comparison rate for Individual only.
 */
export function calculatorState(input: CalculatorInput): CalculatorState {
  const table = input.balloonTable ?? DEFAULT_BALLOON_TABLE;
  const minLoanAmount = input.minLoanAmount ?? MIN_LOAN_AMOUNT;
  const price = parsePrice(input.driveawayPrice);
  const priceCents = toCents(price);

  const termMonths = parseTermMonths(input.termMonths);
  const maxPercent = maxBalloonPercent(termMonths, table);

  const requestedBalloon = parseBalloonPercent(input.balloonPercent);
  const balloonOverLimit = requestedBalloon > maxPercent;
  const balloonPercent = balloonOverLimit ? maxPercent : requestedBalloon;
  const balloonInputText = normaliseBalloonText(input.balloonPercent);
  const balloonText = balloonOverLimit
    ? String(maxPercent)
    : NUMERIC.test(balloonInputText) && Number(balloonInputText) >= 0
    ? balloonInputText
    : "0";
  const balloonCents = percentOfCents(priceCents, balloonPercent);

  const requestedDeposit = parseDeposit(input.deposit);
  const depositCents = requestedDeposit > 0 ? toCents(requestedDeposit) : 0n;
  const capCents = priceCents - toCents(minLoanAmount) - balloonCents;
  const priceUnavailable = price <= 0;
  const belowMinimumLoan = !priceUnavailable && capCents < 0n;
  const depositCapped = !priceUnavailable && depositCents > capCents && depositCents > 0n;
  const appliedCents = depositCapped ? (capCents > 0n ? capCents : 0n) : depositCents;
  const deposit = fromCents(appliedCents);
  const depositBlank = input.deposit === undefined || input.deposit === null || String(input.deposit).trim() === "";
  const depositText = depositCapped ? String(deposit) : depositBlank ? "" : String(Math.max(0, requestedDeposit));

  const entityType: EntityType = isEntityType(input.entityType) ? input.entityType : defaultEntityType(input.isABN);
  const frequency = resolveFrequency(entityType, input.frequency, input.frequencyFor);

  const minMessage = minLoanMessage(minLoanAmount);
  const request =
    input.vehicle && !priceUnavailable && !belowMinimumLoan
      ? buildQuoteRequest({
          termMonths,
          driveawayPrice: price,
          deposit,
          balloonAmount: fromCents(balloonCents),
          entityType,
          vehicle: input.vehicle,
        })
      : null;

  return {
    values: {
      driveawayPrice: price,
      deposit,
      depositText,
      termMonths,
      termOptions: LOAN_TERM_OPTIONS,
      balloonPercent,
      balloonText,
      balloonAmount: fromCents(balloonCents),
      maxBalloonPercent: maxPercent,
      balloonFieldMax: maxPercent + 1,
      loanAmount: fromCents(priceCents - appliedCents),
      entityType,
      isABN: entityType === "Business",
      frequency,
      frequencies: frequencyOptions(entityType),
      showComparisonRate: showsComparisonRate(entityType),
    },
    flags: { balloonOverLimit, depositCapped, belowMinimumLoan, priceUnavailable },
    messages: {
      balloon: balloonOverLimit ? balloonLimitMessage(maxPercent) : null,
      deposit: depositCapped ? minMessage : null,
      loan: belowMinimumLoan ? minMessage : null,
    },
    request,
  };
}

// ---------------------------------------------------------------------------------------------
// No-JS GET form

/** Query parameter names of the calculator's GET form. */
export const CALCULATOR_PARAMS = {
  deposit: "deposit",
  termMonths: "term",
  balloonPercent: "balloon",
  entityType: "use",
  frequency: "frequency",
  /** Hidden: the entity type the submitted frequency belongs to (see resolveFrequency). */
  frequencyFor: "frequency_for",
} as const;

export type CalculatorFormInput = Pick<
  CalculatorInput,
  "deposit" | "termMonths" | "balloonPercent" | "entityType" | "frequency" | "frequencyFor"
>;

/** Reads the calculator fields from a GET form's query (absent fields stay undefined). */
export function calculatorInputFromSearchParams(params: URLSearchParams): CalculatorFormInput {
  const get = (name: string) => params.get(name) ?? undefined;
  return {
    deposit: get(CALCULATOR_PARAMS.deposit),
    termMonths: get(CALCULATOR_PARAMS.termMonths),
    balloonPercent: get(CALCULATOR_PARAMS.balloonPercent),
    entityType: get(CALCULATOR_PARAMS.entityType),
    frequency: get(CALCULATOR_PARAMS.frequency),
    frequencyFor: get(CALCULATOR_PARAMS.frequencyFor),
  };
}

// ---------------------------------------------------------------------------------------------
// Availability

/**
 * Whether a build can be quoted, so 'View finance calculator' is offered: AU, a model with an
 * nvicCode, and a valid driveaway price (a model showing 'Contact your Dealer for Pricing' has
 * none, and a quote without a price can only fail).
 */
export function canQuoteFinance(params: {
  readonly country: string;
  readonly nvicCode?: string | null;
  readonly driveawayPrice: number | null | undefined;
}): boolean {
  return (
    params.country === "au" &&
    Boolean(params.nvicCode?.trim()) &&
    typeof params.driveawayPrice === "number" &&
    Number.isFinite(params.driveawayPrice) &&
    params.driveawayPrice > 0
  );
}

// ---------------------------------------------------------------------------------------------
// Reading an answer

export interface QuoteFigures {
  /** Repayment per instalment at the chosen frequency. */
  readonly repayment: number;
  readonly customerRate: number;
  /** Null when it is not shown (Business) or not given. */
  readonly comparisonRate: number | null;
  readonly financedAmount: number;
  /** When the answer carries it (built-in engine). */
  readonly totalAmountRepayable: number | null;
}

/**
 * The figures to show for a frequency, or null when the answer is an error or has no schedule
 * for that frequency (both show the spec §8 error message).
 */
export function quoteFigures(
  response: FinanceQuoteResponse,
  frequency: Frequency,
  entityType: EntityType = "Individual",
): QuoteFigures | null {
  if (response.error) return null;
  const { quoteDetails } = response;
  const schedule = quoteDetails.repaymentSchedules.find(
    (s) => s.instalmentFrequency.toLowerCase() === frequency.toLowerCase(),
  );
  if (!schedule) return null;
  const rates = quoteDetails.programDetails.rateDetails;
  return {
    repayment: schedule.totalAmount,
    customerRate: rates.customerRate,
    comparisonRate: showsComparisonRate(entityType) ? rates.comparisonRate ?? null : null,
    financedAmount: quoteDetails.financedAmount,
    totalAmountRepayable: schedule.totalAmountRepayable ?? null,
  };
}

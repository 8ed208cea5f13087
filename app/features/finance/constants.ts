/**
 * Finance constants and user-visible strings, letter for letter from
 * shared/spec/transactional.md (sections 2, 3, 5, 8 and 9).
 *
 * Rates and fees are NOT here: they are configuration (see config.ts).
 */

/** Loan terms offered: 12 to 84 months in steps of 12 (spec §3, §9). */
export const LOAN_TERM_MONTHS = [12, 24, 36, 48, 60, 72, 84] as const;
export type LoanTermMonths = (typeof LOAN_TERM_MONTHS)[number];
/** Default loan term (spec §9). */
export const DEFAULT_TERM_MONTHS: LoanTermMonths = 60;

export function isLoanTerm(value: unknown): value is LoanTermMonths {
  return typeof value === "number" && (LOAN_TERM_MONTHS as readonly number[]).includes(value);
}

/** Repayment frequencies, in display order (spec §4). */
export const FREQUENCIES = ["Weekly", "Fortnightly", "Monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Frequencies offered: Weekly, Fortnightly, Monthly; for Business only Monthly (spec §4). */
export function frequencyOptions(entityType: EntityType): Frequency[] {
  return entityType === "Business" ? ["Monthly"] : [...FREQUENCIES];
}

export function isFrequency(value: unknown): value is Frequency {
  return typeof value === "string" && (FREQUENCIES as readonly string[]).includes(value);
}

/** Instalments per year used to derive the periodic rate and the number of instalments. */
export const PERIODS_PER_YEAR: Readonly<Record<Frequency, number>> = { Weekly: 52, Fortnightly: 26, Monthly: 12 };

/** The `n` of reg 100(3) NCCP Regulations that annualises the comparison rate. */
export const COMPARISON_RATE_PERIODS_PER_YEAR: Readonly<Record<Frequency, number>> = {
  Weekly: 52.18,
  Fortnightly: 26.09,
  Monthly: 12,
};

/** Primary vehicle use / entity type of the quote request (spec §3). */
export const ENTITY_TYPES = ["Individual", "Business"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export function isEntityType(value: unknown): value is EntityType {
  return typeof value === "string" && (ENTITY_TYPES as readonly string[]).includes(value);
}

/** Minimum financed amount / loan (spec §9). */
export const MIN_LOAN_AMOUNT = 5000;

/**
 * The standard comparison-rate example: "a secured consumer fixed-rate loan of $30,000 over
 * 5 years" (spec §2 footnote), monthly repayments (finance.md §2.3).
 */
export const STANDARD_COMPARISON_LOAN = { amount: 30000, termMonths: 60, frequency: "Monthly" } as const;

/** Card finance quote assumptions (spec §9). */
export const CARD_QUOTE_TERM_MONTHS: LoanTermMonths = 60;
export const CARD_QUOTE_DEPOSIT_PERCENT = 20;
export const CARD_QUOTE_BALLOON_PERCENT = 20;
export const CARD_QUOTE_FREQUENCY: Frequency = "Weekly";

/** Fixed asset details of every quote request (spec §3, §9). */
export const ASSET_TYPE = "Motor Vehicle";
export const ASSET_CLASSIFICATION = "Passenger";
export const ASSET_CONDITION = "New";
export const ASSET_ODOMETER = 10;

// ---------------------------------------------------------------------------------------------
// User-visible strings

/** 'The minimum loan amount is $5,000.' (spec §5), for the configured minimum. */
export function minLoanMessage(minLoanAmount: number = MIN_LOAN_AMOUNT): string {
  return `The minimum loan amount is $${formatWholeDollars(minLoanAmount)}.`;
}
export const MIN_LOAN_MESSAGE = minLoanMessage(MIN_LOAN_AMOUNT);

export const NO_BALLOON_MESSAGE = "There is no balloon option available for the loan term selected.";

/** 'The maximum balloon amount for your loan term is {n}%', or the no-balloon message when n is 0 (spec §5). */
export function balloonLimitMessage(maxPercent: number): string {
  return maxPercent > 0 ? `The maximum balloon amount for your loan term is ${maxPercent}%` : NO_BALLOON_MESSAGE;
}

/** Calculator: quote call fails or returns an error (spec §8). */
export const QUOTE_ERROR_MESSAGE = "Sorry, we've encountered an error processing your request. Please try again later.";
/** Card panels: quote fails (spec §8); shown with a 'Find a dealer' button. */
export const CARD_QUOTE_ERROR_MESSAGE =
  "Unfortunately, we can't get you a finance estimate right now. Please contact your local dealer to discuss your finance options.";
/** Card panel assumptions text (spec §2). */
export const CARD_QUOTE_SUMMARY = "20% deposit | 60 month term | Balloon payment | Total amount repayable";

/** "5000" → "5,000"; cents are shown only when present. Locale-independent. */
export function formatWholeDollars(amount: number): string {
  const [whole, fraction] = String(Math.abs(amount)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${amount < 0 ? "-" : ""}${grouped}${fraction ? `.${fraction.padEnd(2, "0")}` : ""}`;
}

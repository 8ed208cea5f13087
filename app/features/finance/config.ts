import { type BalloonTable, balloonTableFromContent, DEFAULT_BALLOON_TABLE } from "./balloon-table";
import { type EntityType, MIN_LOAN_AMOUNT } from "./constants";

/**
 * Everything the quote engine needs that is not in the quote request. Rates and fees are
 * configuration, never literals in the engine: they come from the finance-settings story
 * (global/finance) with environment fallbacks, see financeConfigFromSettings().
 */
export interface FinanceConfig {
  /** Customer rate, percent p.a., for Individual quotes (8.99 means 8.99 % p.a.). */
  readonly baseRatePercent: number;
  /** Customer rate, percent p.a., for Business quotes; the base rate when absent. */
  readonly businessRatePercent?: number;
  /** Establishment fee in dollars, charged at settlement. */
  readonly establishmentFee: number;
  /** Monthly account-keeping fee in dollars. */
  readonly monthlyFee: number;
  /** Minimum amount that must be amortised (price − deposit − trade-in − balloon). Default 5000. */
  readonly minLoanAmount?: number;
  /** Instalments in arrears (default) or in advance. */
  readonly paymentTiming?: PaymentTiming;
  /** The establishment fee is added to the loan (default true) rather than paid upfront. */
  readonly establishmentFeeFinanced?: boolean;
  /** Each schedule's totalAmount includes the monthly fee pro rata (default false: principal and interest only). */
  readonly repaymentIncludesFees?: boolean;
  /** Maximum balloon percent by term; the spec's constant table when absent. */
  readonly balloonTable?: BalloonTable | null;
}

export type PaymentTiming = "arrears" | "advance";

/** The customer rate for an entity type. */
export function customerRatePercent(config: FinanceConfig, entityType: EntityType): number {
  return entityType === "Business" ? config.businessRatePercent ?? config.baseRatePercent : config.baseRatePercent;
}

// ---------------------------------------------------------------------------------------------
// From content and environment

/** finance-settings content fields read here (story global/finance, component finance-settings). */
export const FINANCE_SETTINGS_FIELDS = {
  baseRatePercent: "base_rate_percent",
  businessRatePercent: "business_rate_percent",
  establishmentFee: "establishment_fee",
  monthlyFee: "monthly_fee",
  minLoanAmount: "min_loan_amount",
  paymentTiming: "payment_timing",
  balloonTable: "balloonTable",
} as const;

/** Environment fallbacks, used when the content field is empty or unreadable. */
export const FINANCE_ENV_VARS = {
  baseRatePercent: "FINANCE_BASE_RATE",
  businessRatePercent: "FINANCE_BUSINESS_RATE",
  establishmentFee: "FINANCE_ESTABLISHMENT_FEE",
  monthlyFee: "FINANCE_MONTHLY_FEE",
} as const;

export type FinanceSettingsInput = Readonly<Record<string, unknown>> | null | undefined;
export type FinanceEnvInput = Readonly<Record<string, string | undefined>> | null | undefined;

export type FinanceConfigResult =
  | { ok: true; config: FinanceConfig; warnings: string[] }
  | { ok: false; errors: string[]; warnings: string[] };

type Read = { kind: "missing" } | { kind: "invalid"; raw: string } | { kind: "value"; value: number };

/** CMS numbers are strings ("8.99", "$195", "1,000"); numbers are tolerated. */
function readNumber(raw: unknown): Read {
  if (raw === undefined || raw === null) return { kind: "missing" };
  if (typeof raw === "number")
    return Number.isFinite(raw) ? { kind: "value", value: raw } : { kind: "invalid", raw: String(raw) };
  if (typeof raw !== "string") return { kind: "invalid", raw: JSON.stringify(raw) ?? String(raw) };
  const cleaned = raw.replace(/[$,%\s]/g, "");
  if (cleaned === "") return { kind: "missing" };
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned)
    ? { kind: "value", value: Number(cleaned) }
    : { kind: "invalid", raw };
}

/**
 * Builds the engine configuration from the finance-settings story content and an environment
 * object (pass `process.env` or a validated subset; this module reads nothing by itself).
 *
 * Content wins; an empty or unreadable content field falls back to the environment variable.
 * The base rate, the establishment fee and the monthly fee are required (a comparison rate
 * without its fees would understate the cost of credit): when one has no valid value the
 * result is `{ ok: false }` and no quote should be produced.
 */
export function financeConfigFromSettings(settings: FinanceSettingsInput, env: FinanceEnvInput): FinanceConfigResult {
  const content = settings ?? {};
  const vars = env ?? {};
  const errors: string[] = [];
  const warnings: string[] = [];

  function pick(
    key: keyof typeof FINANCE_ENV_VARS,
    required: boolean,
    valid: (v: number) => boolean,
    rule: string,
  ): number | undefined {
    const field = FINANCE_SETTINGS_FIELDS[key];
    const envName = FINANCE_ENV_VARS[key];
    const fromContent = readNumber(content[field]);
    if (fromContent.kind === "value" && valid(fromContent.value)) return fromContent.value;
    if (fromContent.kind !== "missing") {
      warnings.push(`finance-settings ${field} is not ${rule}; using ${envName}`);
    }
    const fromEnv = readNumber(vars[envName]);
    if (fromEnv.kind === "value" && valid(fromEnv.value)) return fromEnv.value;
    if (fromEnv.kind !== "missing") {
      (required ? errors : warnings).push(`${envName} is not ${rule}`);
    } else if (required) {
      errors.push(`${field} (finance-settings) or ${envName} is required`);
    }
    return undefined;
  }

  const isRate = (v: number) => v >= 0 && v < 100;
  const isFee = (v: number) => v >= 0;
  const rateRule = "a percentage from 0 to below 100";
  const feeRule = "an amount of 0 or more";

  const baseRatePercent = pick("baseRatePercent", true, isRate, rateRule);
  const businessRatePercent = pick("businessRatePercent", false, isRate, rateRule);
  const establishmentFee = pick("establishmentFee", true, isFee, feeRule);
  const monthlyFee = pick("monthlyFee", true, isFee, feeRule);

  let minLoanAmount = MIN_LOAN_AMOUNT;
  const minLoan = readNumber(content[FINANCE_SETTINGS_FIELDS.minLoanAmount]);
  if (minLoan.kind === "value" && minLoan.value > 0) minLoanAmount = minLoan.value;
  else if (minLoan.kind !== "missing") {
    warnings.push(`finance-settings min_loan_amount is not an amount above 0; using ${MIN_LOAN_AMOUNT}`);
  }

  const timingRaw = content[FINANCE_SETTINGS_FIELDS.paymentTiming];
  const paymentTiming: PaymentTiming = timingRaw === "advance" ? "advance" : "arrears";

  const rawTable = content[FINANCE_SETTINGS_FIELDS.balloonTable];
  const balloonTable = balloonTableFromContent(rawTable);
  if (!balloonTable && rawTable !== undefined && rawTable !== null && rawTable !== "") {
    warnings.push("finance-settings balloonTable has no readable row; using the standard balloon table");
  }

  if (baseRatePercent === undefined || establishmentFee === undefined || monthlyFee === undefined) {
    return { ok: false, errors, warnings };
  }
  return {
    ok: true,
    warnings,
    config: {
      baseRatePercent,
      ...(businessRatePercent !== undefined ? { businessRatePercent } : {}),
      establishmentFee,
      monthlyFee,
      minLoanAmount,
      paymentTiming,
      balloonTable: balloonTable ?? DEFAULT_BALLOON_TABLE,
    },
  };
}

import "~/lib/zod-config";
import { z } from "zod";
import {
  ASSET_CLASSIFICATION,
  ASSET_CONDITION,
  ASSET_TYPE,
  ENTITY_TYPES,
  isLoanTerm,
  LOAN_TERM_MONTHS,
} from "./constants";
import { hasAtMostDecimals } from "./money";

/**
 * The body and the answer of POST /api/angleGenericQuote/, with the field names of
 * shared/spec/transactional.md §3 ("Finance quote request", "Finance quote response").
 *
 * The request is ours, so it is strict: an unknown or misspelt field is an error.
 * The response may come from a partner, so it is loose: unknown fields pass through and
 * only the fields the site reads are required.
 */

/** A dollar amount: a finite number, not negative, at most 2 decimals (spec §5 "amounts allow up to 2 decimals"). */
function money(field: string) {
  return z
    .number({ error: `${field} must be a number` })
    .min(0, { error: `${field} must not be negative` })
    .refine((v) => hasAtMostDecimals(v, 2), { error: `${field} must have at most 2 decimal places` });
}

/** The message for a missing or non-object value; other issues (unknown keys) keep zod's own message. */
function notAnObject(message: string) {
  return { error: (issue: { code?: string }) => (issue.code === "invalid_type" ? message : undefined) };
}

function text(field: string) {
  return z.string({ error: `${field} must be a string` });
}

export const factoryOptionSchema = z.strictObject(
  {
    code: text("factoryOptions[].code"),
    name: text("factoryOptions[].name"),
    amount: money("factoryOptions[].amount"),
  },
  notAnObject("each factory option must be an object {code, name, amount}"),
);
export type FactoryOption = z.infer<typeof factoryOptionSchema>;

export const assetDetailsSchema = z.strictObject(
  {
    identificationCode: z
      .string({ error: "assetDetails.identificationCode (the model's nvicCode) is required" })
      .trim()
      .min(1, { error: "assetDetails.identificationCode (the model's nvicCode) is required" }),
    type: z.literal(ASSET_TYPE, { error: `assetDetails.type must be '${ASSET_TYPE}'` }),
    classification: z.literal(ASSET_CLASSIFICATION, {
      error: `assetDetails.classification must be '${ASSET_CLASSIFICATION}'`,
    }),
    condition: z.literal(ASSET_CONDITION, { error: `assetDetails.condition must be '${ASSET_CONDITION}'` }),
    make: text("assetDetails.make"),
    model: text("assetDetails.model"),
    variant: text("assetDetails.variant"),
    subModel: text("assetDetails.subModel"),
    odometer: z
      .number({ error: "assetDetails.odometer must be a number" })
      .int({ error: "assetDetails.odometer must be a whole number" })
      .min(0, { error: "assetDetails.odometer must not be negative" }),
    factoryOptions: z.array(factoryOptionSchema, { error: "assetDetails.factoryOptions must be a list" }),
    insurances: z.array(z.unknown(), { error: "assetDetails.insurances must be a list" }),
    accessories: z.array(z.unknown(), { error: "assetDetails.accessories must be a list" }),
  },
  notAnObject("assetDetails is required"),
);
export type AssetDetails = z.infer<typeof assetDetailsSchema>;

export const financeQuoteRequestSchema = z
  .strictObject(
    {
      financeTermInMonths: z
        .number({ error: "financeTermInMonths must be a number of months" })
        .refine(isLoanTerm, { error: `financeTermInMonths must be one of ${LOAN_TERM_MONTHS.join(", ")}` }),
      assetPurchasePrice: money("assetPurchasePrice").refine((v) => v > 0, {
        error: "assetPurchasePrice (the driveaway price) must be greater than 0",
      }),
      /** Omitted when the deposit is 0 or less (spec §5). */
      depositAmount: money("depositAmount")
        .refine((v) => v > 0, { error: "depositAmount must be greater than 0; omit it when there is no deposit" })
        .optional(),
      isGFV: z.literal(false, { error: "isGFV must be false" }),
      isBalloon: z.boolean({ error: "isBalloon must be true or false" }),
      balloon: z.strictObject(
        { balloonAmount: money("balloon.balloonAmount") },
        notAnObject("balloon must be an object {balloonAmount}"),
      ),
      tradeIn: z.strictObject(
        { tradeInValue: money("tradeIn.tradeInValue"), tradeInPayout: money("tradeIn.tradeInPayout") },
        notAnObject("tradeIn must be an object {tradeInValue, tradeInPayout}"),
      ),
      entityType: z.enum(ENTITY_TYPES, { error: "entityType must be 'Individual' or 'Business'" }),
      assetDetails: assetDetailsSchema,
    },
    notAnObject("the quote request must be a JSON object"),
  )
  .superRefine((body, ctx) => {
    const { balloonAmount } = body.balloon;
    if (!body.isBalloon && balloonAmount > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["balloon", "balloonAmount"],
        message: "balloon.balloonAmount must be 0 when isBalloon is false",
      });
    }
    if (body.isBalloon && balloonAmount <= 0) {
      ctx.addIssue({
        code: "custom",
        path: ["balloon", "balloonAmount"],
        message: "balloon.balloonAmount must be greater than 0 when isBalloon is true",
      });
    }
    if (balloonAmount >= body.assetPurchasePrice) {
      ctx.addIssue({
        code: "custom",
        path: ["balloon", "balloonAmount"],
        message: "balloon.balloonAmount must be less than assetPurchasePrice",
      });
    }
    if (body.depositAmount !== undefined && body.depositAmount >= body.assetPurchasePrice) {
      ctx.addIssue({
        code: "custom",
        path: ["depositAmount"],
        message: "depositAmount must be less than assetPurchasePrice",
      });
    }
  });
export type FinanceQuoteRequest = z.infer<typeof financeQuoteRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Response

const amount = (field: string) =>
  z.number({ error: `${field} must be a number` }).min(0, { error: `${field} must not be negative` });

export const repaymentScheduleSchema = z.looseObject({
  /** Weekly, Fortnightly or Monthly from the built-in engine; a partner may name others. */
  instalmentFrequency: z
    .string({ error: "instalmentFrequency must be a string" })
    .min(1, { error: "instalmentFrequency must not be empty" }),
  /** The repayment per instalment at that frequency. */
  totalAmount: amount("totalAmount"),
  /** Extension (built-in engine; optional, not in the spec): instalments over the term. */
  numberOfInstalments: z
    .number({ error: "numberOfInstalments must be a number" })
    .int({ error: "numberOfInstalments must be a whole number" })
    .positive({ error: "numberOfInstalments must be greater than 0" })
    .optional(),
  /** Extension (built-in engine; optional, not in the spec): instalment × n + balloon. */
  totalAmountRepayable: amount("totalAmountRepayable").optional(),
});
export type RepaymentSchedule = z.infer<typeof repaymentScheduleSchema>;

export const rateDetailsSchema = z.looseObject(
  {
    /** Customer (indicative) rate, percent p.a. */
    customerRate: amount("customerRate"),
    /** Comparison rate, percent p.a.; null or absent when none applies (Business). */
    comparisonRate: amount("comparisonRate").nullable().optional(),
  },
  notAnObject("programDetails.rateDetails must be an object {customerRate, comparisonRate}"),
);
export type RateDetails = z.infer<typeof rateDetailsSchema>;

export const quoteDetailsSchema = z.looseObject(
  {
    repaymentSchedules: z
      .array(repaymentScheduleSchema, { error: "quoteDetails.repaymentSchedules must be a list" })
      .min(1, { error: "quoteDetails.repaymentSchedules must not be empty" }),
    programDetails: z.looseObject(
      { rateDetails: rateDetailsSchema },
      notAnObject("quoteDetails.programDetails.rateDetails is required"),
    ),
    financedAmount: amount("financedAmount"),
  },
  notAnObject("quoteDetails is required when error is false"),
);
export type QuoteDetails = z.infer<typeof quoteDetailsSchema>;

export const financeQuoteErrorResponseSchema = z.looseObject({
  error: z.literal(true),
  /** Not shown to visitors (they see the spec §8 message); for logs. */
  message: z.string().optional(),
});

export const financeQuoteSuccessResponseSchema = z.looseObject({
  error: z.literal(false),
  quoteDetails: quoteDetailsSchema,
});

export const financeQuoteResponseSchema = z.discriminatedUnion(
  "error",
  [financeQuoteErrorResponseSchema, financeQuoteSuccessResponseSchema],
  { error: "the quote response must be an object with a boolean error flag" },
);
export type FinanceQuoteErrorResponse = z.infer<typeof financeQuoteErrorResponseSchema>;
export type FinanceQuoteSuccessResponse = z.infer<typeof financeQuoteSuccessResponseSchema>;
export type FinanceQuoteResponse = z.infer<typeof financeQuoteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Parsing helpers

export type ParseResult<T> = { success: true; data: T } | { success: false; errors: string[] };

/** One line per issue: "path: message" (or the message alone at the root). */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
  });
}

export function parseQuoteRequest(body: unknown): ParseResult<FinanceQuoteRequest> {
  const result = financeQuoteRequestSchema.safeParse(body);
  return result.success ? { success: true, data: result.data } : { success: false, errors: formatIssues(result.error) };
}

export function parseQuoteResponse(body: unknown): ParseResult<FinanceQuoteResponse> {
  const result = financeQuoteResponseSchema.safeParse(body);
  return result.success ? { success: true, data: result.data } : { success: false, errors: formatIssues(result.error) };
}

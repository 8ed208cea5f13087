import type { SubmissionResult } from "@conform-to/react";
import type { DealerLookup } from "./dealer-lookup";

/** What a page's form action answers when it re-renders the page (errors, dealers, a failure). */
export interface FormActionData {
  /** The form the post came from: only that form shows this data. */
  formId: string;
  /** conform's result: the posted values (kept in the fields) and the field errors. */
  lastResult?: SubmissionResult<string[]>;
  /** The dealer selector's options for the posted postcode. */
  dealers?: DealerLookup | null;
  /** The failure message, when the lead could not be accepted. */
  failure?: string;
}

export function isFormActionData(value: unknown): value is FormActionData {
  return !!value && typeof value === "object" && typeof (value as { formId?: unknown }).formId === "string";
}

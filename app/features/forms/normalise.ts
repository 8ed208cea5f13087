import type { Country } from "~/content/schema";
import {
  chosenEnquiryType,
  dealerSelectorApplies,
  fieldsOf,
  fieldType,
  formKind,
  type FormBlok,
  type FormField,
  type FormKind,
} from "./content";
import { inputPostcode } from "~/features/dealers/postcode";
import { PHONE_FIELDS } from "./schema";

/** Phone prefixes by country (spec section 9). */
export const PHONE_PREFIX: Readonly<Record<Country, string>> = { au: "61", nz: "64" };

/** Fields that always reach the CRM, as empty strings when not given (spec section 5). */
export const DEFAULT_EMPTY_FIELDS: readonly string[] = ["company_name", "dealer_code"];

/**
 * The spec's "before sending" rules (section 5), applied on the server before a lead is stored:
 * line breaks in comments become spaces and double quotes single quotes; spaces in the mobile are
 * removed, a leading + stripped and a leading 0 replaced with 61 (AU) or 64 (NZ); company_name and
 * dealer_code default to empty strings; a post_code of fewer than 4 digits gets its leading zeros.
 * Idempotent: normalising twice gives the same values.
 */
export function normaliseValues(values: Readonly<Record<string, string | undefined>>, country: Country): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "string") out[name] = value.trim();
  }
  if (out.comments !== undefined) {
    out.comments = out.comments.replace(/\r\n|\r|\n/g, " ").replace(/"/g, "'");
  }
  for (const name of PHONE_FIELDS) {
    const phone = out[name];
    if (phone === undefined) continue;
    // Spaces go first: the rule was checked without them, and the CRM gets digits only.
    const digits = phone.replace(/\s+/g, "");
    let normalised = digits.startsWith("+") ? digits.slice(1) : digits;
    if (normalised.startsWith("0")) normalised = PHONE_PREFIX[country] + normalised.slice(1);
    out[name] = normalised;
  }
  // A postcode of fewer than 4 digits is read with leading zeros ("800" is Darwin's 0800), as the
  // dealer lookup read it.
  if (out.post_code !== undefined) out.post_code = inputPostcode(out.post_code) ?? out.post_code;
  for (const name of DEFAULT_EMPTY_FIELDS) out[name] ??= "";
  return out;
}

/** The hidden fields' values from the content (a posted value for them is never trusted). */
export function hiddenValues(fields: readonly FormField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    if (fieldType(field) === "hidden") out[field.name] = (field.hidden_value ?? "").trim();
  }
  return out;
}

/** What the CRM receives for a lead (spec section 3 "Submitted form data"). */
export interface LeadPayload {
  [field: string]: string | boolean | string[];
  SFEndpoint: string;
  enquiry_name: string;
  form_id: string;
  country: Country;
  disableCIO: boolean;
}

export interface LeadDraft {
  kind: FormKind;
  formId: string;
  country: Country;
  /** The CRM endpoint path (resolved against CRM_BASE_URL by the outbox); "" when none is set. */
  endpoint: string;
  payload: LeadPayload;
}

/**
 * Builds the lead from validated values: the chosen enquiry type gives the endpoint, the
 * enquiry name and disableCIO, else the form's own settings; a dealer chosen for an enquiry type
 * without a dealer selector is dropped.
 */
export function buildLead(form: FormBlok, country: Country, values: Readonly<Record<string, string | undefined>>): LeadDraft {
  const fields = fieldsOf(form, country);
  const merged: Record<string, string | undefined> = { ...values, ...hiddenValues(fields) };
  const enquiryType = chosenEnquiryType(fields, merged);
  const dealerField = fields.find((f) => f.component === "SelectDealership");
  if (dealerField && !dealerSelectorApplies(fields, merged)) merged[dealerField.name] = "";
  const normalised = normaliseValues(merged, country);
  const endpoint = (enquiryType?.sfendpoint ?? "").trim() || (form.sfendpoint ?? "").trim();
  const enquiryName = (enquiryType?.name ?? "").trim() || (form.enquiry_name ?? "").trim() || (form.heading ?? "").trim() || form.form_id;
  const disableCIO = enquiryType?.disableCIO ?? form.disableCIO ?? false;
  return {
    kind: formKind(form),
    formId: form.form_id,
    country,
    endpoint,
    payload: {
      ...normalised,
      SFEndpoint: endpoint,
      enquiry_name: enquiryName,
      form_id: form.form_id,
      country,
      disableCIO,
    },
  };
}

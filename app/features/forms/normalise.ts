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
import { ALWAYS_SENT_FIELDS, controlOf, kindOfName } from "./field-kinds";

/**
 * Characters no lead text keeps: C0 controls but tab, line feed and carriage return (NUL, BEL,
 * ESC...), DEL, C1 controls, and the bidi embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) that make a CSV or a CRM screen show text in another order than it was typed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A value without the characters above. Tabs and line breaks stay only in a multi-line field (line
 * breaks as \n); elsewhere each run of them is one space, as a single-line input would have it.
 * Stripped rather than refused: they are invisible, so a visitor could not act on an error.
 * Idempotent.
 */
export function cleanText(value: string, multiline = false): string {
  const stripped = value.replace(UNSAFE_CHARACTERS, "");
  return multiline ? stripped.replace(/\r\n?/g, "\n") : stripped.replace(/[\t\r\n]+/g, " ");
}

/** The names of the form's multi-line fields (textareas): the only ones that keep line breaks and tabs. */
export function multilineNames(fields: readonly FormField[]): Set<string> {
  return new Set(fields.filter((field) => controlOf(field) === "textarea").map((field) => field.name));
}

/**
 * The spec's "before sending" rules (section 5) on a lead's values: every value cleaned of control
 * and bidi characters (`cleanText`; `multiline` names the fields that keep line breaks) and
 * trimmed, each value normalised by the kind its name means, the always-sent fields defaulted to
 * "". Idempotent: normalising twice gives the same values.
 */
export function normaliseValues(
  values: Readonly<Record<string, string | undefined>>,
  country: Country,
  multiline: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== "string") continue;
    const trimmed = cleanText(value, multiline.has(name)).trim();
    const normalise = kindOfName(name)?.normalise;
    out[name] = normalise ? normalise(trimmed, country) : trimmed;
  }
  for (const name of ALWAYS_SENT_FIELDS) out[name] ??= "";
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
  const normalised = normaliseValues(merged, country, multilineNames(fields));
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

import "~/lib/zod-config";
import { z } from "zod";
import type { Country } from "~/content/schema";
import { inputPostcode } from "~/features/dealers/postcode";
import { choicesOf, fieldComponent, fieldLabel as label, fieldType, type FormField } from "./content";
import { addDays, defaultTestDriveDate, isIsoDate } from "./dates";
import { FORM_MESSAGES } from "./messages";

/**
 * The one table of form field rules (spec transactional.md section 5). Every other part of the
 * forms reads it: the zod schema (schema.ts), the markup (form-view.tsx), the "before sending"
 * rules (normalise.ts) and the CSV export (export.ts). Two parts:
 *
 * - FIELD_KINDS: what a field *is* (a phone number, a postcode, …), recognised from its blok's
 *   type, component and name; each kind has its zod rule, HTML constraints, input type and the
 *   normalisation its value gets before a lead is stored.
 * - KNOWN_FIELDS: facts about well-known field *names* (the names the CRM expects): the kind the
 *   name alone means (a lead's values come without their bloks), autocomplete token, whether the
 *   field is always required or always sent, the progress event, and the CSV column order.
 */

/**
 * Optional country prefix (with or without +) plus 10 digits, checked once spaces are removed
 * (phoneValue). A country calling code never starts with 0, so "000412345678" is not a prefix of
 * "00" plus 10 digits: it is 12 digits, refused.
 */
export const PHONE_PATTERN = /^(\+?[1-9]\d{0,2})?\d{10}$/;
export const POSTCODE_PATTERN = /^\d{1,4}$/;
export const POSTCODE_MAX_LENGTH = 4;
export const NUMBER_PATTERN = /^\d+$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The email pattern zod's z.email() uses. */
export const EMAIL_PATTERN: RegExp = z.regexes.email;

/** Upper bounds that keep a lead a reasonable size; going over gives '{field} is not valid.'. */
export const MAX_LENGTH = {
  input: 255,
  textarea: 2000,
  email: 254,
  phone: 20,
  number: 20,
  dealer: 40,
  hidden: 500,
} as const;

/** Phone prefixes by country (spec section 9). */
export const PHONE_PREFIX: Readonly<Record<Country, string>> = { au: "61", nz: "64" };

export interface FieldRuleContext {
  /** Today in the country's calendar (YYYY-MM-DD): the test drive date must be after it. */
  today: string;
  /** On the server: the country's dealer codes; a dealer_code must be one of them. */
  dealerCodes?: ReadonlySet<string> | null;
}

/** The HTML attributes that mirror a kind's rule (conform's getZodConstraint still gives `required`). */
export interface HtmlConstraints {
  maxLength?: number;
  inputMode?: "numeric";
  pattern?: string;
}

export type FieldKindId = "hidden" | "dealer" | "choice" | "phone" | "postcode" | "email" | "date" | "number" | "comments" | "textarea" | "text";

export interface FieldKind {
  id: FieldKindId;
  /** Whether a field blok is of this kind; the kinds are tried in FIELD_KINDS order, the first wins. */
  recognise(field: FormField): boolean;
  /** Whether a field name alone means this kind (for values without their bloks: a lead's values). */
  named?(name: string): boolean;
  /** The rule of a given value (after `read`), before required/optional is applied. */
  rule(field: FormField, ctx: FieldRuleContext): z.ZodType<string>;
  /** How the rule reads the posted value: trimmed, empty as not given (phones also lose spaces). */
  read(value: unknown): unknown;
  /** Hidden values are never required: they come from the content. */
  neverRequired?: boolean;
  /** HTML constraints on an input or textarea of this kind. */
  html(field: FormField): HtmlConstraints;
  /** The <input type> when the field renders as an input. */
  inputType: "text" | "email" | "tel" | "date";
  /** The input's `min` for a day after `today` (a date input). */
  min?(today: string): string;
  /** The value the field starts with when the content gives none. */
  defaultValue?(country: Country): string;
  /** The "before sending" rule applied to a trimmed value before the lead is stored (idempotent). */
  normalise?(value: string, country: Country): string;
}

/** Trimmed; empty (or only spaces) counts as not given. */
export function trimValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** A phone number as the rule reads it and the lead stores it: trimmed, spaces removed. */
export function phoneValue(value: unknown): unknown {
  return typeof value === "string" ? trimValue(value.replace(/\s+/g, "")) : value;
}

function requiredMessage(field: FormField): string {
  return FORM_MESSAGES.required(label(field), field.name);
}

/** A string; a missing value gives the required message, anything else not a string `invalid`. */
function text(required: string, invalid: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? required : invalid) });
}

/** A free text field's bound by its content type. */
function freeTextMax(field: FormField): number {
  return fieldType(field) === "textarea" ? MAX_LENGTH.textarea : MAX_LENGTH.input;
}

/** The postcode's name: its rule, and the dealer selector's lookup (spec section 5). */
export const POSTCODE_FIELD = "post_code";

const NO_CONSTRAINTS = (): HtmlConstraints => ({});
const isPhoneName = (name: string) => name === "mobile" || name === "mobile_phone";
const isEmailName = (name: string) => name.toLowerCase() === "email";

/** The kinds in recognition order. */
export const FIELD_KINDS: readonly FieldKind[] = [
  {
    id: "hidden",
    recognise: (field) => fieldType(field) === "hidden",
    rule: (field) => z.string().max(MAX_LENGTH.hidden, FORM_MESSAGES.invalid(label(field))),
    read: trimValue,
    neverRequired: true,
    html: NO_CONSTRAINTS,
    inputType: "text",
  },
  {
    // SelectDealership: its options are the dealers for the postcode, checked on the server.
    id: "dealer",
    recognise: (field) => fieldComponent(field) === "SelectDealership",
    rule: (field, ctx) => {
      const invalid = FORM_MESSAGES.invalid(label(field));
      const dealer = text(FORM_MESSAGES.dealer, invalid).max(MAX_LENGTH.dealer, invalid);
      const codes = ctx.dealerCodes;
      return codes && codes.size > 0 ? dealer.refine((v) => codes.has(v), invalid) : dealer;
    },
    read: trimValue,
    html: NO_CONSTRAINTS,
    inputType: "text",
  },
  {
    // A select with options (SelectEnquiryType, SelectModelLine, type select): one of them.
    id: "choice",
    recognise: (field) => choicesOf(field).length > 0,
    rule: (field) => {
      const values = choicesOf(field).map((c) => c.value) as [string, ...string[]];
      const invalid = FORM_MESSAGES.invalid(label(field));
      const required = requiredMessage(field);
      return z.enum(values, { error: (issue) => (issue.input === undefined ? required : invalid) });
    },
    read: trimValue,
    html: NO_CONSTRAINTS,
    inputType: "text",
  },
  {
    id: "phone",
    recognise: (field) => isPhoneName(field.name),
    named: isPhoneName,
    rule: (field) =>
      text(requiredMessage(field), FORM_MESSAGES.phone).max(MAX_LENGTH.phone, FORM_MESSAGES.phone).regex(PHONE_PATTERN, FORM_MESSAGES.phone),
    read: phoneValue,
    html: () => ({ maxLength: MAX_LENGTH.phone }),
    inputType: "tel",
    // Spaces go first: the rule was checked without them, and the CRM gets digits only; a leading
    // + is stripped and a leading 0 becomes the country's prefix.
    normalise: (value, country) => {
      const digits = value.replace(/\s+/g, "");
      const bare = digits.startsWith("+") ? digits.slice(1) : digits;
      return bare.startsWith("0") ? PHONE_PREFIX[country] + bare.slice(1) : bare;
    },
  },
  {
    id: "postcode",
    recognise: (field) => field.name === POSTCODE_FIELD,
    named: (name) => name === POSTCODE_FIELD,
    rule: (field) =>
      text(requiredMessage(field), FORM_MESSAGES.postcode)
        .max(POSTCODE_MAX_LENGTH, FORM_MESSAGES.postcode)
        .regex(POSTCODE_PATTERN, FORM_MESSAGES.postcode),
    read: trimValue,
    html: () => ({ maxLength: POSTCODE_MAX_LENGTH, inputMode: "numeric", pattern: "\\d{1,4}" }),
    inputType: "text",
    // Fewer than 4 digits are read with leading zeros ("800" is Darwin's 0800), as the dealer lookup reads them.
    normalise: (value) => inputPostcode(value) ?? value,
  },
  {
    id: "email",
    recognise: (field) => isEmailName(field.name),
    named: isEmailName,
    rule: (field) => text(requiredMessage(field), FORM_MESSAGES.email).max(MAX_LENGTH.email, FORM_MESSAGES.email).regex(EMAIL_PATTERN, FORM_MESSAGES.email),
    read: trimValue,
    html: () => ({ maxLength: MAX_LENGTH.email }),
    inputType: "email",
  },
  {
    id: "date",
    recognise: (field) => field.name === "test_drive_date",
    named: (name) => name === "test_drive_date",
    rule: (field, ctx) => {
      const invalid = FORM_MESSAGES.invalid(label(field));
      return text(requiredMessage(field), invalid)
        .regex(DATE_PATTERN, { message: invalid, abort: true })
        .refine(isIsoDate, { message: invalid, abort: true })
        .refine((v) => v > ctx.today, FORM_MESSAGES.testDriveDate);
    },
    read: trimValue,
    // A date input's value is always YYYY-MM-DD: pattern and maxlength are not allowed on it (HTML).
    html: NO_CONSTRAINTS,
    inputType: "date",
    min: (today) => addDays(today, 1),
    defaultValue: defaultTestDriveDate,
  },
  {
    id: "number",
    recognise: (field) => fieldType(field) === "number",
    rule: (field) =>
      text(requiredMessage(field), FORM_MESSAGES.numbers)
        .regex(NUMBER_PATTERN, { message: FORM_MESSAGES.numbers, abort: true })
        .max(MAX_LENGTH.number, FORM_MESSAGES.invalid(label(field))),
    read: trimValue,
    html: () => ({ maxLength: MAX_LENGTH.number, inputMode: "numeric", pattern: "\\d*" }),
    inputType: "text",
  },
  {
    // Free text whose line breaks and double quotes the CRM cannot take.
    id: "comments",
    recognise: (field) => field.name === "comments",
    named: (name) => name === "comments",
    rule: (field) => text(requiredMessage(field), FORM_MESSAGES.invalid(label(field))).max(freeTextMax(field), FORM_MESSAGES.invalid(label(field))),
    read: trimValue,
    html: (field) => ({ maxLength: freeTextMax(field) }),
    inputType: "text",
    normalise: (value) => value.replace(/\r\n|\r|\n/g, " ").replace(/"/g, "'"),
  },
  {
    id: "textarea",
    recognise: (field) => fieldType(field) === "textarea",
    rule: (field) => text(requiredMessage(field), FORM_MESSAGES.invalid(label(field))).max(MAX_LENGTH.textarea, FORM_MESSAGES.invalid(label(field))),
    read: trimValue,
    html: () => ({ maxLength: MAX_LENGTH.textarea }),
    inputType: "text",
  },
  {
    id: "text",
    recognise: () => true,
    rule: (field) => text(requiredMessage(field), FORM_MESSAGES.invalid(label(field))).max(MAX_LENGTH.input, FORM_MESSAGES.invalid(label(field))),
    read: trimValue,
    html: () => ({ maxLength: MAX_LENGTH.input }),
    inputType: "text",
  },
];

const KIND_BY_ID = new Map(FIELD_KINDS.map((kind) => [kind.id, kind]));

export function fieldKind(id: FieldKindId): FieldKind {
  return KIND_BY_ID.get(id)!;
}

/** The kind of a field blok. */
export function kindOf(field: FormField): FieldKind {
  return FIELD_KINDS.find((kind) => kind.recognise(field)) ?? fieldKind("text");
}

/** The kind a field name alone means, when it means one (a lead's values come without their bloks). */
export function kindOfName(name: string): FieldKind | undefined {
  return FIELD_KINDS.find((kind) => kind.named?.(name));
}

/** What a well-known field name means beyond its kind. */
export interface KnownField {
  name: string;
  /** The browser's autocomplete token when the content gives none. */
  autocomplete?: string;
  /** Required in every form, whatever the content says (spec section 5: post_code). */
  required?: boolean;
  /** Always reaches the CRM, as an empty string when not given (spec section 5). */
  alwaysSent?: boolean;
  /** Completing it sends the form progress event (spec section 7). */
  progress?: boolean;
  /** A column of its own in the CSV export, in this table's order; other fields follow by name. */
  column?: boolean;
}

/** The well-known names; lead fields (enquiry_name, SFEndpoint, disableCIO) are here for their column. */
export const KNOWN_FIELDS: readonly KnownField[] = [
  { name: "enquiry_type", progress: true, column: true },
  { name: "enquiry_name", column: true },
  { name: "vehicle_interested_in", progress: true, column: true },
  { name: "first_name", autocomplete: "given-name", progress: true, column: true },
  { name: "last_name", autocomplete: "family-name", progress: true, column: true },
  { name: "mobile", autocomplete: "tel" },
  { name: "mobile_phone", autocomplete: "tel", progress: true, column: true },
  { name: "email", autocomplete: "email" },
  { name: "Email", autocomplete: "email", progress: true, column: true },
  { name: POSTCODE_FIELD, autocomplete: "postal-code", required: true, progress: true, column: true },
  { name: "company_name", autocomplete: "organization", alwaysSent: true, column: true },
  { name: "dealer_code", alwaysSent: true, column: true },
  { name: "test_drive_date", column: true },
  { name: "comments", column: true },
  { name: "SFEndpoint", column: true },
  { name: "disableCIO", column: true },
];

const KNOWN_BY_NAME = new Map(KNOWN_FIELDS.map((known) => [known.name, known]));

export function knownField(name: string): KnownField | undefined {
  return KNOWN_BY_NAME.get(name);
}

const namesWhere = (test: (known: KnownField) => boolean | undefined): readonly string[] => KNOWN_FIELDS.filter(test).map((k) => k.name);

/** Fields that always reach the CRM, as empty strings when not given. */
export const ALWAYS_SENT_FIELDS = namesWhere((k) => k.alwaysSent);
/** Fields whose completion sends the form progress event. */
export const PROGRESS_FIELDS = namesWhere((k) => k.progress);
/** The payload fields with a CSV column of their own, in order. */
export const EXPORT_COLUMNS = namesWhere((k) => k.column);

/** True when the field is required: marked so in the content, or a name required in every form. */
export function isRequired(field: FormField): boolean {
  return field.required === true || knownField(field.name)?.required === true;
}

/** The field's autocomplete token: the content's, else its name's. */
export function autocompleteOf(field: FormField): string | undefined {
  return field.autocomplete?.trim() || knownField(field.name)?.autocomplete;
}

/** The element a visible field renders as (a content type, not a kind: a textarea named Email is still a textarea). */
export function controlOf(field: FormField): "hidden" | "select" | "textarea" | "input" {
  const type = fieldType(field);
  if (type === "hidden") return "hidden";
  if (fieldComponent(field) !== null || type === "select") return "select";
  return type === "textarea" ? "textarea" : "input";
}

/**
 * HTML attributes that mirror the schema's limits (zod 4.6 no longer reports string lengths and
 * patterns to conform's getZodConstraint, which still gives `required`). None on a select or a
 * hidden input, where HTML does not allow them.
 */
export function htmlConstraints(field: FormField): HtmlConstraints {
  const control = controlOf(field);
  if (control === "hidden" || control === "select") return {};
  return kindOf(field).html(field);
}

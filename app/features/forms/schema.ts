import "~/zod-config";
import { z } from "zod";
import type { Country } from "~/content/schema";
import {
  choicesOf,
  dealerSelectorApplies,
  fieldComponent,
  fieldLabel,
  fieldsOf,
  fieldType,
  type FormBlok,
  type FormField,
} from "./content";
import { isIsoDate } from "./dates";
import { FORM_MESSAGES } from "./messages";

/**
 * One zod schema per form, built from the form blok (spec transactional.md section 5 "form
 * validation"), shared by the browser (conform's useForm and getZodConstraint) and the server
 * (parseWithZod in the route action and the JSON API). Pure: "today" and the dealer codes are
 * passed in.
 */

/** Fields validated as a mobile number. */
export const PHONE_FIELDS: readonly string[] = ["mobile", "mobile_phone"];
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
/** Enquiry types that need a dealer (spec: 'A dealer is required' when enquiry_type is enquiry or vehicle). */
export const DEALER_REQUIRED_ENQUIRY_TYPES: readonly string[] = ["enquiry", "vehicle"];
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

export interface FormSchemaContext {
  country: Country;
  /** Today in the country's calendar (YYYY-MM-DD): the test drive date must be after it. */
  today: string;
  /** On the server: the country's dealer codes; a dealer_code must be one of them. */
  dealerCodes?: ReadonlySet<string> | null;
}

export function isEmailField(name: string): boolean {
  return name.toLowerCase() === "email";
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

function text(requiredMessage: string, invalidMessage: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? requiredMessage : invalidMessage) });
}

/** True when the post code is required: the spec makes post_code required in every form. */
export function isRequired(field: FormField): boolean {
  return field.required === true || field.name === "post_code";
}

/** The schema of one field's value (before the form-level dealer rule). */
export function fieldSchema(field: FormField, ctx: FormSchemaContext): z.ZodType<string | undefined> {
  const label = fieldLabel(field);
  const name = field.name;
  const type = fieldType(field);
  const component = fieldComponent(field);
  const invalid = FORM_MESSAGES.invalid(label);
  let requiredMessage: string = FORM_MESSAGES.required(label, name);
  let schema: z.ZodType<string>;

  if (type === "hidden") {
    return z.preprocess(trimValue, z.string().max(MAX_LENGTH.hidden, invalid).optional());
  }
  const choices = choicesOf(field);
  if (component === "SelectDealership") {
    requiredMessage = FORM_MESSAGES.dealer;
    let dealer = text(requiredMessage, invalid).max(MAX_LENGTH.dealer, invalid);
    const codes = ctx.dealerCodes;
    if (codes && codes.size > 0) dealer = dealer.refine((v) => codes.has(v), invalid);
    schema = dealer;
  } else if (choices.length > 0) {
    const values = choices.map((c) => c.value) as [string, ...string[]];
    schema = z.enum(values, { error: (issue) => (issue.input === undefined ? requiredMessage : invalid) });
  } else if (PHONE_FIELDS.includes(name)) {
    schema = text(requiredMessage, FORM_MESSAGES.phone)
      .max(MAX_LENGTH.phone, FORM_MESSAGES.phone)
      .regex(PHONE_PATTERN, FORM_MESSAGES.phone);
    return z.preprocess(phoneValue, isRequired(field) ? schema : schema.optional());
  } else if (name === "post_code") {
    schema = text(requiredMessage, FORM_MESSAGES.postcode)
      .max(POSTCODE_MAX_LENGTH, FORM_MESSAGES.postcode)
      .regex(POSTCODE_PATTERN, FORM_MESSAGES.postcode);
  } else if (isEmailField(name)) {
    schema = text(requiredMessage, FORM_MESSAGES.email).max(MAX_LENGTH.email, FORM_MESSAGES.email).regex(EMAIL_PATTERN, FORM_MESSAGES.email);
  } else if (name === "test_drive_date") {
    schema = text(requiredMessage, invalid)
      .regex(DATE_PATTERN, { message: invalid, abort: true })
      .refine(isIsoDate, { message: invalid, abort: true })
      .refine((v) => v > ctx.today, FORM_MESSAGES.testDriveDate);
  } else if (type === "number") {
    schema = text(requiredMessage, FORM_MESSAGES.numbers)
      .regex(NUMBER_PATTERN, { message: FORM_MESSAGES.numbers, abort: true })
      .max(MAX_LENGTH.number, invalid);
  } else if (type === "textarea") {
    schema = text(requiredMessage, invalid).max(MAX_LENGTH.textarea, invalid);
  } else {
    schema = text(requiredMessage, invalid).max(MAX_LENGTH.input, invalid);
  }
  return z.preprocess(trimValue, isRequired(field) ? schema : schema.optional());
}

/**
 * HTML attributes that mirror the schema's limits (zod 4.6 no longer reports string lengths and
 * patterns to conform's getZodConstraint, which still gives `required`).
 */
export function htmlConstraints(field: FormField): { maxLength?: number; inputMode?: "numeric"; pattern?: string } {
  const name = field.name;
  const type = fieldType(field);
  if (type === "hidden" || fieldComponent(field) !== null || type === "select") return {};
  if (PHONE_FIELDS.includes(name)) return { maxLength: MAX_LENGTH.phone };
  if (name === "post_code") return { maxLength: POSTCODE_MAX_LENGTH, inputMode: "numeric", pattern: "\\d{1,4}" };
  if (isEmailField(name)) return { maxLength: MAX_LENGTH.email };
  // A date input's value is always YYYY-MM-DD: pattern and maxlength are not allowed on it (HTML).
  if (name === "test_drive_date") return {};
  if (type === "number") return { maxLength: MAX_LENGTH.number, inputMode: "numeric", pattern: "\\d*" };
  if (type === "textarea") return { maxLength: MAX_LENGTH.textarea };
  return { maxLength: MAX_LENGTH.input };
}

export type FormValues = Record<string, string | undefined>;

/** The dealer field of a form (SelectDealership), if it has one. */
export function dealerFieldOf(fields: readonly FormField[]): FormField | undefined {
  return fields.find((f) => fieldComponent(f) === "SelectDealership" && fieldType(f) !== "hidden");
}

/**
 * 'A dealer is required': a dealer must be chosen when the enquiry type is enquiry or vehicle and
 * the dealer selector is shown for it (or when the dealer field itself is marked required).
 */
export function dealerMissing(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): boolean {
  const dealer = dealerFieldOf(fields);
  if (!dealer) return false;
  const chosen = values[dealer.name];
  if (typeof chosen === "string" && chosen.trim() !== "") return false;
  if (!dealerSelectorApplies(fields, values)) return false;
  const enquiryType = values.enquiry_type;
  return typeof enquiryType === "string" && DEALER_REQUIRED_ENQUIRY_TYPES.includes(enquiryType.trim());
}

/** The schema of a whole form: one entry per field; other posted names are dropped. */
export function buildFormSchema(form: Pick<FormBlok, "sections">, ctx: FormSchemaContext) {
  const fields = fieldsOf(form, ctx.country);
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of fields) {
    // The first field of a name wins (a form should not repeat names).
    if (!(field.name in shape)) shape[field.name] = fieldSchema(field, ctx);
  }
  const dealer = dealerFieldOf(fields);
  const base = z.object(shape);
  if (!dealer) return base;
  return base.check(
    z.superRefine<Record<string, unknown>>(
      (values, issues) => {
        if (dealerMissing(fields, values)) {
          issues.addIssue({ code: "custom", message: FORM_MESSAGES.dealer, path: [dealer.name], input: values[dealer.name] });
        }
      },
      // Run even when other fields failed, so every message shows at once.
      { when: () => true } as never,
    ),
  );
}

export type FormSchema = ReturnType<typeof buildFormSchema>;

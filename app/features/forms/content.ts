import { localeAllows } from "~/content/locale";
import { z } from "zod";
import { assetSchema, blokBase, field, richTextSchema, type Country } from "~/content/schema";

/**
 * The content model of the enquiry and competition forms (shared/CONTENT_MODEL.md "Forms"):
 * `form`, `form-section`, `form-field`, `enquiry-type-option`, and the option bloks this feature
 * adds for plain selects (`select-option`) and model lines (`model-line-option`).
 *
 * A field blok's `component` (shared/CONTENT_MODEL.md) is `form-field` for a plain field, or
 * SelectModelLine | SelectDealership | SelectEnquiryType for the three special fields: a blok has
 * one `component` key, so the special kind is the blok's own technical name, with the same
 * fields as `form-field`. See docs/decisions/019-form-field-components.md.
 */

export const FIELD_TYPES = ["input", "textarea", "select", "number", "hidden"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_COMPONENTS = ["SelectModelLine", "SelectDealership", "SelectEnquiryType"] as const;
export type FieldComponent = (typeof FIELD_COMPONENTS)[number];

/** Section layouts: how many columns the fields take from the md breakpoint. */
export const FIELD_LAYOUTS = ["one-column", "two-columns", "three-columns"] as const;

const { text, key } = field;
const flag = z.boolean().optional();
/** Form parts sit in their own component group. */
const formPart = { storyblok: { group: "Form parts" } } as const;

/** An enquiry type (the SelectEnquiryType options): its CRM endpoint and whether a dealer is chosen. */
export const enquiryTypeOptionSchema = z
  .object({
    ...blokBase,
    component: z.literal("enquiry-type-option"),
    name: text,
    value: key,
    dealerselector: flag,
    sfendpoint: key,
    disableCIO: flag,
  })
  .loose()
  .meta(formPart);
export type EnquiryTypeOption = z.infer<typeof enquiryTypeOptionSchema>;

/** An option of a plain select field. */
export const selectOptionSchema = z
  .object({ ...blokBase, component: z.literal("select-option"), name: text, value: key })
  .loose()
  .meta(formPart);
export type SelectOption = z.infer<typeof selectOptionSchema>;

/** A model line offered by SelectModelLine (spec: name, image, nidasu); `value` defaults to the name. */
export const modelLineOptionSchema = z
  .object({
    ...blokBase,
    component: z.literal("model-line-option"),
    name: text,
    value: key,
    image: assetSchema.nullish(),
    nidasu: key,
  })
  .loose()
  .meta(formPart);
export type ModelLineOption = z.infer<typeof modelLineOptionSchema>;

const optionSchema = z.union([enquiryTypeOptionSchema, selectOptionSchema, modelLineOptionSchema]);
export type FieldOption = z.infer<typeof optionSchema>;

export const formFieldSchema = z
  .object({
    ...blokBase,
    component: z.enum(["form-field", ...FIELD_COMPONENTS]),
    /** The submitted name (enquiry_type, first_name, mobile_phone, Email, post_code, ...). */
    name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "a field name is letters, digits and _")
      .meta({ storyblok: { type: "text", translatable: false } }),
    label: text,
    type: z.union([z.enum(FIELD_TYPES), z.literal("")]).optional(),
    hidden_value: key,
    required: flag,
    options: z.array(optionSchema).optional(),
    /** SelectModelLine: also offer a "not an owner" choice, worded by `not_an_owner_label`. */
    allowNotAnOwner: flag,
    not_an_owner_label: text,
    placeholder: text,
    help_text: text,
    /** SelectDealership without JavaScript: the label of the button that lists the dealers for the postcode. */
    lookup_label: text,
    /** input fields: the browser's autocomplete token (given, family-name, tel, email, postal-code). */
    autocomplete: key,
  })
  .loose()
  .meta(formPart);
export type FormField = z.infer<typeof formFieldSchema>;

export const formSectionSchema = z
  .object({
    ...blokBase,
    component: z.literal("form-section"),
    heading: text,
    field_layout: z.union([z.enum(FIELD_LAYOUTS), z.literal("")]).optional(),
    fields: z.array(formFieldSchema).optional(),
  })
  .loose()
  .meta(formPart);
export type FormSection = z.infer<typeof formSectionSchema>;

const textOrRich = z.union([z.string(), richTextSchema]).optional().meta({ storyblok: { type: "richtext" } });

/** Fields shared by `form` and `competition-form`. */
export const formFields = {
  ...blokBase,
  form_id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "form_id is lower-case letters, digits, - and _")
    .meta({ storyblok: { type: "text", translatable: false } }),
  heading: text,
  intro: textOrRich,
  sections: z.array(formSectionSchema).optional(),
  consent_text: textOrRich,
  cta_text: text,
  success_message: textOrRich,
  /** CRM endpoint path when no enquiry type chooses one (resolved against CRM_BASE_URL). */
  sfendpoint: key,
  /** The enquiry's name for the CRM when no enquiry type names it. */
  enquiry_name: key,
  disableCIO: flag,
  background_color: key,
};

export const formBlokSchema = z.object({ ...formFields, component: z.literal("form") }).loose();
export const competitionFormBlokSchema = z.object({ ...formFields, component: z.literal("competition-form") }).loose();
export type FormBlok = z.infer<typeof formBlokSchema> | z.infer<typeof competitionFormBlokSchema>;
export type FormKind = "form" | "competition";

export function formKind(blok: { component: string }): FormKind {
  return blok.component === "competition-form" ? "competition" : "form";
}


/** The form's fields for a country, in order (a blok's `locale` hides it in the other country). */
export function fieldsOf(form: Pick<FormBlok, "sections">, country: Country): FormField[] {
  return (form.sections ?? [])
    .filter((s) => localeAllows(s.locale, country))
    .flatMap((s) => (s.fields ?? []).filter((f) => localeAllows(f.locale, country)));
}

export function fieldType(field: FormField): FieldType {
  return field.type ? field.type : "input";
}

export function fieldComponent(field: FormField): FieldComponent | null {
  return field.component === "form-field" ? null : field.component;
}

/** The visible label: the content's, else the field name. */
export function fieldLabel(field: FormField): string {
  return field.label?.trim() || field.name;
}

export interface ChoiceOption {
  value: string;
  text: string;
}

export const NOT_AN_OWNER_VALUE = "not-an-owner";

/** The choices of a select-like field (SelectEnquiryType, SelectModelLine, select); [] otherwise. */
export function choicesOf(field: FormField): ChoiceOption[] {
  const component = fieldComponent(field);
  if (component === "SelectDealership") return [];
  if (component === null && fieldType(field) !== "select") return [];
  const options: ChoiceOption[] = [];
  for (const option of field.options ?? []) {
    const name = (option.name ?? "").trim();
    const value = (option.value ?? "").trim() || name;
    if (!value) continue;
    options.push({ value, text: name || value });
  }
  if (component === "SelectModelLine" && field.allowNotAnOwner && field.not_an_owner_label?.trim()) {
    options.push({ value: NOT_AN_OWNER_VALUE, text: field.not_an_owner_label.trim() });
  }
  return options;
}

/** The enquiry-type options of the form's SelectEnquiryType field. */
export function enquiryTypesOf(fields: readonly FormField[]): { field: FormField; options: EnquiryTypeOption[] } | null {
  const field = fields.find((f) => fieldComponent(f) === "SelectEnquiryType");
  if (!field) return null;
  const options = (field.options ?? []).filter((o): o is EnquiryTypeOption => o.component === "enquiry-type-option");
  return { field, options };
}

export function optionValue(option: { name?: string; value?: string }): string {
  return (option.value ?? "").trim() || (option.name ?? "").trim();
}

/** The chosen enquiry type's option, when the form has an enquiry type select. */
export function chosenEnquiryType(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): EnquiryTypeOption | null {
  const types = enquiryTypesOf(fields);
  if (!types) return null;
  const chosen = values[types.field.name];
  if (typeof chosen !== "string" || chosen === "") return null;
  return types.options.find((o) => optionValue(o) === chosen) ?? null;
}

/**
 * Whether the dealer selector is shown: the form has a SelectDealership field, and it has no
 * enquiry type select, or no enquiry type is chosen yet, or the chosen type's option has
 * `dealerselector` on (spec: hidden when the chosen enquiry type has no dealer selector).
 */
export function dealerSelectorApplies(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): boolean {
  if (!fields.some((f) => fieldComponent(f) === "SelectDealership")) return false;
  const types = enquiryTypesOf(fields);
  if (!types) return true;
  const chosen = values[types.field.name];
  if (typeof chosen !== "string" || chosen === "") return true;
  const option = types.options.find((o) => optionValue(o) === chosen);
  return option ? option.dealerselector === true : true;
}

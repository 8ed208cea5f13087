import "~/lib/zod-config";
import { z } from "zod";
import type { Country } from "~/content/schema";
import { dealerSelectorApplies, fieldComponent, fieldsOf, fieldType, type FormBlok, type FormField } from "./content";
import { isRequired, kindOf, type FieldRuleContext } from "./field-kinds";
import { FORM_MESSAGES } from "./messages";

/**
 * One zod schema per form, built from the form blok (spec transactional.md section 5 "form
 * validation"), shared by the browser (conform's useForm and getZodConstraint) and the server
 * (parseWithZod in the route action and the JSON API). Pure: "today" and the dealer codes are
 * passed in.
 */

/** Enquiry types that need a dealer (spec: 'A dealer is required' when enquiry_type is enquiry or vehicle). */
export const DEALER_REQUIRED_ENQUIRY_TYPES: readonly string[] = ["enquiry", "vehicle"];

export interface FormSchemaContext extends FieldRuleContext {
  country: Country;
}

/** The schema of one field's value (before the form-level dealer rule). */
export function fieldSchema(field: FormField, ctx: FieldRuleContext): z.ZodType<string | undefined> {
  const kind = kindOf(field);
  const rule = kind.rule(field, ctx);
  return z.preprocess(kind.read, !kind.neverRequired && isRequired(field) ? rule : rule.optional());
}

/** The HTML mirror of the rules, from the same table. */
export { htmlConstraints } from "./field-kinds";

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

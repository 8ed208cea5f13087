import { FormView } from "~/features/forms/form-view";
import { formBlokSchema, type FormBlok } from "~/features/forms/content";
import { defineBlock } from "./types";

// Nested blok schemas of the forms, exported here so the content check finds them.
export {
  enquiryTypeOptionSchema,
  formFieldSchema,
  formSectionSchema,
  modelLineOptionSchema,
  selectOptionSchema,
} from "~/features/forms/content";

/** `form`: an enquiry form (heading, intro, sections of fields, consent, submit, success message). */
export const schema = formBlokSchema;

export function FormBlock({ blok }: { blok: FormBlok }) {
  return <FormView blok={blok} />;
}

export const form = defineBlock(schema, FormBlock);

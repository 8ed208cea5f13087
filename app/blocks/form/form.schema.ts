import { formBlokSchema } from "~/features/forms/content";

export type { FormBlok } from "~/features/forms/content";

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

export const queryParams = ["submitted", "model", "dealer", "build"] as const;

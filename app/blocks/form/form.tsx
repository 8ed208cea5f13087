import { FormView } from "~/features/forms/form-view";
import type { FormBlok } from "./form.schema";

/** `form`: an enquiry form (heading, intro, sections of fields, consent, submit, success message). */
export function FormBlock({ blok }: { blok: FormBlok }) {
  return <FormView blok={blok} />;
}

export default FormBlock;

import { FormView } from "~/features/forms/form-view";
import type { FormBlok } from "./competition-form.schema";

/** `competition-form`: a competition entry form; it posts to /api/competition/ with SFEndpoint and enquiry_name. */
export function CompetitionFormBlock({ blok }: { blok: FormBlok }) {
  return <FormView blok={blok} />;
}

export default CompetitionFormBlock;

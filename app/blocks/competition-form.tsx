import { FormView } from "~/features/forms/form-view";
import { competitionFormBlokSchema, type FormBlok } from "~/features/forms/content";
import { defineBlock } from "./types";

/** `competition-form`: a competition entry form; it posts to /api/competition/ with SFEndpoint and enquiry_name. */
export const schema = competitionFormBlokSchema;

export function CompetitionFormBlock({ blok }: { blok: FormBlok }) {
  return <FormView blok={blok} />;
}

export const competitionForm = defineBlock(schema, CompetitionFormBlock);

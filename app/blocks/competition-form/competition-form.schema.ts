import { competitionFormBlokSchema } from "~/features/forms/content";

export type { FormBlok } from "~/features/forms/content";

/** `competition-form`: a competition entry form; it posts to /api/competition/ with SFEndpoint and enquiry_name. */
export const schema = competitionFormBlokSchema;

export const queryParams = ["submitted", "model", "dealer"] as const;

import type { z } from "zod";
import { ownersClubEventDetailSchema } from "~/content/content-types";

/** The content type and the block are one: the schema lives with the other content types. */
export const schema = ownersClubEventDetailSchema;
export type OwnersClubEventDetailBlok = z.infer<typeof schema>;

import { z } from "zod";
import { blokBase } from "~/content/schema";
import { sectionFields } from "./shared.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("owners-club-event-listing"),
    ...sectionFields,
    load_more_label: z.string().optional(),
  })
  .loose();
export type OwnersClubEventListingBlok = z.infer<typeof schema>;

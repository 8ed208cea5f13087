import { z } from "zod";
import { blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("owners-club-event-listing"),
    ...sectionFields,
    load_more_label: field.text,
  })
  .loose();
export type OwnersClubEventListingBlok = z.infer<typeof schema>;

export const queryParams = ["category", "page"] as const;

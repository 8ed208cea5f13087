import { z } from "zod";
import { blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("news-listing"),
    ...sectionFields,
    /** Label of the filter's first option, which shows every category ("All news"). */
    all_label: field.text,
    /** Accessible name of the category filter ("Filter news by category"). */
    filter_label: field.text,
    load_more_label: field.text,
  })
  .loose();
export type NewsListingBlok = z.infer<typeof schema>;

export const queryParams = ["category", "page"] as const;

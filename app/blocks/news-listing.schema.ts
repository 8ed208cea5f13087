import { z } from "zod";
import { blokBase } from "~/content/schema";
import { sectionFields } from "./shared.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("news-listing"),
    ...sectionFields,
    /** Label of the filter's first option, which shows every category ("All news"). */
    all_label: z.string().optional(),
    /** Accessible name of the category filter ("Filter news by category"). */
    filter_label: z.string().optional(),
    load_more_label: z.string().optional(),
  })
  .loose();
export type NewsListingBlok = z.infer<typeof schema>;

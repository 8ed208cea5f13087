import { z } from "zod";
import { numberField } from "~/components/section.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, linkSchema } from "~/content/schema";
import { sectionFields } from "./shared.schema";

export const overviewGridItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("overview-grid-item"),
    heading: z.string().optional(),
    content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    link: z.union([linkSchema, z.string()]).optional(),
    /** Visible words of the link (default: the heading is the link). */
    link_label: z.string().optional(),
  })
  .loose();
export type OverviewGridItemBlok = z.infer<typeof overviewGridItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("overview-grid-blocks"),
    ...sectionFields,
    items: z.array(overviewGridItemSchema).optional(),
    /** Columns from lg up: 2 or 3 (default 3). */
    columns: numberField(2, 3),
  })
  .loose();
export type OverviewGridBlocksBlok = z.infer<typeof schema>;

import { z } from "zod";
import { numberField } from "~/components/section.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const overviewGridItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("overview-grid-item"),
    heading: field.text,
    content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    link: field.linkOrHref,
    /** Visible words of the link (default: the heading is the link). */
    link_label: field.text,
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

import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const overviewBlockSchema = z
  .object({
    ...blokBase,
    component: z.literal("overview-block"),
    heading: field.text,
    content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    buttons: z.array(buttonSchema).optional(),
  })
  .loose();
export type OverviewBlockBlok = z.infer<typeof overviewBlockSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("overview-blocks"),
    ...sectionFields,
    items: z.array(overviewBlockSchema).optional(),
  })
  .loose();
export type OverviewBlocksBlok = z.infer<typeof schema>;

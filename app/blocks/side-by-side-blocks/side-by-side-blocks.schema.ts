import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const sideBySideItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("side-by-side-item"),
    heading: field.text,
    content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    buttons: z.array(buttonSchema).optional(),
  })
  .loose();
export type SideBySideItemBlok = z.infer<typeof sideBySideItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("side-by-side-blocks"),
    ...sectionFields,
    items: z.array(sideBySideItemSchema).optional(),
  })
  .loose();
export type SideBySideBlocksBlok = z.infer<typeof schema>;

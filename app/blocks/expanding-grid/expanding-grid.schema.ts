import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const expandingGridItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("expanding-grid-item"),
    heading: field.text,
    subHeading: field.text,
    image: assetSchema.nullish(),
    content: textOrRichSchema.optional(),
    buttons: z.array(buttonSchema).optional(),
  })
  .loose();
export type ExpandingGridItemBlok = z.infer<typeof expandingGridItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("expanding-grid"),
    ...sectionFields,
    items: z.array(expandingGridItemSchema).optional(),
  })
  .loose();
export type ExpandingGridBlok = z.infer<typeof schema>;

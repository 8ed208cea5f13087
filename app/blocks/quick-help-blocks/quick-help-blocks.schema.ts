import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

/** Spec: quick help items have locale, heading, image, link and content. */
export const quickHelpItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("quick-help-item"),
    heading: field.text,
    image: assetSchema.nullish(),
    link: field.linkOrHref,
    content: textOrRichSchema.optional(),
  })
  .loose();
export type QuickHelpItemBlok = z.infer<typeof quickHelpItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("quick-help-blocks"),
    ...sectionFields,
    items: z.array(quickHelpItemSchema).optional(),
  })
  .loose();
export type QuickHelpBlocksBlok = z.infer<typeof schema>;

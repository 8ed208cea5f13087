import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const accordionItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("accordion-item"),
    /** The question. */
    heading: field.text,
    /** The answer. */
    content: textOrRichSchema.optional(),
    /** Open when the page loads. */
    open: z.boolean().optional(),
  })
  .loose();
export type AccordionItemBlok = z.infer<typeof accordionItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("accordion"),
    ...sectionFields,
    items: z.array(accordionItemSchema).optional(),
  })
  .loose();
export type AccordionBlok = z.infer<typeof schema>;

import { z } from "zod";
import { scrollToIdField } from "~/components/section.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("expansion-panel"),
    heading: field.text,
    /** Always shown. */
    content: textOrRichSchema.optional(),
    /** Shown after 'Read More'. */
    expanded_content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    background_color: field.text,
    ...scrollToIdField,
  })
  .loose();
export type ExpansionPanelBlok = z.infer<typeof schema>;

import { z } from "zod";
import { scrollToIdField } from "~/components/section.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase } from "~/content/schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("expansion-panel"),
    heading: z.string().optional(),
    /** Always shown. */
    content: textOrRichSchema.optional(),
    /** Shown after 'Read More'. */
    expanded_content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    background_color: z.string().optional(),
    ...scrollToIdField,
  })
  .loose();
export type ExpansionPanelBlok = z.infer<typeof schema>;

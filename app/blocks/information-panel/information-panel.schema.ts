import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("information-panel"),
    ...sectionFields,
    content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    image_position: z.enum(["left", "right", ""]).optional(),
    /** Small print under the text. */
    disclaimer: field.text,
  })
  .loose();
export type InformationPanelBlok = z.infer<typeof schema>;

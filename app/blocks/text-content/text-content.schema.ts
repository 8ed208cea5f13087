import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { blokBase, field, richTextSchema } from "~/content/schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("text-content"),
    content: richTextSchema.optional(),
    background_color: field.key,
    wide_format: z.boolean().optional(),
    add_vertical_padding: z.boolean().optional(),
    removeGapBelow: z.boolean().optional(),
    /** Optional anchor id so other blocks can link to '#{id}'. */
    scroll_to_id: field.key,
    button: z.array(buttonSchema).optional(),
  })
  .loose();

export type TextContentBlok = z.infer<typeof schema>;

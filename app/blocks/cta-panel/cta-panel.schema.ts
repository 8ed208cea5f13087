import { z } from "zod";
import { assetSchema, blokBase } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("cta-panel"),
    ...sectionFields,
    /** Optional image beside the text. */
    image: assetSchema.nullish(),
    /** Colour scheme: primary (brand teal, white text, default), accent or light. */
    theme: z.enum(["primary", "accent", "light", ""]).optional(),
  })
  .loose();
export type CtaPanelBlok = z.infer<typeof schema>;

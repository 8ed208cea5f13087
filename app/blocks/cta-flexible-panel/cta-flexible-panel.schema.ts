import { z } from "zod";
import { cardSchema } from "~/components/card.schema";
import { blokBase } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("cta-flexible-panel"),
    ...sectionFields,
    cards: z.array(cardSchema).optional(),
    /** Where the text sits next to the cards: left (default), right, or above them. */
    layout: z.enum(["text-left", "text-right", "text-top", ""]).optional(),
  })
  .loose();
export type CtaFlexiblePanelBlok = z.infer<typeof schema>;

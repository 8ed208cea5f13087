import { z } from "zod";
import { cardSchema } from "~/components/card.schema";
import { numberField } from "~/components/section.schema";
import { blokBase } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("cta-cards"),
    ...sectionFields,
    cards: z.array(cardSchema).optional(),
    /** Cards per row from lg up: 2 to 4 (default 3). */
    columns: numberField(2, 4),
  })
  .loose();
export type CtaCardsBlok = z.infer<typeof schema>;

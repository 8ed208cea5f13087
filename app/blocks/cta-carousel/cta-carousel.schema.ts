import { z } from "zod";
import { cardSchema } from "~/components/card.schema";
import { numberField } from "~/components/section.schema";
import { blokBase } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("cta-carousel"),
    ...sectionFields,
    cards: z.array(cardSchema).optional(),
    /** Cards in view from lg up: 1 to 4 (default 3); fewer on smaller screens. */
    slides_per_view: numberField(1, 4),
  })
  .loose();
export type CtaCarouselBlok = z.infer<typeof schema>;

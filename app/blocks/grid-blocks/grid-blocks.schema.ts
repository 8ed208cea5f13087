import { z } from "zod";
import { cardSchema } from "~/components/card.schema";
import { blokBase } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("grid-blocks"),
    ...sectionFields,
    items: z.array(cardSchema).optional(),
  })
  .loose();
export type GridBlocksBlok = z.infer<typeof schema>;

import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const hoverTileSchema = z
  .object({
    ...blokBase,
    component: z.literal("hover-tile"),
    heading: field.text,
    image: assetSchema.nullish(),
    content: textOrRichSchema.optional(),
    /** Anywhere, including a section of this page ('#{id}', a panel's scroll-to-id). */
    link: field.linkOrHref,
  })
  .loose();
export type HoverTileBlok = z.infer<typeof hoverTileSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("hover-tiles"),
    ...sectionFields,
    tiles: z.array(hoverTileSchema).optional(),
  })
  .loose();
export type HoverTilesBlok = z.infer<typeof schema>;

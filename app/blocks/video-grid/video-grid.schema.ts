import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const videoGridItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("video-grid-item"),
    heading: field.text,
    description: textOrRichSchema.optional(),
    video: field.video,
    poster: assetSchema.nullish(),
    captions: field.captions,
  })
  .loose();

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("video-grid"),
    ...sectionFields,
    items: z.array(videoGridItemSchema).optional(),
  })
  .loose();
export type VideoGridBlok = z.infer<typeof schema>;

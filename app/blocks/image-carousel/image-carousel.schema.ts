import { z } from "zod";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("image-carousel"),
    ...sectionFields,
    images: z.array(assetSchema).optional(),
    /** Offer the images as one download (images.zip). */
    allow_download: z.boolean().optional(),
    download_label: field.text,
    /** Show each image's title below it. */
    show_captions: z.boolean().optional(),
  })
  .loose();
export type ImageCarouselBlok = z.infer<typeof schema>;

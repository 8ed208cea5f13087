import { z } from "zod";
import { scrollToIdField } from "~/components/section.schema";
import { assetSchema, blokBase, linkSchema } from "~/content/schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("image-banner"),
    image: assetSchema.nullish(),
    mobileImage: assetSchema.nullish(),
    /** The whole banner links here when set. */
    link: z.union([linkSchema, z.string()]).optional(),
    /** Caption under the image. */
    caption: z.string().optional(),
    /** Keep the image within the page width instead of full bleed. */
    contained: z.boolean().optional(),
    ...scrollToIdField,
  })
  .loose();
export type ImageBannerBlok = z.infer<typeof schema>;

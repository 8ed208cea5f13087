import { z } from "zod";
import { scrollToIdField } from "~/components/section.schema";
import { assetSchema, blokBase, field } from "~/content/schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("image-banner"),
    image: assetSchema.nullish(),
    mobileImage: assetSchema.nullish(),
    /** The whole banner links here when set. */
    link: field.linkOrHref,
    /** Caption under the image. */
    caption: field.text,
    /** Keep the image within the page width instead of full bleed. */
    contained: z.boolean().optional(),
    ...scrollToIdField,
  })
  .loose();
export type ImageBannerBlok = z.infer<typeof schema>;

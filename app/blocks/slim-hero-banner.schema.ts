import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { scrollToIdField } from "~/components/section.schema";
import { assetSchema, blokBase } from "~/content/schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("slim-hero-banner"),
    heading: z.string().optional(),
    subHeading: z.string().optional(),
    image: assetSchema.nullish(),
    mobileImage: assetSchema.nullish(),
    textColor: z.enum(["light", "dark", ""]).optional(),
    applyGradient: z.boolean().optional(),
    heading_level: z.enum(["h1", "h2", ""]).optional(),
    buttons: z.array(buttonSchema).optional(),
    ...scrollToIdField,
  })
  .loose();
export type SlimHeroBannerBlok = z.infer<typeof schema>;

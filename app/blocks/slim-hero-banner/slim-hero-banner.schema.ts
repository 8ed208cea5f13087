import { z } from "zod";
import { scrollToIdField } from "~/components/section.schema";
import { blokBase } from "~/content/schema";
import { heroSlideFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("slim-hero-banner"),
    ...heroSlideFields,
    heading_level: z.enum(["h1", "h2", ""]).optional(),
    ...scrollToIdField,
  })
  .loose();
export type SlimHeroBannerBlok = z.infer<typeof schema>;

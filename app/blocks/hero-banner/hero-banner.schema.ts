import { z } from "zod";
import { scrollToIdField } from "~/components/section.schema";
import { blokBase, field } from "~/content/schema";
import { heroSlideFields } from "~/components/section-block.schema";

export const heroSlideSchema = z
  .object({
    ...blokBase,
    component: z.literal("hero-slide"),
    ...heroSlideFields,
    /** Small print under the buttons. */
    disclaimer: field.text,
  })
  .loose();
export type HeroSlideBlok = z.infer<typeof heroSlideSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("hero-banner"),
    slides: z.array(heroSlideSchema).optional(),
    /** Autoplay between slides (default on). */
    autoplay: z.boolean().optional(),
    /** The slides' heading level: h1 when the hero carries the page title (default h2). */
    heading_level: z.enum(["h1", "h2", ""]).optional(),
    /** Accessible name of the slideshow. */
    label: field.text,
    ...scrollToIdField,
  })
  .loose();
export type HeroBannerBlok = z.infer<typeof schema>;

import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { scrollToIdField } from "~/components/section.schema";
import { assetSchema, blokBase } from "~/content/schema";

export const heroSlideSchema = z
  .object({
    ...blokBase,
    component: z.literal("hero-slide"),
    heading: z.string().optional(),
    subHeading: z.string().optional(),
    image: assetSchema.nullish(),
    /** Art-directed image below md. */
    mobileImage: assetSchema.nullish(),
    /** "light" (white text, the default) or "dark". */
    textColor: z.enum(["light", "dark", ""]).optional(),
    applyGradient: z.boolean().optional(),
    buttons: z.array(buttonSchema).optional(),
    /** Small print under the buttons. */
    disclaimer: z.string().optional(),
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
    label: z.string().optional(),
    ...scrollToIdField,
  })
  .loose();
export type HeroBannerBlok = z.infer<typeof schema>;

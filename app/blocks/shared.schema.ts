import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { scrollToIdField } from "~/components/section.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema } from "~/content/schema";

/** Fields most section blocks share: a heading, an intro, buttons and the scroll-to-id anchor. */
export const sectionFields = {
  heading: z.string().optional(),
  intro: textOrRichSchema.optional(),
  buttons: z.array(buttonSchema).optional(),
  background_color: z.string().optional(),
  ...scrollToIdField,
};

/** Fields of a hero slide: a hero-banner's slides and the slim-hero-banner (one slide) share them. */
export const heroSlideFields = {
  heading: z.string().optional(),
  subHeading: z.string().optional(),
  image: assetSchema.nullish(),
  /** Art-directed image below md. */
  mobileImage: assetSchema.nullish(),
  /** "light" (white text, the default) or "dark". */
  textColor: z.enum(["light", "dark", ""]).optional(),
  applyGradient: z.boolean().optional(),
  buttons: z.array(buttonSchema).optional(),
};

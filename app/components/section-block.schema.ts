import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { scrollToIdField } from "~/components/section.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, field } from "~/content/schema";

/** Fields most section blocks share: a heading, an intro, buttons and the scroll-to-id anchor. */
export const sectionFields = {
  heading: field.text,
  intro: textOrRichSchema.optional(),
  buttons: z.array(buttonSchema).optional(),
  /** A CSS colour ("#f5f7fa"). */
  background_color: field.key,
  ...scrollToIdField,
};

/** Fields of a hero slide: a hero-banner's slides and the slim-hero-banner (one slide) share them. */
export const heroSlideFields = {
  heading: field.text,
  subHeading: field.text,
  image: assetSchema.nullish(),
  /** Art-directed image below md. */
  mobileImage: assetSchema.nullish(),
  /** "light" (white text, the default) or "dark". */
  textColor: z.enum(["light", "dark", ""]).optional(),
  applyGradient: z.boolean().optional(),
  buttons: z.array(buttonSchema).optional(),
};

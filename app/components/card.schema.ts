import { z } from "zod";
import { assetSchema, blokBase, field } from "~/content/schema";
import { buttonSchema } from "./button.schema";
import { numberField } from "./section.schema";
import { textOrRichSchema } from "./text-or-rich.schema";

/** Card and grid items (inside cta-* and grid blocks), shared/CONTENT_MODEL.md section 5. */
export const cardSchema = z
  .object({
    ...blokBase,
    component: z.literal("card"),
    heading: field.text,
    subHeading: field.text,
    /** Image (jpg, jpeg, png, gif, webp), video file (mp4, webm, ogg, mov) or a watch link. */
    media: assetSchema.nullish(),
    /** WebVTT captions when the media is a video file. */
    mediaCaptions: field.captions,
    /** "light" (white text, the default over media) or "dark", or a CSS colour. */
    textColor: field.key,
    applyGradient: z.boolean().optional(),
    cardLink: field.linkOrHref,
    ctaButton: z.array(buttonSchema).optional(),
    popoverText: textOrRichSchema.optional(),
    /** In a slider: the text sits below the media instead of over it. */
    showBelowSlider: z.boolean().optional(),
    /** Columns the item spans in a grid: 1 to 3. */
    span: numberField(1, 3),
    zoomOnHover: z.boolean().optional(),
    showFlippedContent: z.boolean().optional(),
    flippedContent: textOrRichSchema.optional(),
  })
  .loose();

export type CardBlok = z.infer<typeof cardSchema>;

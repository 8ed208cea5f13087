import { z } from "zod";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("video-banner"),
    ...sectionFields,
    video: field.video,
    poster: assetSchema.nullish(),
    captions: field.captions,
    /** Plays by itself, muted and looping (never with sound); otherwise the visitor presses play. */
    autoplay: z.boolean().optional(),
    /** Text over a dark video ("light") or a light one ("dark"). */
    text_color: z.enum(["light", "dark", ""]).optional(),
  })
  .loose();
export type VideoBannerBlok = z.infer<typeof schema>;

import { z } from "zod";
import { assetSchema, blokBase, field } from "~/content/schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("event-banner"),
    heading: field.text,
    /** Image or video. */
    media: assetSchema.nullish(),
    captions: field.captions,
    /** Storyblok datetime "YYYY-MM-DD HH:mm". */
    event_date: field.datetime,
    location: field.text,
    state: field.text,
  })
  .loose();
export type EventBannerBlok = z.infer<typeof schema>;

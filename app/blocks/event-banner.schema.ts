import { z } from "zod";
import { assetSchema, blokBase } from "~/content/schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("event-banner"),
    heading: z.string().optional(),
    /** Image or video. */
    media: assetSchema.nullish(),
    captions: assetSchema.nullish(),
    /** Storyblok datetime "YYYY-MM-DD HH:mm". */
    event_date: z.string().optional(),
    location: z.string().optional(),
    state: z.string().optional(),
  })
  .loose();
export type EventBannerBlok = z.infer<typeof schema>;

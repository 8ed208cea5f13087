import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

/** Field names of spec site.md section 3 (Video listing). */
export const listingVideoSchema = z
  .object({
    ...blokBase,
    component: z.literal("video-listing-video"),
    heading: field.text,
    image: assetSchema.nullish(),
    video: field.video,
    captions: field.captions,
    additionalInformation: textOrRichSchema.optional(),
  })
  .loose();
export type ListingVideo = z.infer<typeof listingVideoSchema>;

export const videoCategorySchema = z
  .object({
    ...blokBase,
    component: z.literal("video-category"),
    heading: field.text,
    videos: z.array(listingVideoSchema).optional(),
  })
  .loose();

export const videoListingItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("video-listing-item"),
    heading: field.text,
    subHeading: field.text,
    image: assetSchema.nullish(),
    heroVideo: field.video,
    heroCaptions: field.captions,
    videoCategories: z.array(videoCategorySchema).optional(),
  })
  .loose();
export type VideoListingItem = z.infer<typeof videoListingItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("video-listing"),
    ...sectionFields,
    videoListingItems: z.array(videoListingItemSchema).optional(),
    /** The link from a model's view back to the cards ("All videos"). */
    back_label: field.text,
  })
  .loose();
export type VideoListingBlok = z.infer<typeof schema>;

export const queryParams = ["model", "video"] as const;

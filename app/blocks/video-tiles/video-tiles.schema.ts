import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

/** Field names of spec site.md section 3 (Video tiles). */
export const videoTileSchema = z
  .object({
    ...blokBase,
    component: z.literal("video-tile"),
    heading: field.text,
    description: textOrRichSchema.optional(),
    /** The tile's picture: an image, or a short video that loops silently. */
    videoThumbnail: assetSchema.nullish(),
    /** Poster of a video thumbnail (and the tile's picture when there is no thumbnail). */
    videoThumbnailPlaceholder: assetSchema.nullish(),
    video: field.video,
    /** Poster of the full video. */
    videoPlaceholder: assetSchema.nullish(),
    captions: field.captions,
    showDesktop: z.boolean().optional(),
    showMobile: z.boolean().optional(),
  })
  .loose();
export type VideoTile = z.infer<typeof videoTileSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("video-tiles"),
    ...sectionFields,
    tiles: z.array(videoTileSchema).optional(),
  })
  .loose();
export type VideoTilesBlok = z.infer<typeof schema>;

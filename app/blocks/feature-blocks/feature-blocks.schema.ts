import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const FEATURE_BLOCK_VARIANTS = ["vertical", "horizontal", "grid-above", "grid-below"] as const;
export type FeatureBlockVariant = (typeof FEATURE_BLOCK_VARIANTS)[number];

export const featureBlockItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("feature-block-item"),
    heading: field.text,
    content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
    buttons: z.array(buttonSchema).optional(),
  })
  .loose();
export type FeatureBlockItemBlok = z.infer<typeof featureBlockItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("feature-blocks"),
    ...sectionFields,
    variant: z.enum(FEATURE_BLOCK_VARIANTS).optional(),
    /** The large image of the grid variants (above or below the grid of items). */
    image: assetSchema.nullish(),
    items: z.array(featureBlockItemSchema).optional(),
  })
  .loose();
export type FeatureBlocksBlok = z.infer<typeof schema>;

import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const iconFeatureSchema = z
  .object({
    ...blokBase,
    component: z.literal("icon-feature"),
    icon: assetSchema.nullish(),
    heading: field.text,
    content: textOrRichSchema.optional(),
  })
  .loose();
export type IconFeatureBlok = z.infer<typeof iconFeatureSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("icon-features"),
    ...sectionFields,
    /** The large image beside the list. */
    image: assetSchema.nullish(),
    image_position: z.enum(["left", "right", ""]).optional(),
    items: z.array(iconFeatureSchema).optional(),
  })
  .loose();
export type IconFeaturesBlok = z.infer<typeof schema>;

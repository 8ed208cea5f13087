import { z } from "zod";
import { assetSchema, blokBase } from "~/content/schema";
import { modelField, vehicleBlockFields } from "~/features/vehicles/components/block-fields.schema";

export const MODEL_CARD_STYLES = ["a", "b"] as const;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("model-card-block"),
    ...vehicleBlockFields,
    ...modelField,
    /** a: image above the text; b: image beside the text, alternating side (default a). */
    style: z.union([z.enum(MODEL_CARD_STYLES), z.literal("")]).optional(),
    /** Overrides the model line's name. */
    title: z.string().optional(),
    text: z.string().optional(),
    /** Overrides the model's image. */
    image: assetSchema.nullish(),
    /** 'From' before the price of the lowest-priced model. */
    price_prefix: z.string().optional(),
    cta_label: z.string().optional(),
  })
  .loose();
export type ModelCardBlok = z.infer<typeof schema>;

import { z } from "zod";
import { assetSchema, blokBase, field } from "~/content/schema";
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
    title: field.text,
    text: field.textarea,
    /** Overrides the model's image. */
    image: assetSchema.nullish(),
    /** 'From' before the price of the lowest-priced model. */
    price_prefix: field.text,
    cta_label: field.text,
  })
  .loose();
export type ModelCardBlok = z.infer<typeof schema>;

export const queryParams = ["colour"] as const;

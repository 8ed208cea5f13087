import { z } from "zod";
import { blokBase, field } from "~/content/schema";
import { vehicleBlockFields } from "~/features/vehicles/components/block-fields.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("model-range-tabs"),
    ...vehicleBlockFields,
    /** Heading over each model's feature list ("Key features"). */
    features_heading: field.text,
  })
  .loose();
export type ModelRangeTabsBlok = z.infer<typeof schema>;

export const queryParams = ["variant", "colour"] as const;

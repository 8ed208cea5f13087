import { z } from "zod";
import { blokBase, field } from "~/content/schema";
import { modelField, vehicleBlockFields } from "~/features/vehicles/components/block-fields.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("car-detail-page"),
    ...vehicleBlockFields,
    ...modelField,
    /** Heading over the feature list. */
    features_heading: field.text,
  })
  .loose();
export type CarDetailPageBlok = z.infer<typeof schema>;

export const queryParams = ["colour"] as const;

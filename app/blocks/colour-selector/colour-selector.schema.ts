import { z } from "zod";
import { blokBase } from "~/content/schema";
import { modelField, vehicleBlockFields } from "~/features/vehicles/components/block-fields.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("colour-selector"),
    ...vehicleBlockFields,
    ...modelField,
  })
  .loose();
export type ColourSelectorBlok = z.infer<typeof schema>;

export const queryParams = ["colour"] as const;

import { z } from "zod";
import { numberField } from "~/components/section.schema";
import { blokBase } from "~/content/schema";
import { vehicleBlockFields } from "~/features/vehicles/components/block-fields.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("compare-grid"),
    ...vehicleBlockFields,
    /** Models shown at first (default 2). */
    initial_count: numberField(0, 6),
    /** How many lines of each model's feature list to show (default 4). */
    feature_count: numberField(0, 12),
  })
  .loose();
export type CompareGridBlok = z.infer<typeof schema>;

export const queryParams = ["compare", "colour"] as const;

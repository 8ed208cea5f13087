import { z } from "zod";
import { blokBase } from "~/content/schema";
import { vehicleBlockFields } from "~/features/vehicles/components/block-fields.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("accessories-listing"),
    ...vehicleBlockFields,
  })
  .loose();
export type AccessoriesListingBlok = z.infer<typeof schema>;

export const queryParams = ["category", "sort", "pages"] as const;

import { z } from "zod";
import { blokBase, field } from "~/content/schema";
import { financeFromField, vehicleBlockFields } from "~/features/vehicles/components/block-fields.schema";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("model-range-compact"),
    ...vehicleBlockFields,
    ...financeFromField,
    /** Price disclaimer toggle on each card (default on). */
    show_price_disclaimer: z.boolean().optional(),
    /** Card button label; default 'Build Your Own'. */
    cta_label: field.text,
  })
  .loose();
export type ModelRangeCompactBlok = z.infer<typeof schema>;

export const queryParams = ["colour"] as const;

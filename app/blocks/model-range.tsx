import { z } from "zod";
import { blokBase } from "~/content/schema";
import { financeFromField, vehicleBlockFields } from "~/features/vehicles/components/block-fields.schema";
import { ModelRangeView } from "~/features/vehicles/components/model-range-view";
import { defineBlock } from "./types";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("model-range"),
    ...vehicleBlockFields,
    ...financeFromField,
    /** Price disclaimer toggle on each card (default on). */
    show_price_disclaimer: z.boolean().optional(),
    /** Card button label; default 'Build Your Own'. */
    cta_label: z.string().optional(),
  })
  .loose();
export type ModelRangeBlok = z.infer<typeof schema>;

/** Model range: a carousel of the line's models, 1.66666 per view (spec §9). */
export function ModelRange({ blok }: { blok: ModelRangeBlok }) {
  return <ModelRangeView blok={blok} compact={false} className="model-range" />;
}

export const modelRange = defineBlock(schema, ModelRange);

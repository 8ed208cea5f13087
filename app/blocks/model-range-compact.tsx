import { z } from "zod";
import { blokBase } from "~/content/schema";
import { financeFromField, vehicleBlockFields } from "~/features/vehicles/components/block-fields.schema";
import { ModelRangeView } from "~/features/vehicles/components/model-range-view";
import { defineBlock } from "./types";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("model-range-compact"),
    ...vehicleBlockFields,
    ...financeFromField,
    /** Price disclaimer toggle on each card (default on). */
    show_price_disclaimer: z.boolean().optional(),
    /** Card button label; default 'Build Your Own'. */
    cta_label: z.string().optional(),
  })
  .loose();
export type ModelRangeCompactBlok = z.infer<typeof schema>;

/** Compact model range: smaller cards, 2.66666 per view (spec §9). */
export function ModelRangeCompact({ blok }: { blok: ModelRangeCompactBlok }) {
  return <ModelRangeView blok={blok} compact className="model-range model-range--compact" />;
}

export const modelRangeCompact = defineBlock(schema, ModelRangeCompact);

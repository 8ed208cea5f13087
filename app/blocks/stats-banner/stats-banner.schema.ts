import { z } from "zod";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const statsItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("stats-item"),
    /** The figure, as the editor writes it ("7", "2,500"). */
    value: field.text,
    /** Unit after the figure ("years", "kg", "L/100km"). */
    unit: field.text,
    label: field.text,
    icon: assetSchema.nullish(),
  })
  .loose();
export type StatsItemBlok = z.infer<typeof statsItemSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("stats-banner"),
    ...sectionFields,
    items: z.array(statsItemSchema).optional(),
    /** Small print under the figures. */
    disclaimer: field.text,
    theme: z.enum(["dark", "light", ""]).optional(),
  })
  .loose();
export type StatsBannerBlok = z.infer<typeof schema>;

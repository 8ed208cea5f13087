import { z } from "zod";
import { assetSchema, blokBase } from "~/content/schema";
import { sectionFields } from "./shared.schema";

export const statsItemSchema = z
  .object({
    ...blokBase,
    component: z.literal("stats-item"),
    /** The figure, as the editor writes it ("7", "2,500"). */
    value: z.string().optional(),
    /** Unit after the figure ("years", "kg", "L/100km"). */
    unit: z.string().optional(),
    label: z.string().optional(),
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
    disclaimer: z.string().optional(),
    theme: z.enum(["dark", "light", ""]).optional(),
  })
  .loose();
export type StatsBannerBlok = z.infer<typeof schema>;

import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const featureIconSchema = z
  .object({
    ...blokBase,
    component: z.literal("feature-icon"),
    icon: assetSchema.nullish(),
    heading: field.text,
    content: textOrRichSchema.optional(),
  })
  .loose();
export type FeatureIconBlok = z.infer<typeof featureIconSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("feature-icons"),
    ...sectionFields,
    items: z.array(featureIconSchema).optional(),
  })
  .loose();
export type FeatureIconsBlok = z.infer<typeof schema>;

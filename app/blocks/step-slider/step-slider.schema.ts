import { z } from "zod";
import { textOrRichSchema } from "~/components/text-or-rich.schema";
import { assetSchema, blokBase, field } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

export const stepSchema = z
  .object({
    ...blokBase,
    component: z.literal("step"),
    heading: field.text,
    content: textOrRichSchema.optional(),
    image: assetSchema.nullish(),
  })
  .loose();
export type StepBlok = z.infer<typeof stepSchema>;

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("step-slider"),
    ...sectionFields,
    steps: z.array(stepSchema).optional(),
  })
  .loose();
export type StepSliderBlok = z.infer<typeof schema>;

import { z } from "zod";
import { field, storyRefSchema } from "~/content/schema";
import { sectionFields } from "~/components/section-block.schema";

/** A model-line reference: a UUID (reference field), a resolved story or a slug ("tarrak"). */
export const modelLineRefSchema = storyRefSchema;

/** Fields of every vehicle block: section fields and the model line(s) it shows. */
export const vehicleBlockFields = {
  ...sectionFields,
  /** The model line (reference or slug). */
  model_line: modelLineRefSchema.optional(),
  /** Several model lines; with neither, every line of the country. */
  model_lines: z.array(modelLineRefSchema).optional(),
};

/** Blocks about one model: its short_name or slug; empty = the lowest-priced model. */
export const modelField = { model: field.key };

/** The finance-from option (finance quote panels on the cards). */
export const financeFromField = { show_finance_from_text: z.boolean().optional() };

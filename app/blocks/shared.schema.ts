import { z } from "zod";
import { buttonSchema } from "~/components/button.schema";
import { scrollToIdField } from "~/components/section.schema";
import { textOrRichSchema } from "~/components/text-or-rich.schema";

/** Fields most section blocks share: a heading, an intro, buttons and the scroll-to-id anchor. */
export const sectionFields = {
  heading: z.string().optional(),
  intro: textOrRichSchema.optional(),
  buttons: z.array(buttonSchema).optional(),
  background_color: z.string().optional(),
  ...scrollToIdField,
};

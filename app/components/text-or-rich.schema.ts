import { z } from "zod";
import { richTextSchema } from "~/content/schema";

/** A field that editors fill either as plain text (textarea) or as rich text. */
export const textOrRichSchema = z.union([z.string(), richTextSchema]).meta({ storyblok: { type: "richtext" } });
export type TextOrRich = z.infer<typeof textOrRichSchema>;
